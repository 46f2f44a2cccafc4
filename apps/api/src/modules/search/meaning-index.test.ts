import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers.js';
import type { Db } from '../../db/database.js';
import { listings, users } from '../../db/schema.js';
import { MeaningIndex, type MeaningFilter } from './meaning-index.js';

/**
 * The in-process nearest-neighbour index over listings' meaning vectors, on a real migrated
 * database (PGlite, or PostgreSQL with TEST_DATABASE_URL): what it offers for a query vector,
 * which listings it leaves out, how it follows the database, and that the clustered search a
 * large catalog switches to still finds the nearest listing first.
 */

const DAY_MS = 24 * 3600 * 1000;

type Database = Awaited<ReturnType<typeof createTestDatabase>>;
let database: Database;
let db: Db;
let sellerId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  const [seller] = await db.insert(users).values({ email: 'meaning-index@example.com', isVerified: true }).returning({ id: users.id });
  sellerId = seller!.id;
});
afterAll(async () => {
  await database?.dropped();
});

/** A deterministic source of numbers in [0, 1) (mulberry32). */
function randomNumbers(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A deterministic source of random unit vectors. */
function randomVectors(seed: number, dimensions: number): () => number[] {
  const next = randomNumbers(seed);
  return () => {
    const vector = Array.from({ length: dimensions }, () => next() * 2 - 1);
    const norm = Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0));
    return vector.map((x) => x / norm);
  };
}

/** A listing row as the listings service leaves it: active, paid, expiring in 30 days, unless told. */
async function insertListing(meaning: number[] | null, overrides: Partial<typeof listings.$inferInsert> = {}): Promise<string> {
  const [row] = await db
    .insert(listings)
    .values({
      userId: sellerId,
      title: 'A listing',
      description: 'Its description.',
      priceCents: 100_000,
      condition: 'pre-owned',
      location: 'Germany',
      durationMonths: 1,
      isActive: true,
      paymentStatus: 'paid',
      expiryDate: new Date(Date.now() + 30 * DAY_MS),
      meaning,
      meaningModel: 'test',
      ...overrides,
    })
    .returning({ id: listings.id });
  return row!.id;
}

const idsOf = (hits: readonly { id: string }[]) => hits.map((hit) => hit.id);
/** The listings whose vector is the query's own (similarity 1), nearest first. */
const exact = (hits: readonly { id: string; similarity: number }[]) => idsOf(hits.filter((hit) => hit.similarity > 0.999));

