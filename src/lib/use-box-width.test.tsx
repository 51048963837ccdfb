// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useBoxWidth } from './use-box-width';

/** A stand-in for the browser's ResizeObserver that the test resizes by hand. */
class ScriptedResizeObserver {
  static all: ScriptedResizeObserver[] = [];
  readonly watched = new Set<Element>();
  disconnected = false;
  constructor(private readonly callback: ResizeObserverCallback) {
    ScriptedResizeObserver.all.push(this);
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
  /** Reports every watched element at this content width. */
  resize(width: number) {
    const entries = [...this.watched].map(
      (target) => ({ target, contentRect: { width } }) as unknown as ResizeObserverEntry,
    );
    this.callback(entries, this as unknown as ResizeObserver);
  }
}

function Box() {
  const [ref, width] = useBoxWidth<HTMLDivElement>();
  return <div ref={ref}>{width === undefined ? 'Not measured' : `Width ${width}`}</div>;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useBoxWidth', () => {
  beforeEach(() => {
    ScriptedResizeObserver.all = [];
    vi.stubGlobal('ResizeObserver', ScriptedResizeObserver);
  });

  it('is unknown until the browser measures the box, then follows its width in whole pixels', () => {
    render(<Box />);
    expect(screen.getByText('Not measured')).toBeInTheDocument();
    const [observer] = ScriptedResizeObserver.all;
    expect([...observer!.watched]).toEqual([screen.getByText('Not measured')]);

    act(() => observer!.resize(380.75));
    expect(screen.getByText('Width 380')).toBeInTheDocument();
    act(() => observer!.resize(612));
    expect(screen.getByText('Width 612')).toBeInTheDocument();
  });

  it('stops watching when the element goes', () => {
    const { unmount } = render(<Box />);
    const [observer] = ScriptedResizeObserver.all;
    unmount();
    expect(observer!.disconnected).toBe(true);
  });
});

describe('useBoxWidth without ResizeObserver', () => {
  it('stays unknown', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    render(<Box />);
    expect(screen.getByText('Not measured')).toBeInTheDocument();
  });
});
