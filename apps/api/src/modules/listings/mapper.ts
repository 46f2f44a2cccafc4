import { sellerPublicName, type Condition, type Listing, type ListingModeration, type Specifications } from '@benchmarket/shared';
import { asc, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { preparedPerHandle } from '../../db/prepared.js';
import { listingDocuments, listingPhotos, listings, sellerProfiles } from '../../db/schema.js';
import type { PhotoStorage } from '../../providers/storage/index.js';

/**
 * Rows to the API's Listing (spec §3). The table is not the contract (STYLE): money is
 * cents here and a number in the currency unit there, photos are storage keys here and
 * URLs there, the search vector and embedding never leave the database.
 */

const {
  searchVector: _searchVector,
  embedding: _embedding,
  meaning: _meaning,
  meaningModel: _meaningModel,
  searchRev: _searchRev,
  ...columns
} = getTableColumns(listings);

/** Every listing column a response needs (not the search vector, the embeddings or their revision). */
export const listingColumns = columns;
export type ListingRow = Omit<typeof listings.$inferSelect, 'searchVector' | 'embedding' | 'meaning' | 'meaningModel' | 'searchRev'>;
export type PhotoRow = typeof listingPhotos.$inferSelect;

/** Any drizzle handle that can select: the app's db or a transaction. */
export type DbReader = Pick<Db, 'select'>;

export const centsToUnits = (cents: number): number => Math.round(cents) / 100;
export const unitsToCents = (units: number): number => Math.round(units * 100);

/**
 * Who looks at a listing, and when. `is_featured` holds until `featured_until` (issue 14);
 * an operator's decision (`moderation`) is shown to the listing's owner and to admins only —
 * everyone else gets null, so a buyer never reads why a seller was told off.
 */
export interface ListingView {
  now: Date;
  /** The caller (null or absent: a visitor). */
  viewerId?: string | null;
  admin?: boolean;
}

export function isFeatured(row: Pick<ListingRow, 'featuredUntil'>, now: Date): boolean {
  return row.featuredUntil !== null && row.featuredUntil.getTime() > now.getTime();
}

function moderationOf(row: ListingRow, view: ListingView): ListingModeration | null {
  if (!row.moderationStatus) return null;
  if (!view.admin && (!view.viewerId || view.viewerId !== row.userId)) return null;
  return { status: row.moderationStatus, reason: row.moderationReason, at: row.moderatedAt ? row.moderatedAt.toISOString() : null };
}

/**
 * Issue 15: the specifications, regulatory facts and decontamination statement. The serial
 * number is the owner's alone: for anyone else (admins included) the key is absent.
 */
function specificationsOf(row: ListingRow, view: ListingView): Specifications {
  const owner = Boolean(view.viewerId) && view.viewerId === row.userId;
  return {
    manufacturer: row.manufacturer,
    model: row.model,
    year_of_manufacture: row.yearOfManufacture,
    hours_of_use: row.hoursOfUse,
    ...(owner && { serial_number: row.serialNumber }),
    warranty: row.warranty,
    shipping: row.shipping,
    lead_time_days: row.leadTimeDays,
    included_accessories: row.includedAccessories ?? [],
    regulatory: {
      device_class: row.deviceClass,
      fda_510k_number: row.fda510kNumber,
      ce_marking: row.ceMarking,
      sale_restriction: row.saleRestriction ?? 'none',
    },
    decontamination: row.decontaminationStatus ? { status: row.decontaminationStatus, date: row.decontaminationDate } : null,
  };
}

/** What a listing's answer needs of a photo. */
export type PhotoFile = Pick<PhotoRow, 'path' | 'thumbnailPath' | 'position'>;

export function toListing(
  row: ListingRow,
  photos: readonly PhotoFile[],
  storage: PhotoStorage,
  view: ListingView = { now: new Date() },
  sellerName?: string,
): Listing {
  const ordered = [...photos].sort((a, b) => a.position - b.position);
  // Photos of a listing only its owner sees have URLs only the owner is given (storage/photo-access.ts).
  const photoUrl = (key: string) => (storage.listingPhotoUrl ? storage.listingPhotoUrl(key, row) : storage.url(key));
  return {
    id: row.id,
    user_id: row.userId,
    title: row.title,
    description: row.description,
    price: centsToUnits(row.priceCents),
    condition: row.condition as Condition,
    location: row.location,
    created_at: row.createdAt.toISOString(),
    photos: ordered.map((photo) => photoUrl(photo.path)),
    thumbnails: ordered.map((photo) => photoUrl(photo.thumbnailPath)),
    is_verified: row.isVerified,
    is_deleted: row.isDeleted,
    is_active: row.isActive,
    payment_status: row.paymentStatus,
    expiry_date: row.expiryDate ? row.expiryDate.toISOString() : null,
    duration_months: row.durationMonths,
    category: row.category,
    verification: row.verificationStatus ? { status: row.verificationStatus, verification_notes: row.verificationNotes } : null,
    is_featured: isFeatured(row, view.now),
    moderation: moderationOf(row, view),
    ...specificationsOf(row, view),
    ...(sellerName !== undefined && { seller_name: sellerName }),
  };
}

/**
 * Issue 15: the public names of the sellers of `userIds` in one query (reading the sellers
 * module's profiles): the display name, else 'Seller from {country}' — never an email.
 */
const sellerNamesQuery = preparedPerHandle('listing_seller_names', (db: DbReader, name) =>
  db
    .select({ userId: sellerProfiles.userId, displayName: sellerProfiles.displayName, country: sellerProfiles.country })
    .from(sellerProfiles)
    .where(sql`${sellerProfiles.userId} = any(${sql.placeholder('ids')})`)
    .prepare(name),
);

export async function loadSellerNames(db: DbReader, userIds: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(userIds)];
  const names = new Map<string, string>();
  if (unique.length === 0) return names;
  const rows = await sellerNamesQuery(db).execute({ ids: unique });
  for (const row of rows) names.set(row.userId, sellerPublicName({ display_name: row.displayName, country: row.country }));
  for (const id of unique) if (!names.has(id)) names.set(id, sellerPublicName({ display_name: null, country: null }));
  return names;
}

