import { LATEST_LISTINGS_LIMIT, SEARCH_VERIFIED_ONLY } from '@benchmarket/shared';
import { Link, useLocation } from 'react-router';

const primaryLink =
  'inline-flex items-center justify-center rounded-lg bg-teal-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-teal-800 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2 focus-visible:outline-none';
const secondaryLink =
  'inline-flex items-center justify-center rounded-lg border border-teal-700 bg-white px-4 py-2 text-sm font-semibold text-teal-800 hover:bg-teal-50 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none';

interface SearchAccessNoticeProps {
  id: string;
  /** 'visitor': not logged in; 'unverified': logged in, email not verified yet. */
  audience: 'visitor' | 'unverified';
}

/**
 * Why the search form is disabled, and the way forward (spec §4, §5, §6): visitors log in or
 * register; unverified users verify their email (the layout's verification notice above the
 * page has 'Resend verification email').
 */
export function SearchAccessNotice({ id, audience }: SearchAccessNoticeProps) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;

  if (audience === 'unverified') {
    return (
      <div id={id} className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:p-5">
        <p className="font-semibold">{SEARCH_VERIFIED_ONLY}</p>
        <p className="mt-1 text-sm">
          Open the link in the email we sent you. If it has not arrived, use ‘Resend verification email’ at the top of this page. Meanwhile,
          here are the {LATEST_LISTINGS_LIMIT} latest listings.
        </p>
      </div>
    );
  }

  return (
    <div
      id={id}
      className="flex flex-col gap-4 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sky-950 sm:flex-row sm:items-center sm:justify-between sm:p-5"
    >
      <div>
        <p className="font-semibold">Log in to search the whole catalog</p>
        <p className="mt-1 text-sm">
          Search, filters and AI-enhanced search are for verified members — registering is free. Meanwhile, here are the{' '}
          {LATEST_LISTINGS_LIMIT} latest listings.
        </p>
      </div>
      <div className="flex shrink-0 gap-3">
        <Link to={`/login?next=${encodeURIComponent(here)}`} state={{ from: here }} className={primaryLink}>
          Log in
        </Link>
        <Link to="/register" className={secondaryLink}>
          Register
        </Link>
      </div>
    </div>
  );
}
