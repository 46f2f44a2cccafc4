import { Link } from 'react-router';
import { useAuth } from '@/lib/session/use-auth';
import { ArrowRightIcon, ShieldCheckIcon, SparklesIcon } from './icons';
import { OutlineIcon } from '@/components/ui/icon';

/** An example of a listing card, labelled as one (issue 18: it looked like a real listing). */
function ListingPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md select-none">
      <div className="absolute -inset-4 rotate-3 rounded-3xl bg-white/10" />
      <div className="relative overflow-hidden rounded-2xl bg-white text-slate-900 shadow-2xl">
        <span className="absolute top-3 left-3 rounded-md bg-slate-900/75 px-2 py-0.5 text-xs font-semibold tracking-wide text-white uppercase">
          Example
        </span>
        <div className="flex h-44 items-center justify-center bg-linear-to-br from-sky-100 to-teal-100">
          <OutlineIcon viewBox="0 0 120 100" className="h-32 text-sky-900" strokeWidth={3}>
            <path d="M20 90h80M35 90V80h50v10M60 80V62" />
            <path d="M48 20l14-8 10 18-14 8z" />
            <path d="M55 38l-8 24h26" />
            <circle cx="66" cy="56" r="6" />
            <path d="M40 44h-8" />
          </OutlineIcon>
        </div>
        <div className="space-y-3 p-5">
          <div className="flex flex-wrap gap-2 text-xs font-semibold">
            <span className="rounded-full bg-teal-50 px-2.5 py-1 text-teal-800">Certified Refurbished</span>
            <span className="inline-flex items-center gap-1 rounded-full bg-sky-50 px-2.5 py-1 text-sky-800">
              <ShieldCheckIcon className="size-3.5" /> AI Verified
            </span>
          </div>
          <p className="text-lg font-semibold">Inverted fluorescence microscope</p>
          <p className="text-2xl font-bold text-slate-900">$12,450.00</p>
          <div className="rounded-lg border border-teal-200 bg-teal-50 p-3 text-sm text-teal-900">
            <p className="flex items-center gap-1.5 font-semibold">
              <SparklesIcon className="size-4" /> AI Insight
            </p>
            <p className="mt-1">Relevant: LED fluorescence, motorised stage, service history included.</p>
          </div>
        </div>
      </div>
    </div>
  );
}

export function Hero() {
  const { isLoggedIn } = useAuth();
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-linear-to-br from-sky-900 via-sky-800 to-teal-800 text-white"
    >
      <svg aria-hidden="true" className="absolute inset-0 h-full w-full opacity-[0.07]">
        <defs>
          <pattern id="hero-grid" width="32" height="32" patternUnits="userSpaceOnUse">
            <path d="M32 0H0v32" fill="none" stroke="white" strokeWidth="1" />
          </pattern>
        </defs>
        <rect width="100%" height="100%" fill="url(#hero-grid)" />
      </svg>

      <div className="relative mx-auto grid max-w-7xl gap-14 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-2 lg:items-center lg:px-8 lg:py-28">
        <div>
          <p className="inline-flex rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-teal-50 ring-1 ring-white/25">
            New · Pre-owned · Refurbished
          </p>
          <h1 id="hero-title" className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            The marketplace for lab and medical equipment
          </h1>
          <p className="mt-6 max-w-xl text-lg text-sky-50">
            {/* Issue 18: not 'verified sellers' — a seller verifies only their email; each listing is what gets checked. */}
            Find the instruments your lab needs, or give your surplus equipment a second life with buyers who know what it is worth.
          </p>
          <div className="mt-10 flex flex-col gap-4 sm:flex-row">
            <Link
              to="/search"
              className="inline-flex items-center justify-center gap-2 rounded-lg bg-white px-6 py-3 font-semibold text-teal-800 shadow-sm hover:bg-teal-50 focus-visible:outline-white"
            >
              Explore Equipment
              <ArrowRightIcon className="size-5" />
            </Link>
            <Link
              to={isLoggedIn ? '/create-listing' : '/register'}
              className="inline-flex items-center justify-center rounded-lg px-6 py-3 font-semibold text-white ring-1 ring-white/70 ring-inset hover:bg-white/10 focus-visible:outline-white"
            >
              List Your Equipment
            </Link>
          </div>
        </div>
        <div className="hidden sm:block">
          <ListingPreview />
        </div>
      </div>
    </section>
  );
}
