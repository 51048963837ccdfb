import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a screen's `stages` to show: none at first, then one more after each commit, in a
 * transition of its own, once `start` holds. Each commit inserts what it reveals (its elements,
 * its styles) in one task, which React cannot slice: a page committed whole blocked a phone for
 * over 100 ms, while its parts, committed one after another, leave the browser free between
 * them. (A chain of `useDeferredValue`s does not do this: a deferred render takes every deferred
 * value at once.)
 */
export function useStagedReveal(stages: number, start = true): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (start && shown < stages) startTransition(() => setShown(shown + 1));
  }, [start, shown, stages]);
  return start ? shown : 0;
}
