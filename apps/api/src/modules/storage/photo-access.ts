import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { CatalogVersion } from '../../db/catalog-version.js';
import type { Db } from '../../db/database.js';
import { preparedPerHandle } from '../../db/prepared.js';
import { listings, users } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/http-errors.js';
import { isListingActive } from '../listings/index.js';
import type { ListingVisibility, PhotoStorage } from '../../providers/storage/index.js';
import type { FastAnswer, FastAnswerer, FastLane } from '../../lib/fast-lane.js';
import { photoFiles, type KeptPhotoFile, type PhotoFiles } from './photo-files.js';

/**
 * Who may load a photo file (issue 12): a listing's photos are public while the listing is
 * (paid, switched on, not expired, not removed). Otherwise only its owner sees the listing,
 * and so only the owner is given the photos' URLs — signed ones (`?access=<expiry>.<mac>`,
 * HMAC-SHA256 of the key and expiry under the server's secret), good for one to two hours.
 * A request without a valid signature for a photo of such a listing answers 404, as the
 * listing itself does. Browsers load photos with <img>, which sends no bearer token: hence
 * the signature rather than a login check.
 *
 * Applies to the local store (DATA_DIR/uploads, served here). An S3 bucket serves its files
 * itself: there, photos follow the bucket's own policy (docs/security.md).
 */

const PHOTO_KEY = /^listings\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/[^/]+$/;
/** Issue 15: a seller's logo (sellers module), public while the seller is not suspended. */
const LOGO_KEY = /^sellers\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/[^/]+$/;
const HOUR_MS = 60 * 60_000;
/** Shared caches may keep a public photo this long after its listing stops being public. */
const PUBLIC_PHOTO_MAX_AGE_SECONDS = 600;
const PUBLIC_PHOTO_CACHE_CONTROL = `public, max-age=${PUBLIC_PHOTO_MAX_AGE_SECONDS}`;
const PHOTO_NOT_FOUND = 'Photo not found';

