/** The longest idle period a browser grants at once (requestIdleCallback). */
const IDLE_PERIOD_MS = 50;
/** Idle callbacks further apart than this had other work between them. */
const BACK_TO_BACK_MS = IDLE_PERIOD_MS + 15;

export interface WhenQuietOptions {
  /** How long the main thread must have had nothing to do. */
  quietMs?: number;
  /** Runs the task after this long (from the page's load) however busy the page still is. */
  maxWaitMs?: number;
}

/**
 * Runs `task` once the page has loaded and its main thread has been idle for `quietMs` on end:
 * for work that would compete with the page's own start-up (on a phone, for its two cores and its
 * network), such as the service worker's download of the whole app. Idle is told by the browser's
 * idle periods coming back to back and whole; where there are none (no requestIdleCallback), by
 * `quietMs` after the load. Returns the cancel.
 */
export function whenQuiet(
  task: () => void,
  { quietMs = 1000, maxWaitMs = 15_000 }: WhenQuietOptions = {},
): () => void {
  let idleHandle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let done = false;

  const cancel = () => {
    done = true;
    window.removeEventListener('load', start);
    if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
    clearTimeout(timer);
  };
  const run = () => {
    if (done) return;
    cancel();
    task();
  };

  let quietSince: number | null = null;
  let lastIdle = 0;
  function onIdle(deadline: IdleDeadline) {
    const now = performance.now();
    const whole = deadline.timeRemaining() >= IDLE_PERIOD_MS - 5;
    if (whole && quietSince !== null && now - lastIdle <= BACK_TO_BACK_MS) {
      if (now - quietSince >= quietMs) return run();
    } else {
      quietSince = whole ? now : null;
    }
    lastIdle = now;
    idleHandle = window.requestIdleCallback(onIdle);
  }

  function start() {
    if (done) return;
    if (typeof window.requestIdleCallback !== 'function') {
      timer = setTimeout(run, quietMs);
      return;
    }
    timer = setTimeout(run, maxWaitMs);
    idleHandle = window.requestIdleCallback(onIdle);
  }

  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  return cancel;
}
