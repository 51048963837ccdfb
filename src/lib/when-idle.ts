/** Runs `task` once the page has loaded and the main thread is idle. */
export function whenIdleAfterLoad(task: () => void): () => void {
  let handle: number | undefined;
  const idle = () => {
    if ('requestIdleCallback' in window)
      handle = window.requestIdleCallback(task, { timeout: 3000 });
    else task();
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    window.removeEventListener('load', idle);
    if (handle !== undefined) window.cancelIdleCallback(handle);
  };
}
