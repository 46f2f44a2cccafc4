import { PRICE_NEGATIVE, PRICE_RANGE_INVALID } from '@benchmarket/shared';
import { describe, expect, it } from 'vitest';
import { EMPTY_CRITERIA, criteriaFromUrl, criteriaToUrl, draftOf, isBrowse, toSearchParams, type SearchCriteria } from './search-criteria';
import { expectUrlRoundTrip } from './testing/search-checks';
import { checkDraft, readSearchSession, SEARCH_STATE_KEY, updateSearchSession } from './search-state';

const full: SearchCriteria = {
  ...EMPTY_CRITERIA,
  query: 'pcr machine',
  useAi: true,
  minPrice: '100',
  maxPrice: '5000',
  condition: 'good-refurbished',
  location: 'United Kingdom',
  page: 3,
};

describe('search criteria in the URL', () => {
  it('round-trips every criterion with short names', () => {
    expectUrlRoundTrip(full, 'q=pcr+machine&ai=1&min=100&max=5000&condition=good-refurbished&location=United+Kingdom&page=3');
  });

  it('leaves out what is empty, so an empty search is a bare /search', () => {
    expect(criteriaToUrl(EMPTY_CRITERIA).toString()).toBe('');
    expect(criteriaFromUrl(new URLSearchParams(''))).toBeNull();
    expect(criteriaFromUrl(new URLSearchParams('utm_source=mail'))).toBeNull();
  });

  it('drops what a hand-edited link gets wrong', () => {
    expect(criteriaFromUrl(new URLSearchParams('q=x&min=-5&max=abc&condition=shiny&location=Atlantis&page=0'))).toEqual({
      ...EMPTY_CRITERIA,
      query: 'x',
    });
    expect(criteriaFromUrl(new URLSearchParams('location=de'))?.location).toBe('Germany');
  });
});

describe('toSearchParams', () => {
  it('maps the criteria to the API query string (spec §7)', () => {
    expect(toSearchParams(full)).toEqual({
      query: 'pcr machine',
      min_price: 100,
      max_price: 5000,
      condition: 'good-refurbished',
      location: 'United Kingdom',
      use_rag: true,
      page: 3,
    });
    expect(toSearchParams(EMPTY_CRITERIA)).toEqual({ use_rag: false, page: 1 });
  });

  it('counts only the empty search as the newest-first browse', () => {
    expect(isBrowse(EMPTY_CRITERIA)).toBe(true);
    expect(isBrowse({ ...EMPTY_CRITERIA, page: 2 })).toBe(true);
    expect(isBrowse({ ...EMPTY_CRITERIA, useAi: true })).toBe(false);
    expect(isBrowse({ ...EMPTY_CRITERIA, location: 'France' })).toBe(false);
  });
});

describe('checkDraft', () => {
  it('accepts a valid form as page 1 of a new search, trimmed', async () => {
    expect(await checkDraft({ ...draftOf(full), query: '  pcr machine ' })).toEqual({ ok: true, criteria: { ...full, page: 1 } });
  });

  it('refuses a negative price and a minimum above the maximum (spec §5)', async () => {
    expect(await checkDraft({ ...draftOf(EMPTY_CRITERIA), minPrice: '-1' })).toEqual({
      ok: false,
      field: 'minPrice',
      message: PRICE_NEGATIVE,
    });
    expect(await checkDraft({ ...draftOf(EMPTY_CRITERIA), minPrice: '10', maxPrice: '5' })).toEqual({
      ok: false,
      field: 'maxPrice',
      message: PRICE_RANGE_INVALID,
    });
  });
});

describe('session storage', () => {
  it('merges updates and reads them back', () => {
    updateSearchSession({ criteria: full, draft: draftOf(full) });
    updateSearchSession({ scrollY: 420 });
    expect(readSearchSession()).toEqual({ criteria: full, draft: draftOf(full), scrollY: 420 });
  });

  it("does not give one user's search to another", () => {
    updateSearchSession({ userId: 'user-a', criteria: full, draft: draftOf(full) });
    expect(readSearchSession('user-a')?.criteria).toEqual(full);
    expect(readSearchSession('user-b')).toBeNull();
  });

  it('ignores a malformed entry', () => {
    window.sessionStorage.setItem(SEARCH_STATE_KEY, '{"criteria":{"query":5}}');
    expect(readSearchSession()).toBeNull();
    window.sessionStorage.setItem(SEARCH_STATE_KEY, 'not json');
    expect(readSearchSession()).toBeNull();
  });

  it('ignores an entry with a wrong part: condition, page, results or scroll', () => {
    const valid = { criteria: full, draft: draftOf(full) };
    const results = { key: 'q=pcr', data: { items: [{ id: 'a', title: 'PCR' }], total: 1, page: 1, page_size: 12 }, updatedAt: 1 };
    const store = (entry: unknown) => {
      window.sessionStorage.setItem(SEARCH_STATE_KEY, JSON.stringify(entry));
    };

    store({ ...valid, results, scrollY: 10 });
    expect(readSearchSession()).toEqual({ ...valid, results, scrollY: 10 });
    store({ ...valid, draft: { ...draftOf(full), condition: 'shiny' } });
    expect(readSearchSession()).toBeNull();
    store({ ...valid, criteria: { ...full, page: 0 } });
    expect(readSearchSession()).toBeNull();
    store({ ...valid, results: { ...results, data: { ...results.data, items: [{ id: 1 }] } } });
    expect(readSearchSession()).toBeNull();
    store({ ...valid, scrollY: '10' });
    expect(readSearchSession()).toBeNull();
  });
});
