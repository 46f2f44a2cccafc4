import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingPhotos } from '../src/db/schema.js';
import { ORPHAN_PHOTO_GRACE_MS, sweepOrphanPhotos } from '../src/modules/photos/orphan-sweep.js';
import { createS3Storage } from '../src/providers/storage/index.js';
import { setupTestApp, type TestContext } from './helpers.js';
import { createListing } from './support/listings.js';
import { BLUE, GREEN, jpeg, uploadPhotos } from './support/photos.js';
import { startS3StandIn } from './support/s3-stand-in.js';
import { createUser, type TestUser } from './support/users.js';

/**
 * Issue 12, defect 11: a crash between writing a photo's files and committing its row (or
 * between deleting a row and its files) leaves files nobody points to. The job worker's
 * sweep removes them once they are older than the grace period, and never a file in use.
 */
describe('orphan photo files', () => {
  let ctx: TestContext;
  let seller: TestUser;

  beforeAll(async () => {
    ctx = await setupTestApp();
    seller = await createUser(ctx.app);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const fileOf = (key: string) => path.join(ctx.dataDir, 'uploads', key);
  /** Makes a stored file look written `ms` ago. */
  const age = async (key: string, ms: number) => {
    const then = new Date(Date.now() - ms);
    await utimes(fileOf(key), then, then);
  };
  const keyOf = (url: string) => url.replace(/^.*?\/uploads\//, '').replace(/[?#].*$/, '');

  async function listingWithPhotos(count: number): Promise<{ id: string; keys: string[] }> {
    const listing = await createListing(ctx.app, seller);
    const files = await Promise.all([GREEN, BLUE].slice(0, count).map((colour) => jpeg(colour)));
    const upload = await uploadPhotos(
      ctx.app,
      listing.id,
      files.map((data) => ({ data })),
      seller,
    );
    expect(upload.statusCode).toBe(201);
    const rows = await ctx.app.db.select().from(listingPhotos).where(eq(listingPhotos.listingId, listing.id));
    return { id: listing.id, keys: rows.flatMap((row) => [row.path, row.thumbnailPath]) };
  }

  it('removes files no listing uses once they are older than the grace period, and keeps every file in use', async () => {
    const { app } = ctx;
    const kept = await listingWithPhotos(2);
    // A crash after the upload wrote its files, before its row committed.
    const stray = `listings/${kept.id}/${randomUUID()}`;
    await app.storage.put(`${stray}.webp`, await jpeg(), 'image/webp');
    await app.storage.put(`${stray}-thumb.webp`, await jpeg(), 'image/webp');
    // A crash after a removal committed, before its files were deleted.
    const removed = await listingWithPhotos(1);
    await app.db.delete(listingPhotos).where(eq(listingPhotos.listingId, removed.id));
    // An upload in progress right now: its files are written, its row not yet.
    const inFlight = `listings/${kept.id}/${randomUUID()}.webp`;
    await app.storage.put(inFlight, await jpeg(), 'image/webp');

    const old = ORPHAN_PHOTO_GRACE_MS + 60_000;
    for (const key of [...kept.keys, `${stray}.webp`, `${stray}-thumb.webp`, ...removed.keys]) await age(key, old);

    // The worker's first round runs the sweep (as at every start, e.g. after a crash).
    await app.worker.tick();

    expect(existsSync(fileOf(`${stray}.webp`))).toBe(false);
    expect(existsSync(fileOf(`${stray}-thumb.webp`))).toBe(false);
    for (const key of removed.keys) expect(existsSync(fileOf(key))).toBe(false);
    expect(existsSync(fileOf(inFlight))).toBe(true);

    // Every photo of the listing still loads, as a buyer's browser loads it.
    const listing = (await app.inject({ method: 'GET', url: `/api/v1/listings/${kept.id}`, headers: seller.headers })).json<{
      photos: string[];
    }>();
    expect(listing.photos).toHaveLength(2);
    for (const url of listing.photos) {
      expect(kept.keys).toContain(keyOf(url));
      const photo = await app.inject({ method: 'GET', url });
      expect(photo.statusCode).toBe(200);
    }
    for (const key of kept.keys) expect(existsSync(fileOf(key))).toBe(true);
  });

  it('answers what it checked and removed, and a second sweep finds nothing more', async () => {
    const { app } = ctx;
    const { id } = await listingWithPhotos(1);
    const stray = `listings/${id}/${randomUUID()}.webp`;
    await app.storage.put(stray, await jpeg(), 'image/webp');
    await age(stray, ORPHAN_PHOTO_GRACE_MS + 1000);

    const deps = { db: app.db, storage: app.storage, clock: app.clock, log: app.log };
    const first = await sweepOrphanPhotos(deps);
    expect(first.removed).toEqual([stray]);
    const second = await sweepOrphanPhotos(deps);
    expect(second).toEqual({ checked: first.checked - 1, removed: [] });
  });

  it('goes on where the last round stopped, so a pass in small rounds reaches every file', async () => {
    const { app } = ctx;
    const kept = await listingWithPhotos(2);
    const strays = Array.from({ length: 5 }, () => `listings/${kept.id}/${randomUUID()}.webp`);
    for (const key of strays) {
      await app.storage.put(key, await jpeg(), 'image/webp');
      await age(key, ORPHAN_PHOTO_GRACE_MS + 1000);
    }
    for (const key of kept.keys) await age(key, ORPHAN_PHOTO_GRACE_MS + 1000);

    const deps = { db: app.db, storage: app.storage, clock: app.clock, log: app.log };
    const removed: string[] = [];
    let startAfter: string | undefined;
    let rounds = 0;
    do {
      const round = await sweepOrphanPhotos(deps, { startAfter, limit: 2 });
      removed.push(...round.removed);
      startAfter = round.next;
      rounds += 1;
    } while (startAfter !== undefined && rounds < 100);

    expect(rounds).toBeGreaterThan(3);
    expect(removed.filter((key) => key.startsWith(`listings/${kept.id}/`)).sort()).toEqual([...strays].sort());
    for (const key of kept.keys) expect(existsSync(fileOf(key))).toBe(true);
  });

  it('sweeps an S3 bucket the same way, page by page', async () => {
    const s3 = await startS3StandIn();
    try {
      const storage = createS3Storage({
        bucket: 'bm-photos',
        region: 'us-east-1',
        endpoint: s3.url,
        credentials: { accessKeyId: 'test-access-key', secretAccessKey: 'test-secret-key' },
        publicUrl: 'https://cdn.example.test',
        forcePathStyle: true,
      });
      const kept = await listingWithPhotos(1);
      for (const key of kept.keys) await storage.put(key, await jpeg(), 'image/webp');
      const strays = Array.from({ length: 4 }, () => `listings/${kept.id}/${randomUUID()}.webp`);
      for (const key of strays) await storage.put(key, await jpeg(), 'image/webp');
      // Something else in the bucket is not the sweep's business.
      await storage.put('exports/report.csv', Buffer.from('a,b\n'), 'text/csv');

      // Two hours on: every object is past the grace period.
      const later = { now: () => new Date(Date.now() + 2 * ORPHAN_PHOTO_GRACE_MS) };
      const result = await sweepOrphanPhotos({ db: ctx.app.db, storage, clock: later, log: ctx.app.log });

      expect(result.removed.sort()).toEqual([...strays].sort());
      expect([...s3.objects.keys()].sort()).toEqual(['bm-photos/exports/report.csv', ...kept.keys.map((key) => `bm-photos/${key}`)].sort());
    } finally {
      await s3.close();
    }
  });
});
