import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Whether an element is on the screen or within half a screen below it, from the moment it is:
 * once near, it stays near. What is drawn only when near (the analytics' charts) costs a page's
 * load nothing while it is further down, and is drawn before it scrolls into view. Where the
 * browser cannot tell (no IntersectionObserver), everything is near.
 */
export function useNearScreen<T extends Element>(): [
  ref: (element: T | null) => void,
  near: boolean,
] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const observer = useRef<IntersectionObserver | null>(null);
  const ref = useCallback((element: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const watch = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        watch.disconnect();
        setNear(true);
      },
      { rootMargin: '0px 0px 50% 0px' },
    );
    watch.observe(element);
    observer.current = watch;
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);
  return [near ? noRef : ref, near];
}

/** Nothing more to watch once near. */
function noRef(): void {}
