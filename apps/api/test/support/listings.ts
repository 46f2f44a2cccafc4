import type { DurationMonths } from '@benchmarket/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { activateListing } from '../../src/modules/listings/lifecycle.js';
import type { TestUser } from './users.js';

/** Listing calls as the web app makes them, and a payment stand-in (activation). */

export const GOOD_LISTING = {
  title: 'Eppendorf 5810R refrigerated centrifuge',
  description:
    'Refrigerated benchtop centrifuge from 2019, serviced last year. Comes with the A-4-62 swing-bucket rotor and four buckets. Runs quietly, holds 4 °C.',
  price: 4500.5,
  condition: 'pre-owned',
  location: 'DE',
  duration_months: 3,
} as const;

/** A call to /api/v1 as the web app makes it: as `user` (or with a bare `token`), or as a visitor; from `ip` if given. */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { user?: TestUser; token?: string; payload?: unknown; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  const { user, token, payload, ip } = options;
  return app.inject({
    method,
    url: `/api/v1${url}`,
    payload: payload as Record<string, unknown> | undefined,
    ...(ip === undefined ? {} : { remoteAddress: ip }),
    headers: user?.headers ?? (token ? { authorization: `Bearer ${token}` } : {}),
  });
}

/** POST /listings; throws unless 201. */
export async function createListing(
  app: FastifyInstance,
  user: TestUser,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string } & Record<string, unknown>> {
  const response = await call(app, 'POST', '/listings', { user, payload: { ...GOOD_LISTING, ...overrides } });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** What a completed payment does (the payments module calls the same function); answers when it was paid. */
export async function activate(app: FastifyInstance, listingId: string, months: DurationMonths = 1): Promise<Date> {
  const now = app.clock.now();
  const row = await activateListing(app.db, { listingId, durationMonths: months, now });
  if (!row) throw new Error(`no listing ${listingId}`);
  return now;
}

/** A created and paid listing. */
export async function createActiveListing(
  app: FastifyInstance,
  user: TestUser,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string } & Record<string, unknown>> {
  const listing = await createListing(app, user, overrides);
  await activate(app, listing.id, listing.duration_months as DurationMonths);
  return listing;
}
