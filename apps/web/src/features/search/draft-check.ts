/**
 * The search form's check with the API's own schema. A module apart because the schema
 * brings zod: search-state.ts loads it on demand (checkDraft), off the page's first load.
 */
import { SearchQuerySchema } from '@benchmarket/shared';
import { trimmedCriteria, type DraftCheck, type DraftField, type SearchDraft } from './search-criteria';

const FIELD_OF: Record<string, DraftField> = {
  query: 'query',
  min_price: 'minPrice',
  max_price: 'maxPrice',
  condition: 'condition',
  location: 'location',
  manufacturer: 'manufacturer',
  year_from: 'yearFrom',
  year_to: 'yearTo',
  warranty: 'warranty',
  shipping: 'shipping',
};

export function checkDraftWithSchema(draft: SearchDraft): DraftCheck {
  const result = SearchQuerySchema.safeParse({
    query: draft.query,
    min_price: draft.minPrice.trim(),
    max_price: draft.maxPrice.trim(),
    condition: draft.condition,
    location: draft.location,
    manufacturer: draft.manufacturer,
    year_from: draft.yearFrom.trim(),
    year_to: draft.yearTo.trim(),
    warranty: draft.warranty,
    shipping: draft.shipping,
    use_rag: draft.useAi,
  });
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = FIELD_OF[String(issue?.path[0])] ?? 'query';
    return { ok: false, field, message: issue?.message ?? 'Please check the search' };
  }
  return { ok: true, criteria: trimmedCriteria(draft) };
}