describe('MeaningIndex.nearest on a small catalog (scanned whole)', () => {
  const D = 16;
  let now: number;
  let index: MeaningIndex;
  let vector: () => number[];
  let query: number[];
  const filter = (extra: Omit<MeaningFilter, 'nowMs'> = {}): MeaningFilter => ({ nowMs: now, ...extra });

  beforeEach(async () => {
    await db.delete(listings);
    now = Date.now();
    vector = randomVectors(7, D);
    query = vector();
    // Thirty other listings, in every direction: the catalog the query is judged against.
    for (let i = 0; i < 30; i++) await insertListing(vector());
    index = new MeaningIndex(db, D, () => now);
  });

  it('finds the listing whose meaning is the query first, with similarity 1, nearest first after it', async () => {
    const target = await insertListing(query);
    await index.sync();
    const hits = index.nearest(Float32Array.from(query), 10, filter());
    expect(hits).toHaveLength(10);
    expect(hits[0]!.id).toBe(target);
    // Vectors are kept as 8-bit codes: a similarity is exact to about a thousandth.
    expect(hits[0]!.similarity).toBeCloseTo(1, 2);
    const similarities = hits.map((hit) => hit.similarity);
    expect(similarities).toEqual([...similarities].sort((a, b) => b - a));
    expect(index.nearest(Float32Array.from(query), 3, filter())).toEqual(hits.slice(0, 3));
    // Only those at least minSimilarity close.
    expect(idsOf(index.nearest(Float32Array.from(query), 10, filter(), 0.999))).toEqual([target]);
  });

  it('leaves out what a buyer may not see: expired, inactive, unpaid, removed, and listings with no meaning', async () => {
    const visible = await insertListing(query);
    await insertListing(query, { expiryDate: new Date(now - 1000) });
    await insertListing(query, { isActive: false });
    await insertListing(query, { paymentStatus: 'unpaid' });
    await insertListing(query, { isDeleted: true, isActive: false });
    await insertListing(query, { isDeleted: true });
    await insertListing(null);
    // A vector of another size (another model's) is no meaning for this index.
    await insertListing(query.slice(0, 8));
    await index.sync();
    expect(index.size).toBe(31 + 1 /* the expired one: it was active when read */);
    expect(exact(index.nearest(Float32Array.from(query), 10, filter()))).toEqual([visible]);
  });

  it('stops offering a listing the moment it expires, without reading the database again', async () => {
    const expiring = await insertListing(query, { expiryDate: new Date(now + 3_600_000) });
    await index.sync();
    expect(exact(index.nearest(Float32Array.from(query), 5, filter()))).toEqual([expiring]);
    expect(exact(index.nearest(Float32Array.from(query), 5, { nowMs: now + 3_600_001 }))).toEqual([]);
    // A listing without an expiry date never expires.
    const forever = await insertListing(query, { expiryDate: null });
    await index.sync();
    expect(exact(index.nearest(Float32Array.from(query), 5, { nowMs: now + 100 * DAY_MS }))).toEqual([forever]);
  });

  it('honours the price range, the condition and the country', async () => {
    const ids = {
      cheap: await insertListing(query, { priceCents: 50_000, condition: 'new', location: 'France' }),
      mid: await insertListing(query, { priceCents: 250_000, condition: 'pre-owned', location: 'France' }),
      dear: await insertListing(query, { priceCents: 900_000, condition: 'pre-owned', location: 'Italy' }),
      nowhere: await insertListing(query, { priceCents: 250_000, condition: 'new', location: null }),
    };
    await index.sync();
    const found = (extra: Omit<MeaningFilter, 'nowMs'>) => exact(index.nearest(Float32Array.from(query), 10, filter(extra))).sort();
    const expected = (...keys: (keyof typeof ids)[]) => keys.map((key) => ids[key]).sort();
    expect(found({})).toEqual(expected('cheap', 'mid', 'dear', 'nowhere'));
    expect(found({ minPriceCents: 250_000 })).toEqual(expected('mid', 'dear', 'nowhere'));
    expect(found({ maxPriceCents: 250_000 })).toEqual(expected('cheap', 'mid', 'nowhere'));
    expect(found({ minPriceCents: 250_000, maxPriceCents: 250_000 })).toEqual(expected('mid', 'nowhere'));
    expect(found({ condition: 'new' })).toEqual(expected('cheap', 'nowhere'));
    expect(found({ location: 'France' })).toEqual(expected('cheap', 'mid'));
    expect(found({ location: 'France', condition: 'pre-owned', maxPriceCents: 300_000 })).toEqual(expected('mid'));
    expect(found({ location: 'Spain' })).toEqual([]);
  });

  it('follows the database: new, removed, re-activated, re-priced and re-meant listings at the next sync', async () => {
    const other = vector();
    const removed = await insertListing(query);
    const moved = await insertListing(query);
    const repriced = await insertListing(other, { priceCents: 100_000 });
    const paused = await insertListing(other, { isActive: false });
    await index.sync();
    expect(exact(index.nearest(Float32Array.from(query), 10, filter())).sort()).toEqual([removed, moved].sort());

    await db.update(listings).set({ isDeleted: true, isActive: false }).where(eq(listings.id, removed));
    await db.update(listings).set({ meaning: other }).where(eq(listings.id, moved));
    await db.update(listings).set({ priceCents: 900_000 }).where(eq(listings.id, repriced));
    await db.update(listings).set({ isActive: true }).where(eq(listings.id, paused));
    const added = await insertListing(query);
    await index.sync();

    expect(exact(index.nearest(Float32Array.from(query), 10, filter()))).toEqual([added]);
    expect(exact(index.nearest(Float32Array.from(other), 10, filter())).sort()).toEqual([moved, repriced, paused].sort());
    expect(exact(index.nearest(Float32Array.from(other), 10, filter({ minPriceCents: 500_000 })))).toEqual([repriced]);
    expect(index.vectorOf(removed)).toBeUndefined();
    const kept = Array.from(index.vectorOf(moved)!);
    const largest = Math.max(...other.map(Math.abs));
    other.forEach((x, j) => expect(Math.abs(kept[j]! - x)).toBeLessThanOrEqual(largest / 254 + 1e-6));
  });

  it('answers the same as a fresh index after any series of writes', async () => {
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await insertListing(vector()));
    await index.sync();
    await db.update(listings).set({ isDeleted: true }).where(eq(listings.id, ids[0]!));
    await db.update(listings).set({ meaning: query }).where(eq(listings.id, ids[1]!));
    await db.update(listings).set({ condition: 'new' }).where(eq(listings.id, ids[2]!));
    await insertListing(vector());
    await index.sync();
    const fresh = new MeaningIndex(db, D, () => now);
    await fresh.sync();
    for (const extra of [{}, { condition: 'new' }]) {
      expect(idsOf(index.nearest(Float32Array.from(query), 8, filter(extra)))).toEqual(
        idsOf(fresh.nearest(Float32Array.from(query), 8, filter(extra))),
      );
    }
  });

  // Two connections at once: PGlite is one session, so this one runs on PostgreSQL.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('finds a write committed after a later one, within a few seconds', async () => {
    const late = await insertListing(vector());
    const other = await insertListing(vector());
    await index.sync();
    const client = await database.pool.connect();
    try {
      await client.query('begin');
      // Takes its revision now; commits only after a later revision was read.
      await client.query('update listings set meaning = $1::real[] where id = $2', [`{${query.join(',')}}`, late]);
      // (An embedding, not a search field: this write does not wait for the open transaction's catalog version.)
      await db
        .update(listings)
        .set({ embedding: [0.6, 0.8] })
        .where(eq(listings.id, other));
      now += 1000;
      await index.sync();
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
    now += 1000;
    await index.sync();
    now += 5000;
    await index.sync();
    expect(exact(index.nearest(Float32Array.from(query), 5, filter()))).toEqual([late]);
  });
});

