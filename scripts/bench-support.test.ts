import { describe, expect, it } from 'vitest';
import { longTaskCpuShare, type TraceEvent } from './bench-support.ts';

const thread = (pid: number, tid: number, name: string): TraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  pid,
  tid,
  args: { name },
});
const task = (pid: number, tid: number, durMs: number, cpuMs: number): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  pid,
  tid,
  dur: durMs * 1000,
  tdur: cpuMs * 1000,
});

describe('longTaskCpuShare', () => {
  it("is the CPU share of the page's main thread's long tasks, the renderer's busiest", () => {
    const events = [
      thread(1, 1, 'CrRendererMain'),
      thread(2, 2, 'CrRendererMain'),
      thread(3, 3, 'VizCompositorThread'),
      // The page: two long tasks (40 ms of wall time, 10 of CPU), and short ones that do not count.
      task(1, 1, 30, 9),
      task(1, 1, 10, 1),
      task(1, 1, 5, 5),
      task(1, 1, 5, 5),
      task(1, 1, 5, 5),
      task(1, 1, 20, 4),
      // Another renderer with fewer tasks, and the compositor: neither is the page.
      task(2, 2, 100, 100),
      ...Array.from({ length: 6 }, () => task(3, 3, 100, 100)),
    ];
    // Long tasks of the page: 30 ms (9 ran) and 20 ms (4 ran).
    expect(longTaskCpuShare(events)).toBeCloseTo(13 / 50);
  });

  it('is 1 when the page had no long task', () => {
    expect(longTaskCpuShare([thread(1, 1, 'CrRendererMain'), task(1, 1, 5, 1)])).toBe(1);
  });
});
