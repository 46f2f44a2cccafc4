/**
 * The photo storage port (ARCHITECTURE: outside world behind ports). Local adapter: files
 * under DATA_DIR/uploads (./local.ts), served by the storage module only to whom their listing
 * is visible; real adapter: an S3-compatible object store (./s3.ts). No domain import here.
 */
export interface PhotoStorage {
  /** Saves bytes under a key like `listings/<listingId>/<photoId>.webp`. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** The bytes under `key`, or undefined when there is none (issue 15: documents are served by the API). */
  get(key: string): Promise<Buffer | undefined>;
  /** The URL a browser loads the key from. */
  url(key: string): string;
  /**
   * The URL of a listing's photo for whoever is shown the listing: url() while the listing is
   * public; for one only its owner sees, a signed URL nobody else is given (./photo-access.ts).
   * Absent (S3): url() always.
   */
  listingPhotoUrl?(key: string, listing: ListingVisibility): string;
  /**
   * Every stored key under `prefix` (a folder like `listings/`) with when it was written, in
   * key order; with `startAfter`, only the keys after it (to go on where an earlier call stopped).
   */
  list(prefix: string, startAfter?: string): AsyncIterable<StoredObject>;
}

/** What decides whether a listing, and so its photos, is public (the listings module's rule). */
export interface ListingVisibility {
  isActive: boolean;
  paymentStatus: 'unpaid' | 'paid';
  expiryDate: Date | null;
  isDeleted: boolean;
}

export interface StoredObject {
  key: string;
  modifiedAt: Date;
}
