import type { SearchListingsParams } from '../search-state';

/**
 * Query keys of the search feature. Neither call returns private data (only active, public
 * listings), so they are not keyed by user; logout clears the whole cache anyway.
 */
export const searchKeys = {
  all: ['search'] as const,
  latest: (limit: number) => ['search', 'latest', limit] as const,
  results: (params: SearchListingsParams) => ['search', 'results', params] as const,
};
