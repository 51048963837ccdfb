// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLayoutEffect } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useAfterFrame } from './use-after-frame';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A panel whose measuring part comes after a frame, noting what each commit showed. */
function Panel({ commits, fallbackMs }: { commits: boolean[]; fallbackMs?: number }) {
  const after = useAfterFrame(fallbackMs);
  useLayoutEffect(() => {
    commits.push(after);
  });
  return <>{after ? <p>Tabs</p> : <p>Room for the tabs</p>}</>;
}

describe('useAfterFrame', () => {
  it('renders the part in a commit of its own, once a frame has been drawn after the first', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) =>
      frames.push(callback),
    );
    vi.stubGlobal('cancelAnimationFrame', () => {});
    const commits: boolean[] = [];
    render(<Panel commits={commits} fallbackMs={10_000} />);
    expect(screen.getByText('Room for the tabs')).toBeInTheDocument();
    // Timers alone (no frame) do not bring it before the fallback.
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.queryByText('Tabs')).not.toBeInTheDocument();
    // The frame's callback only sets a timer for after the frame; that timer brings the part.
    expect(frames).toHaveLength(1);
    act(() => frames[0]!(0));
    expect(screen.queryByText('Tabs')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Tabs')).toBeInTheDocument();
    expect(commits).toEqual([false, true]);
  });

  it('renders the part after the fallback where no frames come (a page not shown)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    vi.stubGlobal('requestAnimationFrame', () => 1);
    vi.stubGlobal('cancelAnimationFrame', () => {});
    const commits: boolean[] = [];
    render(<Panel commits={commits} fallbackMs={300} />);
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(screen.queryByText('Tabs')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('Tabs')).toBeInTheDocument();
    expect(commits).toEqual([false, true]);
  });
});
