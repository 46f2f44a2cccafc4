/** Data for the search feature's component tests. */
import type { Listing, RagSearchResponse, SearchResponse, User } from '@benchmarket/shared';

export const verifiedBuyer: User = { id: '9d2b8f30-0000-4000-8000-0000000000b1', email: 'buyer@example.com', is_verified: true };
export const unverifiedBuyer: User = { ...verifiedBuyer, is_verified: false };

let counter = 0;

/** An active listing as the API returns it; each call gets its own id. */
export function makeListing(overrides: Partial<Listing> = {}): Listing {
  counter += 1;
  const n = String(counter).padStart(12, '0');
  return {
    id: `4c4c4c4c-0000-4000-8000-${n}`,
    user_id: '5b0c1a2e-0000-4000-8000-00000000000a',
    title: `Eppendorf 5810R Centrifuge #${String(counter)}`,
    description: 'Refrigerated benchtop centrifuge with A-4-62 swing-bucket rotor, serviced in 2024, includes adapters.',
    price: 4250.5,
    condition: 'certified-refurbished',
    location: 'Germany',
    created_at: '2025-01-05T10:00:00.000Z',
    photos: ['/uploads/listings/a/1.webp'],
    thumbnails: ['/uploads/listings/a/1-thumb.webp'],
    is_verified: true,
    is_deleted: false,
    is_active: true,
    payment_status: 'paid',
    expiry_date: '2099-01-01T00:00:00.000Z',
    duration_months: 3,
    category: 'centrifuges',
    verification: { status: 'auto_approved', verification_notes: null },
    ...overrides,
  };
}

export function insight(relevance_explanation: string, relevance_score = 0.82): RagSearchResponse {
  return { relevance_explanation, relevance_score, rag_response_key: `rag_${relevance_explanation.length.toString(16)}` };
}

export function page(
  items: Listing[],
  {
    total = items.length,
    page: pageNumber = 1,
    page_size = 12,
    total_is_lower_bound = undefined as boolean | undefined,
    exact_matches = undefined as number | undefined,
    similar = undefined as Listing[] | undefined,
  } = {},
): SearchResponse {
  return {
    items,
    total,
    page: pageNumber,
    page_size,
    ...(total_is_lower_bound === undefined ? {} : { total_is_lower_bound }),
    ...(exact_matches === undefined ? {} : { exact_matches }),
    ...(similar === undefined ? {} : { similar }),
  };
}
