import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * An event handler whose identity never changes and which always runs the latest `fn`: children
 * wrapped in `memo` then skip renders that would only hand them a new closure. Only for handlers
 * called from events or effects, never during render (it sees the last committed `fn`).
 *
 * `before` (which must keep its identity too) runs first; a render it commits at once (flushSync)
 * hands the call the `fn` of that render.
 */
export function useHandler<Args extends unknown[], Result>(
  fn: (...args: Args) => Result,
  before?: () => void,
): (...args: Args) => Result {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback(
    (...args: Args) => {
      before?.();
      return latest.current(...args);
    },
    [before],
  );
}
