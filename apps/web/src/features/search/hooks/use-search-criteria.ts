import { useMemo, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { EMPTY_CRITERIA, criteriaFromUrl, criteriaKey, type SearchCriteria } from '../search-criteria';

/**
 * The applied criteria: the URL's when it names any; on first arrival at a bare /search the
 * session's (spec §2); Back to a bare /search is the empty search; any other bare /search
 * (the header link) keeps what is on show. The URL is then brought in line (replace).
 */
export function useSearchCriteria(initial: SearchCriteria) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const urlCriteria = useMemo(() => criteriaFromUrl(new URLSearchParams(location.search)), [location.search]);
  const [criteria, setCriteria] = useState<SearchCriteria>(() => urlCriteria ?? initial);
  const [syncedKey, setSyncedKey] = useState(location.key);

  let current = criteria;
  if (location.key !== syncedKey) {
    // Adjusting state to a new location during render (no effect, no flash of old state).
    setSyncedKey(location.key);
    const next = urlCriteria ?? (navigationType === 'POP' ? EMPTY_CRITERIA : criteria);
    if (criteriaKey(next) !== criteriaKey(criteria)) {
      setCriteria(next);
      current = next;
    }
  }
  return { criteria: current, setCriteria, urlCriteria };
}
