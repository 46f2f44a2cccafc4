import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * While `active`, waits `delayMs` and then calls `beforeRedirect` and replaces the page with
 * `to` (spec §2, §8: the 2 s redirects to /login), passing this page as `{ from }` so the
 * login page can bring the user back. Leaving the page cancels it.
 */
export function useDelayedRedirect(active: boolean, to: string, delayMs: number, beforeRedirect?: () => void): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const beforeRedirectRef = useRef(beforeRedirect);
  useEffect(() => {
    beforeRedirectRef.current = beforeRedirect;
  });

  useEffect(() => {
    if (!active) return;
    const timer = window.setTimeout(() => {
      beforeRedirectRef.current?.();
      void navigate(to, { replace: true, state: { from: pathname } });
    }, delayMs);
    return () => {
      window.clearTimeout(timer);
    };
  }, [active, to, delayMs, navigate, pathname]);
}
