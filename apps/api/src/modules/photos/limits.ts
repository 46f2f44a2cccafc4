import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_LISTING } from '@benchmarket/shared';

/**
 * Photo limits (docs/decisions/004-photos.md). Bytes and count are shared with the web app;
 * the rest are the server's own.
 */
export { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_LISTING };

/**
 * Decoded size limit: 40 megapixels (a 7744 × 5163 camera frame fits; sharp's default is
 * 268 megapixels). A small file can declare enormous dimensions (a decompression bomb);
 * the header is checked before any pixel is decoded.
 */
export const MAX_PHOTO_PIXELS = 40_000_000;

/** The stored photo fits inside this many pixels on its longer side (never enlarged). */
export const PHOTO_MAX_EDGE = 1600;
export const PHOTO_WEBP_QUALITY = 82;
export const THUMBNAIL_MAX_EDGE = 400;
export const THUMBNAIL_WEBP_QUALITY = 75;

/** What the content sniffer may find; HEIC/HEIF only pass if the image library can decode them. */
export const ACCEPTED_IMAGE_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/heic',
  'image/heif',
]);

/** Uploads one account may have in progress at once in a process (the web app sends one at a time). */
export const MAX_UPLOADS_AT_ONCE_PER_ACCOUNT = 2;

/** The photo quota's window: RATE_LIMIT_PHOTOS_PER_HOUR photos per account. */
export const PHOTO_QUOTA_WINDOW_MS = 60 * 60_000;

/**
 * The most a legitimate upload can carry: every photo at its largest, plus the form's own
 * bytes. The rest of a refused body up to this size is read and dropped so its keep-alive
 * connection can carry the next request; beyond it, the connection is closed instead.
 */
export const MAX_UPLOAD_REQUEST_BYTES = MAX_PHOTOS_PER_LISTING * MAX_PHOTO_BYTES + 1024 * 1024;
