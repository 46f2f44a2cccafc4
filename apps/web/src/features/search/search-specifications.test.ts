import { describe, expect, it } from 'vitest';
import { EMPTY_CRITERIA, activeFilterCount, criteriaFromUrl, toSearchParams, type SearchCriteria } from './search-criteria';
import { expectUrlRoundTrip } from './testing/search-checks';
import { readSearchSession, SEARCH_STATE_KEY } from './search-state';

const specified: SearchCriteria = {
  ...EMPTY_CRITERIA,
  manufacturer: 'Thermo Fisher',
  yearFrom: '2015',
  yearTo: '2020',
  warranty: '365_days',
  shipping: 'included',
};

describe('the specifications filters (issue 15)', () => {
  it('round-trip through the URL under the API names', () => {
    expectUrlRoundTrip(specified, 'manufacturer=Thermo+Fisher&year_from=2015&year_to=2020&warranty=365_days&shipping=included');
  });

  it('drop what a hand-edited link gets wrong', () => {
    expect(criteriaFromUrl(new URLSearchParams('year_from=15&year_to=soon&warranty=forever&shipping=teleport&manufacturer=%20'))).toEqual(
      EMPTY_CRITERIA,
    );
  });

  it('go to the API as numbers and values, and count as filters', () => {
    expect(toSearchParams(specified)).toEqual({
      manufacturer: 'Thermo Fisher',
      year_from: 2015,
      year_to: 2020,
      warranty: '365_days',
      shipping: 'included',
      use_rag: false,
      page: 1,
    });
    expect(activeFilterCount(specified)).toBe(5);
  });

  it('restore a session stored before they existed, as none', () => {
    const { manufacturer: _m, yearFrom: _f, yearTo: _t, warranty: _w, shipping: _s, ...before } = { ...EMPTY_CRITERIA, query: 'pump' };
    const { page: _page, ...draft } = before;
    window.sessionStorage.setItem(SEARCH_STATE_KEY, JSON.stringify({ criteria: before, draft }));
    expect(readSearchSession()?.criteria).toEqual({ ...EMPTY_CRITERIA, query: 'pump' });
    window.sessionStorage.clear();
  });
});
