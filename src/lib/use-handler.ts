import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * An event handler whose identity never changes and which always runs the latest `fn`: children
 * wrapped in `memo` then skip renders that would only hand them a new closure. Only for handlers
 * called from events or effects, never during render (it sees the last committed `fn`).
 */
export function useHandler<Args extends unknown[], Result>(
  fn: (...args: Args) => Result,
): (...args: Args) => Result {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}
