// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  prerenderedShell,
  releasePrerenderedShell,
  showsMoreThanLoading,
} from './prerendered-shell';

function page(rootHtml = ''): HTMLElement {
  document.body.innerHTML =
    `<div id="root">${rootHtml}</div>` +
    '<div id="prerendered" data-path="/calendar" data-shell inert aria-hidden="true"><h1>Content Calendar</h1></div>';
  return document.getElementById('root')!;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('showsMoreThanLoading', () => {
  it('is false while the app shows nothing or only loading screens', () => {
    expect(showsMoreThanLoading(page())).toBe(false);
    expect(showsMoreThanLoading(page('<div data-loading-screen>Loading...</div>'))).toBe(false);
    expect(
      showsMoreThanLoading(
        page('<header>bar</header><main><div data-loading-screen></div></main>'),
      ),
    ).toBe(false);
  });

  it('is true once something else is there', () => {
    expect(showsMoreThanLoading(page('<main><h1>Content Calendar</h1></main>'))).toBe(true);
  });
});

describe('releasePrerenderedShell', () => {
  it('keeps the frame through the loading screens and takes it away with the page', async () => {
    const root = page();
    releasePrerenderedShell(root);
    root.innerHTML = '<div data-loading-screen>Loading...</div>';
    await settle();
    expect(prerenderedShell()).not.toBeNull();
    root.innerHTML = '<header>bar</header><main><div data-loading-screen></div></main>';
    await settle();
    expect(prerenderedShell()).not.toBeNull();
    root.querySelector('main')!.innerHTML = '<h1>Content Calendar</h1>';
    await settle();
    expect(prerenderedShell()).toBeNull();
  });

  it('takes it away after the time limit whatever the app shows', () => {
    vi.useFakeTimers();
    const root = page('<div data-loading-screen>Loading...</div>');
    releasePrerenderedShell(root, 5_000);
    vi.advanceTimersByTime(4_999);
    expect(prerenderedShell()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(prerenderedShell()).toBeNull();
  });

  it('does nothing on a page without a frame', () => {
    document.body.innerHTML = '<div id="root"></div><div id="prerendered" data-path="/">x</div>';
    releasePrerenderedShell(document.getElementById('root')!);
    expect(document.getElementById('prerendered')).not.toBeNull();
  });
});
