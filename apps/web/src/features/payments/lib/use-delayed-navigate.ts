import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * While `to` is set, waits `delayMs` and then replaces the page with `to` (spec §9: 1.5 s
 * after a free activation, 2 s after a payment). Leaving the page first cancels it.
 */
export function useDelayedNavigate(to: string | null, delayMs: number): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (to === null) return;
    const timer = window.setTimeout(() => {
      void navigate(to, { replace: true });
    }, delayMs);
    return () => {
      window.clearTimeout(timer);
    };
  }, [to, delayMs, navigate]);
}
