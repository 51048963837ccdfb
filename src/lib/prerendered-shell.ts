/**
 * A signed-in page's frame prerendered into its HTML file (src/app/prerender.tsx,
 * scripts/vite-prerender.ts) is drawn over the app while it loads: the top bar, the navigation,
 * the page's heading and a loading screen, painted before any script has run. It is only a
 * picture (inert, hidden from assistive technology): clicks and the keyboard reach the app under
 * it. It goes once the app shows more than its loading screens: the page, the sign-in screen or
 * an error.
 */

/** The frame's element: the prerendered markup marked as a shell. */
export function prerenderedShell(): HTMLElement | null {
  return document.querySelector<HTMLElement>('#prerendered[data-shell]');
}

/** Whether `root` shows something other than loading screens. */
export function showsMoreThanLoading(root: HTMLElement): boolean {
  return root.childElementCount > 0 && root.querySelector('[data-loading-screen]') === null;
}

/**
 * Takes the frame away once the app rendered into `root` shows more than its loading screens, or
 * after `timeoutMs` whatever it shows.
 */
export function releasePrerenderedShell(root: HTMLElement, timeoutMs = 10_000): void {
  const shell = prerenderedShell();
  if (!shell) return;
  const observer = new MutationObserver(() => {
    if (showsMoreThanLoading(root)) release();
  });
  const timer = setTimeout(release, timeoutMs);
  function release() {
    observer.disconnect();
    clearTimeout(timer);
    shell?.remove();
  }
  observer.observe(root, { childList: true, subtree: true });
}
