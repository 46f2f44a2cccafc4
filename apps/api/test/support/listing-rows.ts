import type { FastifyInstance } from 'fastify';
import { listings } from '../../src/db/schema.js';

let listingCounter = 0;

/**
 * One listing row inserted directly (the listings API is tested in its own files). `values`
 * gets a number unique in the test file, for titles; the duration is a month unless it says.
 */
export async function insertListing(
  app: FastifyInstance,
  ownerId: string,
  values: (n: number) => ListingValues,
): Promise<typeof listings.$inferSelect> {
  listingCounter += 1;
  const [row] = await app.db
    .insert(listings)
    .values({ userId: ownerId, durationMonths: 1, ...values(listingCounter) })
    .returning();
  if (!row) throw new Error('no listing inserted');
  return row;
}

type ListingValues = Omit<typeof listings.$inferInsert, 'userId' | 'durationMonths'> & { durationMonths?: number };

/** A test file's `createListing(app, ownerId, overrides)`: `defaults` (numbered for titles), then the overrides. */
export function listingFixture(defaults: (n: number) => ListingValues) {
  return (
    app: FastifyInstance,
    ownerId: string,
    overrides: Partial<typeof listings.$inferInsert> = {},
  ): Promise<typeof listings.$inferSelect> => insertListing(app, ownerId, (n) => ({ ...defaults(n), ...overrides }));
}
