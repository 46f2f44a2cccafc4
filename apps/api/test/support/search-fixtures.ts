import { categorize, findCountry, type Condition } from '@benchmarket/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { listings } from '../../src/db/schema.js';
import { buildSearchTerms } from '../../src/modules/listings/search-terms.js';
import type { PlannedListing } from '../../src/seed/catalog.js';

/**
 * Listings for the search tests, written to the database the way the listings service
 * writes them (category from the shared taxonomy, search terms from the listings module's
 * helper, canonical country), active unless told otherwise.
 */

const DAY_MS = 24 * 3600 * 1000;

interface SearchListingInput {
  title: string;
  description?: string;
  price: number;
  condition?: Condition;
  location?: string | null;
  category?: string | null;
  createdAt?: Date;
  isActive?: boolean;
  paymentStatus?: 'paid' | 'unpaid';
  expiryDate?: Date | null;
  isDeleted?: boolean;
}

export async function insertListing(app: FastifyInstance, ownerId: string, input: SearchListingInput): Promise<string> {
  const description = input.description ?? `${input.title}. Working unit from a university lab, tested and cleaned.`;
  const category = input.category === undefined ? categorize({ title: input.title, description }) : input.category;
  const condition = input.condition ?? 'pre-owned';
  const country = findCountry(input.location ?? null);
  const now = Date.now();
  const [row] = await app.db
    .insert(listings)
    .values({
      userId: ownerId,
      title: input.title,
      description,
      priceCents: Math.round(input.price * 100),
      condition,
      location: country?.name ?? null,
      locationCode: country?.code ?? null,
      category,
      searchTerms: buildSearchTerms({ title: input.title, condition, category, location: country?.name ?? null }),
      durationMonths: 1,
      isVerified: true,
      verificationStatus: 'auto_approved',
      isActive: input.isActive ?? true,
      paymentStatus: input.paymentStatus ?? 'paid',
      expiryDate: input.expiryDate === undefined ? new Date(now + 30 * DAY_MS) : input.expiryDate,
      isDeleted: input.isDeleted ?? false,
      createdAt: input.createdAt ?? new Date(now),
      updatedAt: input.createdAt ?? new Date(now),
    })
    .returning({ id: listings.id });
  if (!row) throw new Error('no listing inserted');
  return row.id;
}

/** One listing of the demo catalog (the seed's plan), inserted as above; `extra` adds or overrides fields. */
export function insertPlannedListing(
  app: FastifyInstance,
  ownerId: string,
  planned: PlannedListing,
  extra: Partial<SearchListingInput> = {},
): Promise<string> {
  return insertListing(app, ownerId, {
    title: planned.title,
    description: planned.description,
    price: planned.priceCents / 100,
    condition: planned.condition,
    location: planned.location,
    category: planned.category,
    createdAt: planned.createdAt,
    expiryDate: planned.expiryDate,
    ...extra,
  });
}

export function search(
  app: FastifyInstance,
  params: Record<string, string | number | boolean>,
  token?: string,
): Promise<LightMyRequestResponse> {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return app.inject({
    method: 'GET',
    url: `/api/v1/listings/search${query ? `?${query}` : ''}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

export interface SearchItem {
  id: string;
  title: string;
  price: number;
  condition: string;
  location: string | null;
  seller_name?: string;
  rag_search_response?: { relevance_explanation: string; relevance_score: number; rag_response_key: string } | null;
}

export interface SearchBody {
  items: SearchItem[];
  total: number;
  page: number;
  page_size: number;
  exact_matches?: number;
  /** Plain search: listings like the matches, apart from them. */
  similar?: SearchItem[];
}
