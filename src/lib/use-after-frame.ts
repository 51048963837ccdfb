import { startTransition, useEffect, useState } from 'react';

/**
 * Whether the screen has been drawn since the component first rendered: false in its first
 * commit, true (in a transition) once the browser has laid out and painted a frame after it.
 * For a part that measures the page as it mounts, as MUI's tabs do: each such measurement lays
 * out everything not yet laid out, which in the commit that adds a page's panels is all of
 * them, in the same task as the commit (a phone was blocked for 200 ms so). Mounted after a
 * frame, it lays out only itself. A page not shown gets no frames: a timer stands in.
 */
export function useAfterFrame(fallbackMs = 500): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    let done = false;
    const show = () => {
      if (done) return;
      done = true;
      startTransition(() => setAfter(true));
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A callback before the next frame; the timer it sets runs once that frame is drawn.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(show, 0);
    });
    const fallback = setTimeout(show, fallbackMs);
    return () => {
      done = true;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      clearTimeout(fallback);
    };
  }, [fallbackMs]);
  return after;
}
