import { LATEST_LISTINGS_FAILED, LISTINGS_FETCH_FAILED, SEARCH_FAILED } from '@benchmarket/shared';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import { Link, useLocation, useNavigate, useNavigationType } from 'react-router';
import { useAuth } from '@/lib/session/use-auth';
import { errorDetail } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLatestListings } from '@/lib/api/listings';
import { useSearchListings } from '../api/search-listings';
import { ActiveFilters } from '../components/active-filters';
import { EmptyState } from '../components/empty-state';
import { ResultsGrid, ResultsSkeleton } from '@/components/listing/results-grid';
import { CompareBar } from '@/components/listing/compare-bar';
import { Pager } from '@/components/ui/pager';
import { SearchAccessNotice } from '../components/search-access-notice';
import { SearchForm, type DraftError } from '../components/search-form';
import { SortSelect } from '../components/sort-select';
import {
  EMPTY_CRITERIA,
  EMPTY_FILTERS,
  activeFilterCount,
  criteriaFromUrl,
  criteriaKey,
  draftOf,
  isBrowse,
  toSavedCriteria,
  toSearchParams,
  type SearchCriteria,
  type SearchDraft,
  type SearchFilters,
} from '../search-criteria';
import { useSearchCriteria } from '../hooks/use-search-criteria';
import { useSearchScrollRestoration } from '../hooks/use-search-scroll-restoration';
import { usePersistSearchSession, useRestoredSearchSession, useSearchDraft } from '../hooks/use-search-session';
import { checkDraft, preloadDraftCheck } from '../search-state';
import { Alert } from '@/components/ui/alert';
import { SparkleIcon } from '@/components/ui/icon';

const PAGE_TITLE = 'Search Equipment';

// Issue 16: the form (and zod with it) loads when 'Save search' is pressed.
const SaveSearchPanel = lazy(() => import('../components/save-search-panel'));

const saveButtonClass =
  'inline-flex items-center justify-center gap-1.5 rounded-lg border border-teal-700 bg-white px-3 py-1.5 text-sm font-semibold text-teal-800 hover:bg-teal-50 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none';

/** Issue 19: beyond 1,000 matches the API counts no further and says so ("1,000+ results"). */
function resultCount(total: number, lowerBound = false): string {
  return `${total.toLocaleString('en-US')}${lowerBound ? '+' : ''} ${total === 1 && !lowerBound ? 'result' : 'results'}`;
}

function noop() {}

function SectionHeading({ id, children, headingRef }: { id: string; children: ReactNode; headingRef?: Ref<HTMLHeadingElement> }) {
  return (
    <h2 id={id} ref={headingRef} tabIndex={-1} className="scroll-mt-24 text-xl font-semibold text-slate-900 focus:outline-none">
      {children}
    </h2>
  );
}

// ── Visitors and unverified users ─────────────────────────────────────────

/**
 * spec §4, §6: visitors and unverified users see the latest 10 listings; the form is shown
 * (so they see what search offers) but disabled, with the reason and the way forward.
 */
function RestrictedSearch({ audience }: { audience: 'visitor' | 'unverified' }) {
  const noticeId = useId();
  const headingId = useId();
  const location = useLocation();
  const latest = useLatestListings();
  const draft = useMemo(() => draftOf(criteriaFromUrl(new URLSearchParams(location.search)) ?? EMPTY_CRITERIA), [location.search]);

  let status = '';
  if (latest.isPending) status = 'Loading the latest listings…';
  else if (latest.isSuccess) status = `Showing the ${String(latest.data.length)} latest listings`;

  const here = `${location.pathname}${location.search}`;
  return (
    <div className="space-y-6">
      <SearchAccessNotice id={noticeId} audience={audience} />
      <SearchForm draft={draft} onChange={noop} onSubmit={noop} onClearFilters={noop} disabled describedBy={noticeId} />
      {audience === 'visitor' && (
        // Issue 16: saving a search (and its email alerts) is for members.
        <p className="text-sm text-slate-700">
          Want an email when new equipment matches?{' '}
          <Link to={`/login?next=${encodeURIComponent(here)}`} state={{ from: here }} className="font-semibold text-teal-800 underline">
            Log in to save searches
          </Link>
        </p>
      )}
      <section aria-labelledby={headingId} aria-busy={latest.isFetching} className="pt-2">
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
          <SectionHeading id={headingId}>Latest listings</SectionHeading>
          <p role="status" className="text-sm text-slate-600">
            {status}
          </p>
        </div>
        {latest.isPending ? (
          <ResultsSkeleton />
        ) : latest.isError ? (
          <Alert
            title={LATEST_LISTINGS_FAILED}
            retrying={latest.isFetching}
            onRetry={() => {
              void latest.refetch();
            }}
          />
        ) : latest.data.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-600">
            No listings yet. Check back soon.
          </p>
        ) : (
          <ResultsGrid listings={latest.data} buyerTools />
        )}
      </section>
    </div>
  );
}

