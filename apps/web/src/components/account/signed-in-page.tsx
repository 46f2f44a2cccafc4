import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useAuth } from '@/lib/session/use-auth';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * A page for signed-in users only: while the session is checked a spinner; a visitor goes to
 * /login — the address stays /login (spec), the way back rides in history state.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  if (isLoading) return <Spinner label="Checking your session…" className="py-24" />;
  if (!user) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return children;
}

interface SignedInPageProps {
  /** The tab title and the page's heading. */
  title: string;
  /** The line under the heading. */
  lead: string;
  /** The page column's width and the lead's spacing differ per page. */
  className?: string;
  leadClassName?: string;
  children: ReactNode;
}

/** A signed-in user's own page (account, watchlist): its title in the tab, a heading and a lead. */
export function SignedInPage({ title, lead, className, leadClassName, children }: SignedInPageProps) {
  useDocumentTitle(title);
  return (
    <RequireLogin>
      <div className={cn('mx-auto px-4 py-8 sm:px-6 sm:py-12 lg:px-8', className)}>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className={cn('mt-2 text-slate-600', leadClassName)}>{lead}</p>
        {children}
      </div>
    </RequireLogin>
  );
}
