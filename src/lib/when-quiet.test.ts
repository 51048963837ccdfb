// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenQuiet } from './when-quiet';

/**
 * A page whose idle periods the test hands out: `idle(ms)` after `ms` of other work, the next
 * requested idle callback with a whole (50 ms) or cut-short period.
 */
function fakeIdle() {
  let next: IdleRequestCallback | null = null;
  vi.stubGlobal(
    'requestIdleCallback',
    vi.fn((callback: IdleRequestCallback) => {
      next = callback;
      return 1;
    }),
  );
  vi.stubGlobal(
    'cancelIdleCallback',
    vi.fn(() => {
      next = null;
    }),
  );
  return {
    /** Lets `busyMs` of other work pass, then grants an idle period of `remaining` ms. */
    idle(busyMs: number, remaining = 50) {
      vi.advanceTimersByTime(busyMs);
      const callback = next;
      next = null;
      callback?.({ didTimeout: false, timeRemaining: () => remaining });
      // The period itself passes.
      vi.advanceTimersByTime(remaining);
    },
    get waiting() {
      return next !== null;
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('whenQuiet', () => {
  it('runs once the idle periods have come back to back for the quiet time', () => {
    const page = fakeIdle();
    const task = vi.fn();
    whenQuiet(task, { quietMs: 500, maxWaitMs: 10_000 });
    // Idle periods with work between them, or cut short by it, are not quiet.
    for (let i = 0; i < 20; i++) page.idle(30);
    for (let i = 0; i < 20; i++) page.idle(0, 12);
    expect(task).not.toHaveBeenCalled();
    // Ten whole periods on end: 500 ms with nothing to do.
    for (let i = 0; i < 10; i++) page.idle(0);
    expect(task).not.toHaveBeenCalled();
    page.idle(0);
    expect(task).toHaveBeenCalledTimes(1);
    expect(page.waiting).toBe(false);
  });

  it('starts over when work comes between idle periods', () => {
    const page = fakeIdle();
    const task = vi.fn();
    whenQuiet(task, { quietMs: 500, maxWaitMs: 10_000 });
    for (let i = 0; i < 8; i++) page.idle(0);
    page.idle(40);
    for (let i = 0; i < 8; i++) page.idle(0);
    expect(task).not.toHaveBeenCalled();
    for (let i = 0; i < 3; i++) page.idle(0);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs after the longest wait on a page that never goes quiet, and only once', () => {
    const page = fakeIdle();
    const task = vi.fn();
    whenQuiet(task, { quietMs: 500, maxWaitMs: 2_000 });
    while (page.waiting && task.mock.calls.length === 0) page.idle(30);
    expect(task).toHaveBeenCalledTimes(1);
    expect(performance.now()).toBeGreaterThanOrEqual(2_000);
    expect(performance.now()).toBeLessThan(2_100);
    vi.advanceTimersByTime(60_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('waits for the quiet time alone where the browser has no idle callbacks', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const task = vi.fn();
    whenQuiet(task, { quietMs: 500 });
    vi.advanceTimersByTime(499);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('waits for the page to load first', () => {
    const page = fakeIdle();
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const task = vi.fn();
    whenQuiet(task, { quietMs: 100, maxWaitMs: 1_000 });
    vi.advanceTimersByTime(5_000);
    expect(page.waiting).toBe(false);
    expect(task).not.toHaveBeenCalled();
    readyState.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    for (let i = 0; i < 4; i++) page.idle(0);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled', () => {
    const page = fakeIdle();
    const task = vi.fn();
    const cancel = whenQuiet(task, { quietMs: 100, maxWaitMs: 1_000 });
    page.idle(0);
    cancel();
    expect(page.waiting).toBe(false);
    vi.advanceTimersByTime(5_000);
    expect(task).not.toHaveBeenCalled();
  });
});