describe('MeaningIndex.nearest on a large catalog (clustered)', () => {
  const D = 24;
  const COUNT = 12_500;
  const now = Date.now();
  const filter: MeaningFilter = { nowMs: now };
  let index: MeaningIndex;
  let vector: () => number[];
  /** Every listing's id and vector, in insertion order. */
  let stored: { id: string; meaning: number[] }[];

  /** The cells are built in the background once the index is large: searches go on meanwhile. */
  async function untilClustered(): Promise<void> {
    const probe = Float32Array.from(vector());
    for (let i = 0; i < 100 && !(index as unknown as { cells?: unknown }).cells; i++) {
      index.nearest(probe, 10, filter);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // The precondition of what follows: the clustered path is the one searched.
    expect((index as unknown as { cells?: unknown }).cells).toBeDefined();
  }

  beforeAll(async () => {
    await db.delete(listings);
    vector = randomVectors(2024, D);
    const vectors = Array.from({ length: COUNT }, vector);
    // One statement: the vectors as one text parameter, split and cast by the database.
    const result = await db.execute<{ id: string; meaning: number[] }>(sql`
      insert into listings (user_id, title, description, price_cents, condition, location, duration_months,
        is_active, payment_status, expiry_date, meaning, meaning_model)
      select ${sellerId}::uuid, 'Listing ' || n, '', 100000 + n, 'pre-owned', 'Germany', 1,
        true, 'paid', now() + interval '30 days', string_to_array(v, ',')::real[], 'test'
      from unnest(string_to_array(${vectors.map((v) => v.join(',')).join(';')}, ';')) with ordinality as t(v, n)
      returning id, meaning`);
    stored = result.rows.map((row) => ({ id: row.id, meaning: row.meaning.map(Number) }));
    expect(stored).toHaveLength(COUNT);
    index = new MeaningIndex(db, D, () => now);
    await index.sync();
    expect(index.size).toBe(COUNT);
    await untilClustered();
  }, 60_000);

  const nearestTo = (meaning: readonly number[], k = 5, extra: Omit<MeaningFilter, 'nowMs'> = {}) =>
    index.nearest(Float32Array.from(meaning), k, { ...filter, ...extra });

  it('still finds a stored listing first for a query equal to its vector', () => {
    const pick = randomNumbers(99);
    for (let i = 0; i < 300; i++) {
      const listing = stored[Math.floor(pick() * COUNT)]!;
      const [first] = nearestTo(listing.meaning);
      expect(first?.id).toBe(listing.id);
      expect(first?.similarity).toBeCloseTo(1, 2);
    }
  });

  it('still honours filters that few listings pass', async () => {
    const target = stored[4321]!;
    await db.update(listings).set({ condition: 'new', location: 'France' }).where(eq(listings.id, target.id));
    await index.sync();
    // A query far from its vector: the one listing that passes is not in the cells read first.
    const hits = nearestTo(vector(), 5, { condition: 'new', location: 'France' });
    expect(idsOf(hits)).toEqual([target.id]);
  });

  it('places listings added, moved and removed after the cells were built', async () => {
    const addedMeaning = vector();
    const added = await insertListing(addedMeaning);
    const moved = stored[100]!;
    const movedTo = vector();
    const removed = stored[200]!;
    await db.update(listings).set({ meaning: movedTo }).where(eq(listings.id, moved.id));
    await db
      .update(listings)
      .set({ isDeleted: true, isActive: false })
      .where(inArray(listings.id, [removed.id]));
    await index.sync();

    expect(nearestTo(addedMeaning)[0]?.id).toBe(added);
    expect(nearestTo(movedTo)[0]?.id).toBe(moved.id);
    expect(idsOf(nearestTo(moved.meaning, 20))).not.toContain(moved.id);
    expect(idsOf(nearestTo(removed.meaning, 20))).not.toContain(removed.id);
  });
});