// Issue 19: every photo request asks one of these; prepared once (db/prepared.ts).
const sellerQuery = preparedPerHandle('photo_seller', (db: Db, name) =>
  db
    .select({ suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare(name),
);
const listingQuery = preparedPerHandle('photo_listing', (db: Db, name) =>
  db
    .select({
      isActive: listings.isActive,
      paymentStatus: listings.paymentStatus,
      expiryDate: listings.expiryDate,
      isDeleted: listings.isDeleted,
      // The keys of its photos and thumbnails, one per line: a file it no longer holds is not served.
      // (Named in full: drizzle leaves a column of a field's own SQL unqualified.)
      files: sql<
        string | null
      >`(select string_agg(p.path || E'\\n' || p.thumbnail_path, E'\\n') from listing_photos p where p.listing_id = listings.id)`,
    })
    .from(listings)
    .where(eq(listings.id, sql.placeholder('id')))
    .limit(1)
    .prepare(name),
);

type ListingRow = Awaited<ReturnType<ReturnType<typeof listingQuery>['execute']>>[number];

interface PhotoListing extends ListingVisibility {
  /** The storage keys of the listing's photos and their thumbnails. */
  files: ReadonlySet<string>;
}

/** How many listings' visibility one process keeps (a few hundred bytes each). */
const KEPT_LISTINGS = 10_000;

function photoListing(row: ListingRow | undefined): PhotoListing | null {
  if (!row) return null;
  const { files, ...visibility } = row;
  return { ...visibility, files: new Set(files ? files.split('\n') : []) };
}

/**
 * Issue 19: what decides whether a listing's photos are public — its state and expiry date,
 * and which photos it holds — moves the catalog version when it changes (migration 0008), so
 * a listing's row read once holds until the version moves: a page of twenty thumbnails asks
 * the database once per listing, not once per file. Expiry is judged at each request from the
 * kept date. Answers the version it was checked at too: the file's sender trusts what it
 * found on disk at that version (photo-files.ts).
 */
function listingVisibility(db: Db, catalogVersion: CatalogVersion): KeptListings {
  const kept = new LRUCache<string, { version: number; listing: PhotoListing | null }>({ max: KEPT_LISTINGS });
  return {
    async read(listingId) {
      const version = await catalogVersion.current();
      const known = kept.get(listingId);
      if (known?.version === version) return known;
      const [row] = await listingQuery(db).execute({ id: listingId });
      const read = { version, listing: photoListing(row) };
      kept.set(listingId, read);
      return read;
    },
    keptAt(listingId, version) {
      const known = kept.get(listingId);
      return known?.version === version ? (known.listing ?? undefined) : undefined;
    },
  };
}

interface KeptListings {
  read(listingId: string): Promise<{ listing: PhotoListing | null; version: number }>;
  /** The listing as read at `version`, without asking the database; undefined when it is not kept at that version. */
  keptAt(listingId: string, version: number): PhotoListing | undefined;
}

function mac(secret: string, key: string, expiresAt: number): string {
  return createHmac('sha256', secret).update(`photo-access\n${key}\n${expiresAt}`).digest('base64url');
}

/**
 * A signed URL, stable within an hour (so a browser's cache still helps): it expires at the
 * end of the hour after the current one.
 */
function signedPhotoQuery(secret: string, key: string, now: Date): string {
  const expiresAt = Math.floor(((Math.floor(now.getTime() / HOUR_MS) + 2) * HOUR_MS) / 1000);
  return `access=${expiresAt}.${mac(secret, key, expiresAt)}`;
}

/** Seconds the signature is still good for; 0 when it is missing, wrong or expired. */
function signatureSecondsLeft(secret: string, key: string, access: string | undefined, now: Date): number {
  if (!access) return 0;
  const [expiry, given] = access.split('.');
  const expiresAt = Number(expiry);
  if (!Number.isSafeInteger(expiresAt) || !given) return 0;
  const expected = Buffer.from(mac(secret, key, expiresAt));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return 0;
  return Math.max(0, Math.floor(expiresAt - now.getTime() / 1000));
}

/** The local store, with owner-only URLs for the photos of listings others cannot see. */
export function withPhotoAccess(storage: PhotoStorage, secret: string, clock: Clock): PhotoStorage {
  return {
    ...storage,
    listingPhotoUrl(key: string, listing: ListingVisibility): string {
      const now = clock.now();
      const url = storage.url(key);
      return isListingActive(listing, now) ? url : `${url}?${signedPhotoQuery(secret, key, now)}`;
    },
  };
}

/** The key a path under `prefix` asks for, or undefined when it is not a photo key. */
function requestedKey(pathname: string, prefix: string): string | undefined {
  if (!pathname.startsWith(prefix)) return undefined;
  let key: string;
  try {
    key = decodeURIComponent(pathname.slice(prefix.length));
  } catch {
    return undefined;
  }
  return PHOTO_KEY.test(key) || LOGO_KEY.test(key) ? key : undefined;
}

/**
 * Serves DATA_DIR/uploads under `prefix`, each file only to whom its listing is visible (see
 * above): public photos with a short shared cache, owner-only ones privately.
 */
export async function servePhotoFiles(
  app: FastifyInstance,
  options: { root: string; prefix: string; secret: string; db: Db; clock: Clock; catalogVersion: CatalogVersion },
): Promise<void> {
  const listings = listingVisibility(options.db, options.catalogVersion);
  const files = photoFiles(options.root, () => notFound(PHOTO_NOT_FOUND, 'photo_not_found'));
  /**
   * Whether the request may have the file under `key`: answers the catalog version its
   * listing was checked at (undefined for a logo), or throws the 404 a missing photo gets.
   */
  const checkAccess = async (request: FastifyRequest, reply: FastifyReply, key: string): Promise<number | undefined> => {
    const sellerId = LOGO_KEY.exec(key)?.[1];
    if (sellerId !== undefined) {
      const [seller] = await sellerQuery(options.db).execute({ id: sellerId });
      if (!seller || seller.suspendedAt !== null) throw notFound(PHOTO_NOT_FOUND, 'photo_not_found');
      void reply.header('cache-control', PUBLIC_PHOTO_CACHE_CONTROL);
      return undefined;
    }
    const { listing, version } = await listings.read(PHOTO_KEY.exec(key)![1]!);
    if (!listing?.files.has(key)) throw notFound(PHOTO_NOT_FOUND, 'photo_not_found');
    const now = options.clock.now();
    if (isListingActive(listing, now)) {
      void reply.header('cache-control', PUBLIC_PHOTO_CACHE_CONTROL);
      return version;
    }
    const access = (request.query as Record<string, string | undefined>).access;
    const secondsLeft = signatureSecondsLeft(options.secret, key, access, now);
    if (secondsLeft === 0) throw notFound(PHOTO_NOT_FOUND, 'photo_not_found');
    void reply.header('cache-control', `private, max-age=${Math.min(secondsLeft, 3600)}`);
    return version;
  };
  await app.register(async (scope) => {
    // Photos and logos are WebP, already compressed: the compression plugin's hooks would only look.
    scope.get(`${options.prefix}*`, { schema: { hide: true }, compress: false, decompress: false }, async (request, reply) => {
      const key = requestedKey(request.url.split('?')[0] ?? '', options.prefix);
      if (!key) throw notFound(PHOTO_NOT_FOUND, 'photo_not_found');
      const version = await checkAccess(request, reply, key);
      return files.send(request, reply, key, version);
    });
  });
  app.fastLane.under(options.prefix, fastPublicPhotos(app.fastLane, options, listings, files));
}

/**
 * The fast lane's share (lib/fast-lane.ts): a public listing's photo whose listing and file
 * were both checked at the catalog version this process knows now, with the same headers as
 * above. Anything else — a logo, a listing not public, a signed URL's photo, a file or listing
 * not kept at this version — is left to the route above, which reads what it needs.
 */
function fastPublicPhotos(
  lane: FastLane,
  options: { prefix: string; clock: Clock; catalogVersion: CatalogVersion },
  listings: KeptListings,
  files: PhotoFiles,
): FastAnswerer {
  const route = `${options.prefix}*`;
  const answers = new WeakMap<KeptPhotoFile, FastAnswer>();
  const answerFor = (file: KeptPhotoFile): FastAnswer => {
    let answer = answers.get(file);
    if (!answer) {
      const validators = {
        'cache-control': PUBLIC_PHOTO_CACHE_CONTROL,
        etag: file.etag,
        'last-modified': file.lastModified,
        'content-type': file.type,
      };
      answer = lane.prepare({
        route,
        headers: { ...validators, 'content-length': file.body.length },
        body: file.body,
        notModified: { validators: file, headers: validators },
      });
      answers.set(file, answer);
    }
    return answer;
  };
  return (_request, pathname) => {
    const version = options.catalogVersion.knownNow();
    if (version === undefined) return undefined;
    const key = requestedKey(pathname, options.prefix);
    const listingId = key && PHOTO_KEY.exec(key)?.[1];
    if (!key || !listingId) return undefined;
    const listing = listings.keptAt(listingId, version);
    if (!listing?.files.has(key) || !isListingActive(listing, options.clock.now())) return undefined;
    const file = files.keptAt(key, version);
    return file && answerFor(file);
  };
}
