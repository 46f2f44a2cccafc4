import { MAX_PHOTO_PIXELS } from './limits.js';

/**
 * Texts of the photos API that the spec leaves to us (ours). The spec's own come from
 * `@benchmarket/shared`: 'Please drop image files only', 'You can only have up to 5 photos
 * (currently have N)', and our shared 'Each photo must be at most 10 MB'.
 */
export const NO_PHOTOS_SENT = "Please choose at least one photo to upload (multipart field 'files')";
export const NOT_MULTIPART = "Photos must be sent as multipart/form-data, in the 'files' field";
export const PHOTO_UNREADABLE = 'This photo could not be read. Please upload a JPEG, PNG, WebP, GIF or AVIF image.';
export const PHOTO_NOT_FOUND = 'Photo not found';

export function photoTooManyPixels(width: number, height: number): string {
  const megapixels = MAX_PHOTO_PIXELS / 1_000_000;
  return `Each photo can have at most ${megapixels} megapixels (this one is ${width} × ${height} pixels)`;
}

export const UPLOAD_MALFORMED =
  "This upload could not be read: it is not well-formed multipart/form-data. Please send the photos as a form, in the 'files' field.";
export const UPLOAD_IN_PROGRESS = 'You are already uploading photos. Please wait until those uploads have finished, then try again.';

export function photoQuotaReached(photosPerHour: number, retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `You can upload up to ${photosPerHour} photos an hour. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}
