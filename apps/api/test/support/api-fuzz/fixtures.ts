import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { messages, users } from '../../../src/db/schema.js';
import { activate, call, createListing } from '../listings.js';
import { uploadPhotos } from '../photos.js';
import { createUser, type TestUser } from '../users.js';
import type { Operation } from './openapi.js';
import { resourceOf, type Fixtures } from './values.js';

/**
 * Real rows for the API fuzzer's path parameters and id fields: a caller with their own
 * listing (with a photo), a message they received and a payment they started, and another
 * user's of each — so requests reach the ownership checks and the handlers, not only the
 * validation.
 */

interface Owned {
  listing: string;
  message: string;
  payment: string;
  clientSecret: string;
}

/** What another user owns (made once per run). */
interface World {
  other: TestUser;
  owned: Owned;
}

async function startPayment(app: FastifyInstance, user: TestUser, listingId: string): Promise<{ payment: string; clientSecret: string }> {
  const response = await call(app, 'POST', '/payments/create-intent', { user, payload: { listing_id: listingId, duration_months: 1 } });
  if (response.statusCode >= 300) throw new Error(`create-intent failed: ${response.statusCode} ${response.body}`);
  const { payment_id: payment, client_secret: clientSecret } = response.json() as { payment_id: string; client_secret: string };
  return { payment, clientSecret };
}

async function receiveMessage(app: FastifyInstance, recipient: TestUser, listingId: string, sender: TestUser): Promise<string> {
  const [row] = await app.db
    .insert(messages)
    .values({
      listingId,
      senderId: sender.id,
      recipientId: recipient.id,
      senderName: 'Ada Fuzz',
      senderEmail: sender.email,
      message: 'Is it still available?',
    })
    .returning({ id: messages.id });
  if (!row) throw new Error('no message inserted');
  return row.id;
}

async function uploadOne(app: FastifyInstance, user: TestUser, listingId: string, image: Buffer): Promise<void> {
  const response = await uploadPhotos(app, listingId, [{ data: image }], user);
  if (response.statusCode !== 201) throw new Error(`photo upload failed: ${response.statusCode} ${response.body}`);
}

/** Another user's active listing with a photo, a message they received and a payment they started. */
export async function createWorld(app: FastifyInstance, image: Buffer): Promise<World> {
  const other = await createUser(app, { verified: true });
  const sender = await createUser(app, { verified: true });
  const listing = await createListing(app, other);
  await activate(app, listing.id);
  await uploadOne(app, other, listing.id, image);
  const unpaid = await createListing(app, other);
  const { payment, clientSecret } = await startPayment(app, other, unpaid.id);
  const message = await receiveMessage(app, other, listing.id, sender);
  return { other, owned: { listing: listing.id, message, payment, clientSecret } };
}

/** The resources an operation's path parameters and fields name. */
function resourcesOf(op: Operation): Set<string> {
  const names = new Set<string>();
  const segments = op.path.split('/');
  for (const p of op.pathParams) names.add(resourceOf(p.name, segments[segments.indexOf(`{${p.name}}`) - 1]));
  for (const p of op.queryParams) names.add(resourceOf(p.name));
  for (const key of Object.keys(op.body?.schema.properties ?? {})) names.add(resourceOf(key));
  return names;
}

/** Ids for a request without a valid token: another user's rows. */
export function anonymousFixtures(world: World): Fixtures {
  const { owned } = world;
  return {
    listing: [owned.listing],
    photo: ['0', '1', '5'],
    message: [owned.message],
    payment: [owned.payment],
    client_secret: [owned.clientSecret],
  };
}

/** The console's calls (issue 14) are fuzzed as an administrator, so they reach their handlers. */
const isAdminOperation = (op: Operation) => op.path.startsWith('/api/v1/admin/');

/**
 * A fresh verified caller for one operation, with what the operation names: their own
 * listing (with a photo for photo routes), a message and a payment of their own — and, after
 * them, another user's. For the console's calls the caller is an administrator, and the
 * accounts named are their own and a fresh one's (never the world's, which later routes use).
 */
export async function createCaller(
  app: FastifyInstance,
  op: Operation,
  world: World,
  image: Buffer,
): Promise<{ user: TestUser; fixtures: Fixtures }> {
  const user = await createUser(app, { verified: true });
  const needs = resourcesOf(op);
  const { owned } = world;
  const fixtures: Fixtures = {};
  if (isAdminOperation(op)) {
    await app.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
    const member = await createUser(app, { verified: true });
    fixtures.user = [member.id, user.id];
  }
  if (['listing', 'photo', 'message', 'payment', 'client_secret'].some((name) => needs.has(name))) {
    const listing = await createListing(app, user);
    fixtures.listing = [listing.id, owned.listing];
    if (needs.has('photo')) {
      await uploadOne(app, user, listing.id, image);
      fixtures.photo = ['0', '1', '5'];
    }
    if (needs.has('message')) fixtures.message = [await receiveMessage(app, user, listing.id, world.other), owned.message];
    if (needs.has('payment') || needs.has('client_secret')) {
      const { payment, clientSecret } = await startPayment(app, user, listing.id);
      fixtures.payment = [payment, owned.payment];
      fixtures.client_secret = [clientSecret, owned.clientSecret];
    }
  }
  return { user, fixtures };
}