const photosQuery = preparedPerHandle('listing_photos_of', (db: DbReader, name) =>
  db
    .select()
    .from(listingPhotos)
    .where(sql`${listingPhotos.listingId} = any(${sql.placeholder('ids')})`)
    .orderBy(asc(listingPhotos.listingId), asc(listingPhotos.position))
    .prepare(name),
);

/** The photos of several listings in one query, each listing's in order. */
async function loadPhotos(db: DbReader, listingIds: readonly string[]): Promise<Map<string, PhotoRow[]>> {
  const byListing = new Map<string, PhotoRow[]>();
  if (listingIds.length === 0) return byListing;
  const rows = await photosQuery(db).execute({ ids: [...new Set(listingIds)] });
  for (const row of rows) {
    const list = byListing.get(row.listingId);
    if (list) list.push(row);
    else byListing.set(row.listingId, [row]);
  }
  return byListing;
}

/**
 * Columns that bring a listing's photos and its seller's public name along with its row, so a
 * hot read (one listing, the latest listings) is one round trip to the database instead of
 * three (issue 19). Select them beside `listingColumns` and map with `toListingsRead`. The
 * outer row is named by its table: drizzle writes a one-table select's columns unqualified,
 * which inside these subqueries would name the photo's or profile's own column.
 */
export const photosAndSellerColumns = {
  photoFiles: sql<
    PhotoFile[]
  >`coalesce((select json_agg(json_build_object('path', p.path, 'thumbnailPath', p.thumbnail_path, 'position', p.position) order by p.position) from ${listingPhotos} p where p.listing_id = listings.id), '[]'::json)`,
  sellerDisplayName: sql<string | null>`(select s.display_name from ${sellerProfiles} s where s.user_id = listings.user_id)`,
  sellerCountry: sql<string | null>`(select s.country from ${sellerProfiles} s where s.user_id = listings.user_id)`,
};

/**
 * A listing's PDF documents as the documents module lists them (oldest first), read with the
 * listing's row: its page is then one round trip. `createdAt` is ISO 8601 with milliseconds,
 * as a Date of the column would print it. The documents module maps them (their links depend
 * on who may see the listing): `app.listingDocuments.fromAttached`.
 */
export interface AttachedDocument {
  id: string;
  type: string;
  title: string;
  bytes: number;
  createdAt: string;
}

export const attachedDocumentsColumn = sql<
  AttachedDocument[]
>`coalesce((select json_agg(json_build_object('id', d.id, 'type', d.type, 'title', d.title, 'bytes', d.bytes, 'createdAt', to_char(d.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by d.created_at, d.id) from ${listingDocuments} d where d.listing_id = listings.id), '[]'::json)`;

export type ListingRowRead = ListingRow & { photoFiles: PhotoFile[]; sellerDisplayName: string | null; sellerCountry: string | null };

/** Rows read with photosAndSellerColumns as API listings: no further query. */
export function toListingsRead(rows: readonly ListingRowRead[], storage: PhotoStorage, view: ListingView): Listing[] {
  return rows.map((row) =>
    toListing(row, row.photoFiles, storage, view, sellerPublicName({ display_name: row.sellerDisplayName, country: row.sellerCountry })),
  );
}

/**
 * A page of rows as API listings: two queries whatever the page size (the rows, already
 * loaded, and their photos). Search and other modules map their rows through this.
 */
export async function toListings(
  db: DbReader,
  storage: PhotoStorage,
  rows: readonly ListingRow[],
  view: ListingView = { now: new Date() },
): Promise<Listing[]> {
  const [photos, sellers] = await Promise.all([
    loadPhotos(
      db,
      rows.map((row) => row.id),
    ),
    loadSellerNames(
      db,
      rows.map((row) => row.userId),
    ),
  ]);
  return rows.map((row) => toListing(row, photos.get(row.id) ?? [], storage, view, sellers.get(row.userId)));
}
