import { describe, expect, it } from 'vitest';
import { cpuBlockingMs, longTaskCpuShare, medianRun, type TraceEvent } from './bench-support.ts';

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

describe('cpuBlockingMs', () => {
  it("counts each of the page's tasks by its CPU time at a 4x slowdown, less 50 ms", () => {
    const events = [
      thread(1, 1, 'CrRendererMain'),
      thread(2, 2, 'CrRendererMain'),
      // 30 ms of CPU: 120 - 50; 20 ms: 80 - 50; 12.5 ms and less: nothing.
      task(1, 1, 60, 30),
      task(1, 1, 20, 20),
      task(1, 1, 40, 12.5),
      task(1, 1, 5, 5),
      // CPU time over the wall time (clock skew) counts as the wall time: 10 ms, 40 - 50.
      task(1, 1, 10, 15),
      // Another renderer, with fewer tasks: not the page.
      task(2, 2, 100, 100),
    ];
    expect(cpuBlockingMs(events)).toBeCloseTo(70 + 30);
  });

  it('is 0 for a page whose tasks all waited rather than ran', () => {
    expect(cpuBlockingMs([thread(1, 1, 'CrRendererMain'), task(1, 1, 200, 10)])).toBe(0);
  });
});

describe('medianRun', () => {
  it("is the run of median performance, with the runs' median CPU blocking time", () => {
    const runs = [
      { performance: 90, cpuBlockingMs: 300, tbtMs: 900 },
      { performance: 97, cpuBlockingMs: 100, tbtMs: 150 },
      { performance: 95, cpuBlockingMs: 50, tbtMs: 400 },
    ];
    expect(medianRun(runs)).toEqual({ performance: 95, cpuBlockingMs: 100, tbtMs: 400 });
  });
});
