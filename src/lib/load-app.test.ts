// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

beforeEach(() => {
  vi.useFakeTimers();
  document.head.innerHTML = '';
  document.documentElement.removeAttribute('data-prerendered');
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the pages' inline loader (loadApp)", () => {
  it('asks for the entry first, then for its chunks a few per task', () => {
    document.documentElement.setAttribute('data-prerendered', 'off');
    loadApp(ENTRY, preloads, pagePreloads, 2);
    expect(entryScripts()).toEqual([ENTRY]);
    expect(document.head.firstElementChild?.getAttribute('src')).toBe(ENTRY);
    expect(requested()).toEqual(preloads.slice(0, 2));
    vi.advanceTimersToNextTimer();
    expect(requested()).toEqual(preloads);
    vi.runAllTimers();
    // Without a prerendered page on screen, the page's own chunks come with its route.
    expect(requested()).toEqual(preloads);
    expect(entryScripts()).toEqual([ENTRY]);
  });

  it('under a prerendered page, starts after its first frame and asks for the page too', () => {
    loadApp(ENTRY, preloads, pagePreloads, 4);
    expect(entryScripts()).toEqual([]);
    vi.advanceTimersToNextFrame();
    vi.advanceTimersToNextTimer();
    expect(entryScripts()).toEqual([ENTRY]);
    expect(requested()).toHaveLength(4);
    let tasks = 1;
    while (requested().length < preloads.length + pagePreloads.length) {
      vi.advanceTimersToNextTimer();
      tasks += 1;
    }
    expect(tasks).toBe(4);
    expect(requested()).toEqual([...preloads, ...pagePreloads]);
    // The timer for a hidden tab (no frames) finds it started: nothing is asked for twice.
    vi.runAllTimers();
    expect(entryScripts()).toEqual([ENTRY]);
    expect(requested()).toHaveLength(preloads.length + pagePreloads.length);
  });

  it('starts from its timer in a tab that paints no frame', () => {
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    loadApp(ENTRY, preloads, [], 10);
    vi.advanceTimersByTime(999);
    expect(entryScripts()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(entryScripts()).toEqual([ENTRY]);
    expect(requested()).toEqual(preloads);
    vi.restoreAllMocks();
  });
});
