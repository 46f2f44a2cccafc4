import { PAGE_ROUTES } from '@benchmarket/shared';
import type { ComponentType, ReactNode } from 'react';
import { Navigate, NavLink, useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useAuth } from '@/lib/session/use-auth';

/** What anyone but an administrator sees on a console page (the API answers them 403 too). */
export const NO_ACCESS = 'You do not have access to this page.';

/** The console's sections, in the order of its sub-navigation. */
const SECTIONS = [
  { label: 'Overview', path: PAGE_ROUTES.adminOverview.path, end: true },
  { label: 'Review queue', path: PAGE_ROUTES.adminReview.path },
  { label: 'Reports', path: PAGE_ROUTES.adminReports.path },
  { label: 'Users', path: PAGE_ROUTES.adminUsers.path },
  { label: 'Payments', path: PAGE_ROUTES.adminPayments.path },
  { label: 'Featured', path: PAGE_ROUTES.adminFeatured.path },
  { label: 'Settings', path: PAGE_ROUTES.adminSettings.path },
  { label: 'Inbox', path: PAGE_ROUTES.adminInbox.path },
  { label: 'Audit log', path: PAGE_ROUTES.adminAudit.path },
] as const;

const sectionLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'block rounded-md px-3 py-2 text-sm font-semibold whitespace-nowrap',
    isActive ? 'bg-teal-700 text-white' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );

/** The console's sub-navigation: the current section is marked (`aria-current="page"`, by NavLink). */
function ConsoleNav() {
  return (
    <nav aria-label="Console" className="rounded-xl border border-slate-200 bg-white p-2">
      <ul className="flex flex-wrap gap-1">
        {SECTIONS.map((section) => (
          <li key={section.path}>
            <NavLink to={section.path} end={'end' in section && section.end} className={sectionLinkClass}>
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The clear refusal a signed-in non-administrator gets (also shown when the API answers 403). */
export function NoAccess() {
  return (
    <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 px-6 py-10 text-center">
      <p className="text-lg font-semibold text-amber-950">{NO_ACCESS}</p>
      <p className="mt-2 text-sm text-amber-900">The operations console is for BenchMarket administrators.</p>
    </div>
  );
}

interface ConsolePageProps {
  /** The page's h1. */
  title: string;
  /** A line under the title saying what the page is for. */
  intro?: ReactNode;
  /** Shown beside the title (e.g. a record's state). */
  aside?: ReactNode;
  children: ReactNode;
}

/**
 * Every console page: visitors go to /login (and come back after), a signed-in user who is
 * not an administrator is told they have no access, and an administrator gets the page under
 * the console's sub-navigation. The page's content (its queries) only renders for an admin.
 */
export function ConsolePage({ title, intro, aside, children }: ConsolePageProps) {
  const { user, isLoading } = useAuth();
  const location = useLocation();

  let body: ReactNode;
  if (isLoading) return <Spinner label="Checking your session…" className="py-24" />;
  if (!user) {
    // As every protected page: the address becomes /login, the way back rides in history state.
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (user.role !== 'admin') {
    body = <NoAccess />;
  } else {
    body = (
      <>
        <ConsoleNav />
        <div className="mt-6">{children}</div>
      </>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <p className="text-sm font-semibold tracking-wide text-teal-800 uppercase">Operations console</p>
      <div className="mt-1 mb-6 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight break-words text-slate-900">{title}</h1>
          {intro && user.role === 'admin' && <p className="mt-2 text-slate-600">{intro}</p>}
        </div>
        {aside && user.role === 'admin' && <div className="shrink-0">{aside}</div>}
      </div>
      {body}
    </div>
  );
}

/** A console route's page: `Body` (which asks the console's queries) inside its ConsolePage. */
export function consoleRoute(page: Omit<ConsolePageProps, 'children'>, Body: ComponentType) {
  return function ConsoleRoute() {
    return (
      <ConsolePage {...page}>
        <Body />
      </ConsolePage>
    );
  };
}
