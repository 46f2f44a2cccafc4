import type { SearchListingsParams } from '../search-criteria';

/**
 * Query keys of the search feature. The call returns no private data (only active, public
 * listings), so it is not keyed by user; logout clears the whole cache anyway.
 */
export const searchKeys = {
  all: ['search'] as const,
  results: (params: SearchListingsParams) => ['search', 'results', params] as const,
};
