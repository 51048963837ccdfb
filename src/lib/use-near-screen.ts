import { startTransition, useCallback, useState, type RefCallback } from 'react';

/**
 * Whether an element is on the screen or within half a screen below it, from the moment it is:
 * once near, it stays near. What is drawn only when near (the analytics' charts) costs a page's
 * load nothing while it is further down, and is drawn before it scrolls into view. Where the
 * browser cannot tell (no IntersectionObserver), everything is near. Becoming near renders in a
 * transition, in slices, rather than in one task.
 */
export function useNearScreen<T extends Element>(): [ref: RefCallback<T>, near: boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback((element: T | null) => {
    if (!element) return;
    const watch = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) startTransition(() => setNear(true));
      },
      { rootMargin: '0px 0px 50% 0px' },
    );
    watch.observe(element);
    // Called when the element goes, and when the element is near (the ref becomes noRef).
    return () => watch.disconnect();
  }, []);
  return [near ? noRef : ref, near];
}

/** Nothing more to watch once near. */
function noRef(): void {}
