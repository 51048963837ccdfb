import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Client-side navigation does not scroll like a full page load would: jump to `#anchor`
 * targets (and move keyboard focus there), and start a freshly opened page at the top.
 */
export function useScrollToHash(): void {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (!target) return;
      target.scrollIntoView({ block: 'start' });
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
      return;
    }
    // Back/forward keeps the browser's own scroll restoration.
    if (navigationType === 'PUSH') window.scrollTo(0, 0);
  }, [pathname, hash, navigationType]);
}
