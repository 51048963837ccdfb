// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useNearScreen } from './use-near-screen';

/** A stand-in for the browser's IntersectionObserver that the test moves by hand. */
class ScriptedObserver {
  static all: ScriptedObserver[] = [];
  readonly watched = new Set<Element>();
  disconnected = false;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    ScriptedObserver.all.push(this);
  }
  observe(element: Element) {
    this.watched.add(element);
  }
  unobserve(element: Element) {
    this.watched.delete(element);
  }
  disconnect() {
    this.disconnected = true;
    this.watched.clear();
  }
  takeRecords() {
    return [];
  }
  /** Reports every watched element as (not) intersecting. */
  report(isIntersecting: boolean) {
    const entries = [...this.watched].map(
      (target) => ({ target, isIntersecting }) as IntersectionObserverEntry,
    );
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

function Part() {
  const [ref, near] = useNearScreen<HTMLDivElement>();
  return <div ref={ref}>{near ? 'Drawn' : 'Placeholder'}</div>;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useNearScreen', () => {
  beforeEach(() => {
    ScriptedObserver.all = [];
    vi.stubGlobal('IntersectionObserver', ScriptedObserver);
  });

  it('is near once the element comes within half a screen below the screen, and stays near', () => {
    render(<Part />);
    expect(screen.getByText('Placeholder')).toBeInTheDocument();
    const [observer] = ScriptedObserver.all;
    expect(observer!.options.rootMargin).toBe('0px 0px 50% 0px');
    expect([...observer!.watched]).toEqual([screen.getByText('Placeholder')]);

    act(() => observer!.report(false));
    expect(screen.getByText('Placeholder')).toBeInTheDocument();

    act(() => observer!.report(true));
    expect(screen.getByText('Drawn')).toBeInTheDocument();
    // Near for good: nothing is watched any more.
    expect(observer!.disconnected).toBe(true);
    expect(ScriptedObserver.all.every((o) => o.watched.size === 0)).toBe(true);
  });

  it('stops watching when the element goes', () => {
    const { unmount } = render(<Part />);
    const [observer] = ScriptedObserver.all;
    unmount();
    expect(observer!.disconnected).toBe(true);
  });
});

describe('useNearScreen without IntersectionObserver', () => {
  it('is near at once', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Part />);
    expect(screen.getByText('Drawn')).toBeInTheDocument();
  });
});
