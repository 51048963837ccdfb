// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/dom';
import { loadApp } from '../../scripts/vite-prerender';

const ENTRY = '/assets/index.js';
const preloads = ['/assets/a.js', '/assets/b.js', '/assets/c.js'];
const pagePreloads = Array.from({ length: 12 }, (_, i) => `/assets/page-${i}.js`);

const requested = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
    link.getAttribute('href'),
  );
const entryScripts = () =>
  [...document.head.querySelectorAll<HTMLScriptElement>('script[type="module"]')].map((script) =>
    script.getAttribute('src'),
  );

/** Counts the tasks the loader queues after its first (one message each). */
function countQueuedTasks() {
  const post = vi.spyOn(MessagePort.prototype, 'postMessage');
  return () => post.mock.calls.length;
}

beforeEach(() => {
  document.head.innerHTML = '';
  document.documentElement.removeAttribute('data-prerendered');
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the pages' inline loader (loadApp)", () => {
  it('asks for the entry first, then for its chunks a few per task, and runs them after', async () => {
    const queued = countQueuedTasks();
    document.documentElement.setAttribute('data-prerendered', 'off');
    loadApp(ENTRY, preloads, pagePreloads, 2);
    expect(requested()).toEqual([ENTRY, preloads[0]]);
    expect(entryScripts()).toEqual([]);
    // Without a prerendered page on screen, the page's own chunks come with its route.
    // The entry's chunks run first, each from a script of its own, and the entry last.
    await waitFor(() => expect(entryScripts()).toEqual([...preloads, ENTRY]));
    expect(requested()).toEqual([ENTRY, ...preloads]);
    // The scripts come after every preload: the entry's imports find them asked for.
    expect(document.head.lastElementChild?.getAttribute('src')).toBe(ENTRY);
    expect(queued()).toBe(1);
  });

  it('under a prerendered page, starts after its first frame and asks for the page too', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    const queued = countQueuedTasks();
    loadApp(ENTRY, preloads, pagePreloads, 4);
    expect(requested()).toEqual([]);
    vi.advanceTimersToNextFrame();
    vi.advanceTimersToNextTimer();
    expect(requested()).toEqual([ENTRY, ...preloads]);
    expect(entryScripts()).toEqual([]);
    vi.useRealTimers();
    await waitFor(() => expect(entryScripts()).toEqual([...preloads, ENTRY]));
    expect(requested()).toEqual([ENTRY, ...preloads, ...pagePreloads]);
    // The entry and fifteen chunks, four per task: the first task's and three more.
    expect(queued()).toBe(3);
  });

  it('starts from its timer in a tab that paints no frame, and only once', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    loadApp(ENTRY, preloads, [], 10);
    vi.advanceTimersByTime(999);
    expect(requested()).toEqual([]);
    vi.advanceTimersByTime(1);
    // The entry and the three chunks fit in one task: the script follows at once.
    expect(requested()).toEqual([ENTRY, ...preloads]);
    expect(entryScripts()).toEqual([...preloads, ENTRY]);
    vi.runAllTimers();
    expect(entryScripts()).toEqual([...preloads, ENTRY]);
  });
});
