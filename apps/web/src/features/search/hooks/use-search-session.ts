import type { SearchResponse } from '@benchmarket/shared';
import { useEffect, useState } from 'react';
import { criteriaKey, draftOf, type SearchCriteria, type SearchDraft } from '../search-criteria';
import { readSearchSession, updateSearchSession, type SearchSession } from '../search-state';

/**
 * What the buyer left on the search page earlier in this tab (spec §2: "Search state is kept
 * in session storage"), read once when the page opens; null for none or another user's.
 */
export function useRestoredSearchSession(userId: string): SearchSession | null {
  const [session] = useState(() => readSearchSession(userId));
  return session;
}

/**
 * The form's draft: restored as it was typed when it belongs to the criteria on show, else
 * the criteria themselves; a new search (another `criteriaKey`) resets it.
 */
export function useSearchDraft(session: SearchSession | null, criteria: SearchCriteria) {
  const key = criteriaKey(criteria);
  const [draftState, setDraftState] = useState(() => ({
    key,
    draft: session && criteriaKey(session.criteria) === key ? session.draft : draftOf(criteria),
  }));
  let draft: SearchDraft = draftState.draft;
  if (draftState.key !== key) {
    // Adjusting state to new criteria during render (no effect, no flash of the old draft).
    draft = draftOf(criteria);
    setDraftState({ key, draft });
  }
  const setDraft = (next: SearchDraft) => {
    setDraftState({ key, draft: next });
  };
  return [draft, setDraft] as const;
}

/** Keeps the stored session in step with the search on show: criteria, draft, and the last results. */
export function usePersistSearchSession({
  userId,
  criteria,
  draft,
  results,
}: {
  userId: string;
  criteria: SearchCriteria;
  draft: SearchDraft;
  results: { isSuccess: boolean; data: SearchResponse | undefined; dataUpdatedAt: number };
}) {
  useEffect(() => {
    updateSearchSession({ userId, criteria, draft });
  }, [userId, criteria, draft]);

  const key = criteriaKey(criteria);
  const { isSuccess, data, dataUpdatedAt } = results;
  useEffect(() => {
    if (isSuccess && data) updateSearchSession({ results: { key, data, updatedAt: dataUpdatedAt } });
  }, [isSuccess, key, data, dataUpdatedAt]);
}
