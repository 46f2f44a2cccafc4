import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';
import type { Database, Db } from '../db/database.js';
import { listingDocuments, listingPhotos, listingReports, listings, sellerProfiles, users } from '../db/schema.js';
import { hashPassword } from '../modules/auth/index.js';
import { ListingsService } from '../modules/listings/index.js';
import { checkListing } from '../modules/verification/index.js';
import { loadLocalMeaningModel, type LocalMeaningModel } from '../providers/embeddings/local-meaning.js';
import { buildDemoCatalog, type PlannedListing } from './catalog.js';
import { DEMO_ACCOUNTS, type DemoAccountKey } from './demo-accounts.js';
import { writeDemoBuyerActivity } from './buyer-demo.js';
import { buildModerationDemo, DEMO_REPORTS } from './moderation-demo.js';
import { buildPaymentsDemo, planDemoPayments, writeDemoPayments } from './payments-demo.js';
import { makeDemoDocuments } from './documents.js';
import { createPhotoRenderer } from './photos.js';
import { DEMO_SELLER_PROFILES, renderLogo } from './seller-profiles.js';

/**
 * The demo catalog (issue 4): demo accounts and 250+ listings with a generated photo each,
 * and what the operations console works on (issue 14: an admin account, listings the check
 * held or rejected, buyers' reports), written in one transaction. It only ever runs on a database with no users and no
 * listings; the caller (runtime.ts) decides whether demo data is wanted at all.
 */

interface SeedOptions {
  /** The base clock the catalog's dates are relative to; default the app's clock. */
  now?: Date;
  /** Photos rendered and stored at once; default the number of cores. */
  concurrency?: number;
}

export interface SeedResult {
  seeded: boolean;
  users: number;
  activeListings: number;
  /** The demo seller's unpaid, expired and removed listings, and the console's unpaid draft. */
  otherListings: number;
  /** Buyers' open reports (issue 14). */
  reports: number;
  photos: number;
  /** Wall time in total, making the photos (with password hashing alongside), and writing rows. */
  ms: number;
  photosMs: number;
  databaseMs: number;
}

/** Serialises two processes seeding the same empty database at once. */
const SEED_LOCK = 0x62_6d_73_64; // 'bmsd'
const INSERT_BATCH = 100;

type DbOrTx = Pick<Db, 'execute'>;

/**
 * DEMO_DATA (ARCHITECTURE: Configuration): unset → on for the embedded database only (a
 * fresh `npm start`), 1 → on for PostgreSQL too, 0 → off. The seed then still runs only on
 * an empty database.
 */
export function demoDataWanted(config: Pick<AppConfig, 'demoData' | 'isProduction'>, databaseKind: Database['kind']): boolean {
  if (config.demoData !== undefined) return config.demoData;
  // Demo accounts have published passwords: production seeds only when asked explicitly.
  return databaseKind === 'pglite' && !config.isProduction;
}

async function databaseIsEmpty(db: DbOrTx): Promise<boolean> {
  const result = await db.execute<{ empty: boolean }>(
    sql`select not exists (select 1 from ${users}) and not exists (select 1 from ${listings}) as empty`,
  );
  return result.rows[0]?.empty === true;
}

/** Runs `work` over `items`, at most `limit` at a time, keeping the order of results. */
async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

