import { describe, expect, it, vi } from 'vitest';
import { EMPTY_FILTERS } from './search-criteria';
import { checkDraft } from './search-state';

// The form check's code fails to load, as it does offline or after a deploy replaced its chunk.
vi.mock('./draft-check', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('checkDraft when its code cannot load', () => {
  it('lets the search go ahead (the API validates it), words and prices trimmed, from page 1', async () => {
    const checked = await checkDraft({ ...EMPTY_FILTERS, query: '  centrifuge ', useAi: true, maxPrice: ' 5000 ', sort: 'price_asc' });
    expect(checked).toEqual({
      ok: true,
      criteria: { ...EMPTY_FILTERS, query: 'centrifuge', useAi: true, maxPrice: '5000', sort: 'price_asc', page: 1 },
    });
  });
});
