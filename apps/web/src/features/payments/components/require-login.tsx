import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '@/lib/session/use-auth';
import { Busy } from './ui';

/** Payment pages are for logged-in sellers: visitors go to /login and come back here after. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  if (isLoading) return <Busy label="Checking your session…" className="py-24" />;
  if (!user) {
    const from = `${location.pathname}${location.search}`;
    // The address stays /login (spec); the way back rides in history state.
    return <Navigate to="/login" replace state={{ from }} />;
  }
  return children;
}
