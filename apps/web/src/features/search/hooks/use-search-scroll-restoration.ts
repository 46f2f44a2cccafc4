import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigationType } from 'react-router';
import { updateSearchSession, type SearchSession } from '../search-state';

/**
 * Back from a listing, the results open where the buyer was. The router restores the scroll
 * too when the results are already there; after a reload they arrive later (once `ready`),
 * so this catches up. The position is stored when a listing is opened (`rememberScroll`) and
 * when the page is hidden (reload, new tab, closing).
 */
export function useSearchScrollRestoration(session: SearchSession | null, ready: boolean) {
  const navigationType = useNavigationType();
  const [pendingScroll] = useState(() => (navigationType === 'POP' ? session?.scrollY : undefined));
  const scrollRestored = useRef(false);
  useLayoutEffect(() => {
    if (scrollRestored.current || pendingScroll === undefined || !ready) return;
    scrollRestored.current = true;
    if (Math.abs(window.scrollY - pendingScroll) > 1) window.scrollTo(0, pendingScroll);
  }, [pendingScroll, ready]);

  useEffect(() => {
    const remember = () => {
      updateSearchSession({ scrollY: window.scrollY });
    };
    window.addEventListener('pagehide', remember);
    return () => {
      window.removeEventListener('pagehide', remember);
    };
  }, []);

  return function rememberScroll() {
    updateSearchSession({ scrollY: window.scrollY });
  };
}
