import { useDeferredValue } from 'react';

/**
 * `open`, for a gate in front of a large part of the screen (the app's layout, a page). A gate
 * opened by a store update would render all it reveals in one task: React renders store updates
 * synchronously. Here the gate keeps showing what it showed, and what it reveals renders in the
 * background (a deferred render, which React works through in slices, between which the browser
 * stays responsive). A gate that closes closes at once.
 */
export function useOpenedInBackground(open: boolean): boolean {
  const deferred = useDeferredValue(open);
  return open && deferred;
}