interface StoredPhoto {
  id: string;
  key: string;
  thumbnailKey: string;
  width: number;
  height: number;
  bytes: number;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function listingRow(planned: PlannedListing, id: string, userId: string, meaningModel: LocalMeaningModel) {
  // Derived by the listings service, as for a listing a seller creates; checked by the local
  // rules (no AI call per demo listing), with the catalog's category when the rules find none.
  const derived = await ListingsService.derive(
    {
      title: planned.title,
      description: planned.description,
      price: planned.priceCents / 100,
      condition: planned.condition,
      location: planned.location,
      ...planned.specifications,
    },
    { verify: checkListing, meaningModel, fallbackCategory: planned.category },
  );
  const paid = planned.state !== 'unpaid';
  return {
    ...derived,
    id,
    userId,
    priceCents: planned.priceCents,
    location: planned.location,
    locationCode: planned.locationCode,
    isDeleted: planned.state === 'deleted',
    // As the product leaves them: payment switches a listing on, removal switches it off,
    // expiry only passes its date.
    isActive: paid && planned.state !== 'deleted',
    paymentStatus: paid ? ('paid' as const) : ('unpaid' as const),
    expiryDate: planned.expiryDate,
    durationMonths: planned.durationMonths,
    createdAt: planned.createdAt,
    updatedAt: planned.deletedAt ?? planned.createdAt,
  };
}

/** The demo buyer's open reports, on the listings they name (a console demo key, or a family's first catalog listing). */
function demoReports(
  catalog: readonly PlannedListing[],
  listingIds: readonly string[],
  userIds: ReadonlyMap<DemoAccountKey, string>,
  now: Date,
) {
  return DEMO_REPORTS.map((report) => {
    const family = report.listing.startsWith('catalog:') ? report.listing.slice('catalog:'.length) : undefined;
    const index = catalog.findIndex((planned) =>
      family ? planned.category === family && planned.state === 'active' : planned.key === report.listing,
    );
    if (index < 0) throw new Error(`demo report on an unknown listing ${report.listing}`);
    return {
      listingId: listingIds[index]!,
      reporterId: userIds.get(report.reporter)!,
      reason: report.reason,
      details: report.details,
      createdAt: new Date(now.getTime() - report.daysAgo * 24 * 3600 * 1000),
    };
  });
}

/** Every listing the demo data writes: the catalog, the moderation and the payments demos. */
export function demoListingsPlan(now: Date): PlannedListing[] {
  return [...buildDemoCatalog(now), ...buildModerationDemo(now), ...buildPaymentsDemo(now)];
}

/**
 * Seeds the demo accounts and catalog when the database has no users and no listings;
 * otherwise does nothing and answers `seeded: false`.
 */
export async function seedDemoData(app: FastifyInstance, options: SeedOptions = {}): Promise<SeedResult> {
  const started = performance.now();
  const skipped = (): SeedResult => ({
    seeded: false,
    users: 0,
    activeListings: 0,
    otherListings: 0,
    reports: 0,
    photos: 0,
    ms: Math.round(performance.now() - started),
    photosMs: 0,
    databaseMs: 0,
  });
  if (!(await databaseIsEmpty(app.db))) return skipped();

  const now = options.now ?? app.clock.now();
  const catalog = demoListingsPlan(now);
  const listingIds = catalog.map(() => randomUUID());
  const userIds = new Map<DemoAccountKey, string>(DEMO_ACCOUNTS.map((account) => [account.key, randomUUID()]));
  const renderer = createPhotoRenderer();
  const concurrency = Math.max(1, options.concurrency ?? availableParallelism());

  // Hashing (argon2's own threads) and photo rendering (libvips threads) run side by side.
  const photosStarted = performance.now();
  const [passwordHashes, photos, meaningModel] = await Promise.all([
    Promise.all(DEMO_ACCOUNTS.map((account) => hashPassword(account.password))),
    mapLimit(catalog, concurrency, async (planned, index): Promise<StoredPhoto> => {
      const rendered = await renderer.render(planned.photo);
      const id = randomUUID();
      const base = `listings/${listingIds[index]}/${id}`;
      const stored = { id, key: `${base}.webp`, thumbnailKey: `${base}-thumb.webp` };
      await Promise.all([
        app.storage.put(stored.key, rendered.photo, 'image/webp'),
        app.storage.put(stored.thumbnailKey, rendered.thumbnail, 'image/webp'),
      ]);
      return { ...stored, width: rendered.width, height: rendered.height, bytes: rendered.photo.length };
    }),
    loadLocalMeaningModel(),
  ]);
  // Issue 15: the demo seller's and dealer's logos, stored as an uploaded logo is.
  const profiles = await Promise.all(
    Object.entries(DEMO_SELLER_PROFILES).map(async ([key, profile]) => {
      const userId = userIds.get(key as DemoAccountKey)!;
      const logoKey = `sellers/${userId}/${randomUUID()}.webp`;
      await app.storage.put(logoKey, await renderLogo(profile.logo), 'image/webp');
      return { userId, profile, logoKey };
    }),
  );
  // Issue 15: a few PDFs (certificates, service history) on the first active listings.
  const documents = await makeDemoDocuments(catalog, listingIds, (key, bytes) => app.storage.put(key, bytes, 'application/pdf'));
  const photosMs = Math.round(performance.now() - photosStarted);
  const paymentsPlan = await planDemoPayments(app, catalog, now);
  const databaseStarted = performance.now();
  const removeFiles = () =>
    Promise.allSettled([
      ...photos.flatMap((photo) => [app.storage.remove(photo.key), app.storage.remove(photo.thumbnailKey)]),
      ...profiles.map(({ logoKey }) => app.storage.remove(logoKey)),
      ...documents.map(({ key }) => app.storage.remove(key)),
    ]);

  let seeded: boolean;
  try {
    seeded = await app.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
      // Someone may have registered (or another process seeded) while the photos were made.
      if (!(await databaseIsEmpty(tx))) return false;

      const accountsSince = new Date(now.getTime() - 90 * 24 * 3600 * 1000);
      await tx.insert(users).values(
        DEMO_ACCOUNTS.map((account, i) => ({
          id: userIds.get(account.key)!,
          email: account.email,
          passwordHash: passwordHashes[i]!,
          isVerified: account.isVerified,
          role: account.admin ? ('admin' as const) : ('user' as const),
          createdAt: account.key === 'new' ? new Date(now.getTime() - 3600 * 1000) : accountsSince,
          updatedAt: account.key === 'new' ? new Date(now.getTime() - 3600 * 1000) : accountsSince,
        })),
      );
      await tx.insert(sellerProfiles).values(
        profiles.map(({ userId, profile, logoKey }) => ({
          userId,
          displayName: profile.displayName,
          company: profile.company,
          country: profile.country,
          about: profile.about,
          logoPath: logoKey,
          createdAt: accountsSince,
          updatedAt: accountsSince,
        })),
      );
      const rows = await Promise.all(
        catalog.map((planned, i) => listingRow(planned, listingIds[i]!, userIds.get(planned.owner)!, meaningModel)),
      );
      for (const batch of chunks(rows, INSERT_BATCH)) await tx.insert(listings).values(batch);
      const photoRows = photos.map((photo, i) => ({
        id: photo.id,
        listingId: listingIds[i]!,
        position: 0,
        path: photo.key,
        thumbnailPath: photo.thumbnailKey,
        width: photo.width,
        height: photo.height,
        bytes: photo.bytes,
        createdAt: catalog[i]!.createdAt,
      }));
      for (const batch of chunks(photoRows, INSERT_BATCH)) await tx.insert(listingPhotos).values(batch);
      if (documents.length > 0) {
        await tx.insert(listingDocuments).values(
          documents.map((document, i) => ({
            listingId: listingIds[document.listingIndex]!,
            type: document.type,
            title: document.title,
            bytes: document.bytes.length,
            path: document.key,
            createdAt: new Date(catalog[document.listingIndex]!.createdAt.getTime() + i),
          })),
        );
      }
      await tx.insert(listingReports).values(demoReports(catalog, listingIds, userIds, now));
      await writeDemoPayments(tx, paymentsPlan, { listings: listingIds, users: userIds }, app.config, now);
      await writeDemoBuyerActivity(tx, catalog, { listings: listingIds, users: userIds }, now);
      return true;
    });
  } catch (error) {
    await removeFiles();
    throw error;
  }
  if (!seeded) {
    await removeFiles();
    return skipped();
  }

  // ARCHITECTURE: run ANALYZE after bulk loads, so the planner sees the new row counts.
  await app.db.execute(sql`analyze ${users}, ${listings}, ${listingPhotos}`);
  const active = catalog.filter((planned) => planned.state === 'active').length;
  return {
    seeded: true,
    users: DEMO_ACCOUNTS.length,
    activeListings: active,
    otherListings: catalog.length - active,
    reports: DEMO_REPORTS.length,
    photos: photos.length,
    ms: Math.round(performance.now() - started),
    photosMs,
    databaseMs: Math.round(performance.now() - databaseStarted),
  };
}
