import { DROP_IMAGES_ONLY } from '@benchmarket/shared';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { payloadTooLarge, unsupportedMediaType } from '../../lib/http-errors.js';
import {
  ACCEPTED_IMAGE_TYPES,
  MAX_PHOTO_PIXELS,
  PHOTO_MAX_EDGE,
  PHOTO_WEBP_QUALITY,
  THUMBNAIL_MAX_EDGE,
  THUMBNAIL_WEBP_QUALITY,
} from './limits.js';
import { PHOTO_UNREADABLE, photoTooManyPixels } from './texts.js';

export interface ProcessedPhoto {
  /** WebP, at most PHOTO_MAX_EDGE on its longer side, upright, without metadata. */
  photo: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

/**
 * An uploaded file made safe to publish:
 * 1. its content must be an image (sniffed from the bytes: the name and the declared type
 *    are the sender's word and are ignored) — else 415 'Please drop image files only';
 * 2. its header must declare at most MAX_PHOTO_PIXELS, checked before decoding — else 413;
 * 3. it must decode (HEIC, for one, does not with the prebuilt image library) — else 415;
 * 4. it is turned upright from its EXIF orientation, resized, and re-encoded as WebP with
 *    no metadata at all (no EXIF, no GPS position, no camera serial), plus a thumbnail.
 */
/**
 * Process-wide image library settings: no cache of decoded images (memory goes back after
 * each upload instead of staying with the process) and one libvips thread per image — how
 * many images decode at once is the DecodeQueue's business (PHOTO_DECODE_CONCURRENCY).
 */
export function configureImageLibrary(): void {
  sharp.cache(false);
  sharp.concurrency(1);
}

export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED_IMAGE_TYPES.has(type.mime)) throw unsupportedMediaType(DROP_IMAGES_ONLY, 'not_an_image');

  let width: number | undefined;
  let height: number | undefined;
  try {
    // Reads the header only: no pixel is decoded yet.
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    width = metadata.width;
    height = metadata.height;
  } catch {
    throw unsupportedMediaType(PHOTO_UNREADABLE, 'unreadable_image');
  }
  if (!width || !height) throw unsupportedMediaType(PHOTO_UNREADABLE, 'unreadable_image');
  if (width * height > MAX_PHOTO_PIXELS) throw payloadTooLarge(photoTooManyPixels(width, height), 'too_many_pixels');

  try {
    // limitInputPixels again: the decoder enforces it too, whatever the header said.
    const { data: photo, info } = await sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error', sequentialRead: true })
      .rotate()
      .resize({ width: PHOTO_MAX_EDGE, height: PHOTO_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: PHOTO_WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(photo)
      .resize({ width: THUMBNAIL_MAX_EDGE, height: THUMBNAIL_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: THUMBNAIL_WEBP_QUALITY })
      .toBuffer();
    return { photo, thumbnail, width: info.width, height: info.height };
  } catch {
    throw unsupportedMediaType(PHOTO_UNREADABLE, 'unreadable_image');
  }
}