// ── Verified users ────────────────────────────────────────────────────────

function VerifiedSearch({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const session = useRestoredSearchSession(userId);
  const { criteria, setCriteria, urlCriteria } = useSearchCriteria(session?.criteria ?? EMPTY_CRITERIA);
  const key = criteriaKey(criteria);
  const [draft, setDraft] = useSearchDraft(session, criteria);
  const [formError, setFormError] = useState<DraftError | null>(null);
  const [saving, setSaving] = useState(false);
  const savePanelId = useId();

  const params = useMemo(() => toSearchParams(criteria), [criteria]);
  const stored = session?.results?.key === key ? session.results : undefined;
  const results = useSearchListings(params, { initialData: stored });

  // Effects run after the first paint: the check's chunk (zod) arrives while the buyer reads.
  useEffect(preloadDraftCheck, []);

  // ── Keep the session and the URL in step ──
  usePersistSearchSession({ userId, criteria, draft, results });

  useEffect(() => {
    // A bare /search showing a restored search: make the URL say what is on show.
    if (urlCriteria === null && key !== criteriaKey(EMPTY_CRITERIA)) {
      void navigate({ search: `?${key}` }, { replace: true, preventScrollReset: true, state: location.state });
    }
  }, [urlCriteria, key, navigate, location.state]);

  const onOpenListing = useSearchScrollRestoration(session, results.isSuccess);

  // Issue 18: a search opened from a link (a saved search, an alert mail, a shared URL) showed
  // the form and left its results below the fold. Unless there is a position to go back to
  // (the one useSearchScrollRestoration restores on Back or reload), the results come into view.
  const navigationType = useNavigationType();
  const [revealOnArrival] = useState(() => urlCriteria !== null && (navigationType !== 'POP' || session?.scrollY === undefined));
  const arrivalRevealed = useRef(false);
  const settled = !results.isPending;
  useEffect(() => {
    // An effect, not a layout effect: it runs after the router's own scroll to the top.
    if (!revealOnArrival || !settled || arrivalRevealed.current) return;
    arrivalRevealed.current = true;
    // A buyer who scrolled while the results loaded keeps their place.
    if (window.scrollY === 0) headingRef.current?.scrollIntoView?.({ block: 'start' });
  }, [revealOnArrival, settled]);

  // ── Actions ──
  const apply = (next: SearchCriteria, { focusResults = false, revealResults = false } = {}) => {
    setFormError(null);
    const nextKey = criteriaKey(next);
    if (nextKey === key) {
      // The same search again: run it again (new listings may have arrived).
      void results.refetch();
    } else {
      setCriteria(next);
      void navigate({ search: nextKey ? `?${nextKey}` : '' }, { preventScrollReset: true });
    }
    if (focusResults) {
      headingRef.current?.focus({ preventScroll: true });
      headingRef.current?.scrollIntoView?.({ block: 'start' });
    } else if (revealResults) {
      // Issue 18: after a search the form filled the screen and no result showed; the results
      // come into view, the focus stays where the buyer typed.
      headingRef.current?.scrollIntoView?.({ block: 'start' });
    }
  };

  const submit = async () => {
    const checked = await checkDraft(draft);
    if (!checked.ok) {
      setFormError({ field: checked.field, message: checked.message });
      return;
    }
    apply(checked.criteria, { revealResults: true });
  };

  const changeDraft = (patch: Partial<SearchDraft>) => {
    setDraft({ ...draft, ...patch });
    if (formError) setFormError(null);
  };

  const clearFilters = async () => {
    const checked = await checkDraft({ ...draft, ...EMPTY_FILTERS });
    if (!checked.ok) {
      setDraft({ ...draft, ...EMPTY_FILTERS });
      setFormError({ field: checked.field, message: checked.message });
      return;
    }
    apply(checked.criteria);
  };

  const sortBy = (sort: SearchDraft['sort']) => {
    setDraft({ ...draft, sort });
    apply({ ...criteria, sort, page: 1 });
  };

  const removeFilter = (filter: keyof SearchFilters) => {
    apply({ ...criteria, [filter]: EMPTY_FILTERS[filter], page: 1 });
  };

  // ── What to show ──
  const browse = isBrowse(criteria);
  const query = criteria.query.trim();
  let heading = 'Results';
  if (browse) heading = 'Newest listings';
  else if (query) heading = `Results for “${query}”`;

  let status = '';
  let body: ReactNode;
  if (results.isPending) {
    status = 'Searching…';
    body = <ResultsSkeleton />;
  } else if (!results.data) {
    body = (
      <Alert
        // spec §8: the first, newest-first listing has its own text; a search shows the server's detail.
        title={browse ? LISTINGS_FETCH_FAILED : errorDetail(results.error, SEARCH_FAILED)}
        retrying={results.isFetching}
        onRetry={() => {
          void results.refetch();
        }}
      />
    );
  } else {
    const { items, total, total_is_lower_bound: lowerBound, page_size: pageSize, exact_matches: exactMatches, similar = [] } = results.data;
    status = resultCount(total, lowerBound);
    if (items.length > 0) {
      body = (
        <>
          <ResultsGrid
            listings={[...items, ...similar]}
            onOpen={onOpenListing}
            buyerTools
            fewerWordsFrom={exactMatches === undefined ? undefined : exactMatches - (criteria.page - 1) * pageSize}
            similarFrom={similar.length > 0 ? items.length : undefined}
          />
          <Pager
            label="Pagination"
            page={criteria.page}
            pageSize={pageSize}
            total={total}
            showTotal={false}
            className="mt-8 border-t border-slate-200 pt-6"
            disabled={results.isFetching}
            onPageChange={(page) => {
              apply({ ...criteria, page }, { focusResults: true });
            }}
          />
        </>
      );
    } else if (criteria.page > 1 && total > 0) {
      // A shared link to a page that no longer exists.
      body = (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
          <p className="text-slate-700">There are no more results on this page.</p>
          <button
            type="button"
            onClick={() => {
              apply({ ...criteria, page: 1 }, { focusResults: true });
            }}
            className="mt-4 inline-flex items-center justify-center rounded-lg border border-teal-700 bg-white px-4 py-2 text-sm font-semibold text-teal-800 hover:bg-teal-50"
          >
            Go to the first page
          </button>
        </div>
      );
    } else if (browse) {
      body = (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-600">
          No listings yet. Check back soon.
        </p>
      );
    } else {
      body = (
        <EmptyState
          query={criteria.query}
          filterCount={activeFilterCount(criteria)}
          useAi={criteria.useAi}
          onRemoveFilters={() => {
            apply({ ...criteria, ...EMPTY_FILTERS, page: 1 });
          }}
          onTryAi={() => {
            apply({ ...criteria, useAi: true, page: 1 });
          }}
        />
      );
    }
  }

  return (
    <div className="space-y-6">
      <SearchForm
        draft={draft}
        onChange={changeDraft}
        onSubmit={() => void submit()}
        onClearFilters={() => void clearFilters()}
        error={formError}
      />

      <section aria-labelledby={headingId} aria-busy={results.isFetching} className="scroll-mt-24 pt-2">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <SectionHeading id={headingId} headingRef={headingRef}>
              <span className="break-words">{heading}</span>
            </SectionHeading>
            {criteria.useAi && (
              <span className="inline-flex items-center gap-1 rounded-full bg-violet-50 px-2.5 py-0.5 text-xs font-semibold text-violet-800 ring-1 ring-violet-600/20 ring-inset">
                <SparkleIcon className="size-3" />
                AI-enhanced
              </span>
            )}
          </div>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <p role="status" className="text-sm text-slate-600">
              {status}
            </p>
            <SortSelect value={criteria.sort} hasWords={criteria.query.trim() !== ''} onChange={sortBy} />
            <button
              type="button"
              className={saveButtonClass}
              aria-expanded={saving}
              aria-controls={saving ? savePanelId : undefined}
              onClick={() => {
                setSaving(!saving);
              }}
            >
              Save search
            </button>
          </div>
        </div>
        {saving && (
          <div id={savePanelId} className="mt-4 max-w-xl">
            <Suspense fallback={<p className="text-sm text-slate-600">Loading…</p>}>
              <SaveSearchPanel
                key={key}
                criteria={toSavedCriteria(criteria)}
                defaultName={query || 'All listings'}
                onClose={() => {
                  setSaving(false);
                }}
              />
            </Suspense>
          </div>
        )}
        <ActiveFilters filters={criteria} onRemove={removeFilter} />

        <div className="mt-5">{body}</div>
      </section>
    </div>
  );
}

// ── The page ──────────────────────────────────────────────────────────────

/** While the stored session is checked: the form (not usable yet) and placeholder cards. */
function SessionPending() {
  return (
    <div className="space-y-6" aria-busy="true">
      <SearchForm draft={draftOf(EMPTY_CRITERIA)} onChange={noop} onSubmit={noop} onClearFilters={noop} disabled />
      <p role="status" className="sr-only">
        Loading…
      </p>
      <ResultsSkeleton />
    </div>
  );
}

/** /search (spec §2, §4, §6): search for verified users; the latest listings for everyone else. */
export default function SearchRoute() {
  useDocumentTitle(PAGE_TITLE);
  const { user, isLoading } = useAuth();

  let body;
  if (isLoading) body = <SessionPending />;
  else if (user?.is_verified) body = <VerifiedSearch key={user.id} userId={user.id} />;
  else body = <RestrictedSearch audience={user ? 'unverified' : 'visitor'} />;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{PAGE_TITLE}</h1>
        <p className="mt-2 text-slate-600">
          New, pre-owned and refurbished lab and medical equipment — search by name, filter by price, condition and country, or describe
          what you need with AI-enhanced search.
        </p>
      </header>
      {body}
      {/* Issue 16: the listings ticked for comparison. */}
      <CompareBar />
    </div>
  );
}
