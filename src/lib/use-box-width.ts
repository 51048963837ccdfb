import { startTransition, useCallback, useState, type RefCallback } from 'react';

/**
 * An element's content width in whole CSS pixels, as the browser lays it out, followed as it
 * changes; `undefined` until the browser has measured it, and for good where it cannot tell (no
 * ResizeObserver). Each new width is rendered in a transition, so what draws itself to that width
 * (the analytics' charts) renders in slices between which the page answers taps and keys.
 */
export function useBoxWidth<T extends Element>(): [ref: RefCallback<T>, width: number | undefined] {
  const [width, setWidth] = useState<number>();
  const ref = useCallback((element: T | null) => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const watch = new ResizeObserver((entries) => {
      const entry = entries.at(-1);
      if (!entry) return;
      const next = Math.floor(entry.contentRect.width);
      startTransition(() => setWidth(next));
    });
    watch.observe(element);
    return () => watch.disconnect();
  }, []);
  return [ref, width];
}
