import {
  ListingSchema,
  LOGO_NOT_SENT,
  LOGO_UPLOAD_FIELD,
  PHOTO_TOO_LARGE,
  PHOTO_UPLOAD_FIELD,
  SellerProfileSchema,
  tooManyPhotos,
} from '@benchmarket/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, payloadTooLarge, tooManyRequests } from '../../lib/http-errors.js';
import { registerMultipartUploads } from '../../lib/multipart-upload.js';
import { errorResponses, IdPathSchema, signedInRoutes } from '../../lib/route-schemas.js';
import { currentUserOf } from '../auth/index.js';
import { DecodeQueue } from './decode-queue.js';
import { configureImageLibrary, processPhoto, type ProcessedPhoto } from './image-processing.js';
import {
  MAX_PHOTO_BYTES,
  MAX_PHOTOS_PER_LISTING,
  MAX_UPLOAD_REQUEST_BYTES,
  MAX_UPLOADS_AT_ONCE_PER_ACCOUNT,
  PHOTO_QUOTA_WINDOW_MS,
} from './limits.js';
import { NO_PHOTOS_SENT, NOT_MULTIPART, photoQuotaReached, UPLOAD_IN_PROGRESS, UPLOAD_MALFORMED } from './texts.js';

const TAGS = ['photos'];

/** spec §7: the dashboard identifies a photo by its index (0-based, in the listing's order). */
const PhotoParamsSchema = IdPathSchema.extend({ photoId: z.coerce.number().int().min(0) });

const errors = errorResponses(400, 401, 403, 404, 409, 413, 415, 429);

/**
 * /listings/{id}/photos (spec §7). Upload: multipart, the repeated field 'files'; at most
 * MAX_PHOTOS_PER_LISTING per listing in total, each at most MAX_PHOTO_BYTES; every file is
 * checked and processed before any is stored, so an upload is all or nothing.
 *
 * Bounds (issue 12): the parts are read one at a time and each photo is processed as soon as
 * it has arrived, so a request holds at most one original (MAX_PHOTO_BYTES) in memory; decodes
 * wait in a process-wide queue (PHOTO_DECODE_CONCURRENCY, accounts in turn); an account has
 * at most MAX_UPLOADS_AT_ONCE_PER_ACCOUNT uploads in progress and RATE_LIMIT_PHOTOS_PER_HOUR
 * photos an hour. A refusal before the body is read drains (or closes) the connection.
 */
const photoRoutes: FastifyPluginAsyncZod = async (app) => {
  // A photo and a logo share the same upload slots, so an account cannot decode more images at once by mixing them.
  const uploads = await registerMultipartUploads(app, {
    maxFileBytes: MAX_PHOTO_BYTES,
    maxFiles: MAX_PHOTOS_PER_LISTING,
    maxRequestBytes: MAX_UPLOAD_REQUEST_BYTES,
    uploadsAtOncePerAccount: MAX_UPLOADS_AT_ONCE_PER_ACCOUNT,
    quota: {
      key: 'photos',
      windowMs: PHOTO_QUOTA_WINDOW_MS,
      limit: () => app.config.rateLimits.photosPerHour,
      reached: (limit, retryAfterSeconds) => tooManyRequests(photoQuotaReached(limit, retryAfterSeconds), 'photo_quota'),
    },
    texts: { notMultipart: NOT_MULTIPART, malformed: UPLOAD_MALFORMED, inProgress: UPLOAD_IN_PROGRESS },
    fileTooLarge: () => payloadTooLarge(PHOTO_TOO_LARGE, 'photo_too_large'),
    tooManyFiles: (existing) => badRequest(tooManyPhotos(existing), 'too_many_photos'),
  });
  configureImageLibrary();
  const { photos } = app;
  const signedIn = signedInRoutes(app, TAGS);
  const decodes = new DecodeQueue(app.config.uploads.photoDecodeConcurrency);

  /**
   * Reads the parts one by one and processes each photo as soon as it is in, refusing at the
   * first that cannot be taken. A listing takes what room it has left (more: 400 'You can only
   * have up to 5 photos'); a logo (`{ only: 1 }`) takes the first image and drops the rest.
   */
  async function readAndProcess(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    existing: number,
    logo?: { only: 1 },
  ): Promise<ProcessedPhoto[]> {
    const processed: ProcessedPhoto[] = [];
    for await (const part of uploads.parts(request, () => request.files(), existing)) {
      const wanted = part.fieldname === PHOTO_UPLOAD_FIELD || part.fieldname === LOGO_UPLOAD_FIELD;
      if (!wanted || (logo && processed.length >= logo.only)) {
        // Another field's file, or a logo's second file: read through and dropped.
        await uploads.discardFile(request, part, existing);
        continue;
      }
      const bytes = await uploads.readFile(request, reply, userId, part, processed.length, existing);
      processed.push(
        await decodes.run(userId, async () => {
          // A client that left while this photo waited for its turn costs no decode.
          uploads.refuseWhenClientGone(request);
          return processPhoto(bytes);
        }),
      );
    }
    return processed;
  }

  app.post(
    '/listings/:id/photos',
    signedIn({
      consumes: ['multipart/form-data'],
      summary: `Add photos to a listing (owner only): multipart field 'files', repeated; at most ${MAX_PHOTOS_PER_LISTING} per listing`,
      description:
        `Images only, recognised by their content (JPEG, PNG, WebP, GIF, AVIF): others 415 'Please drop image files only'. ` +
        `Each file at most ${MAX_PHOTO_BYTES / (1024 * 1024)} MB (413) and 40 megapixels (413). ` +
        'A body that is not well-formed multipart, or ends early: 400. ' +
        `Per account: ${MAX_UPLOADS_AT_ONCE_PER_ACCOUNT} uploads at once and RATE_LIMIT_PHOTOS_PER_HOUR photos an hour (429 with Retry-After). ` +
        "More than the limit in total: 400 'You can only have up to 5 photos (currently have N)'. " +
        'Each photo is turned upright, stripped of all metadata (EXIF, GPS), resized to fit 1600 px and stored as WebP with a 400 px thumbnail. Answers the listing.',
      params: IdPathSchema,
      response: { 201: ListingSchema, ...errors },
    }),
    async (request, reply) => {
      const user = currentUserOf(request);
      const { id } = request.params;
      uploads.requireMultipart(request);
      const existing = await photos.countForOwner(id, user.id);
      if (existing >= MAX_PHOTOS_PER_LISTING) throw badRequest(tooManyPhotos(existing), 'too_many_photos');
      return uploads.withUploadSlot(user.id, async () => {
        const processed = await readAndProcess(request, reply, user.id, existing);
        if (processed.length === 0) throw badRequest(NO_PHOTOS_SENT, 'no_photos');
        const listing = await photos.add(id, user.id, processed);
        return await reply.status(201).send(listing);
      });
    },
  );

  /** Issue 15: a seller's logo goes through the same checks, queue and quota as a listing photo. */
  app.put(
    '/account/logo',
    signedInRoutes(app, ['account'])({
      consumes: ['multipart/form-data'],
      summary: "Upload the signed-in seller's logo (replaces any): multipart field 'file', one image",
      description:
        `The same checks as listing photos: images only, recognised by their content (others 415 'Please drop image files only'), ` +
        `at most ${MAX_PHOTO_BYTES / (1024 * 1024)} MB (413) and 40 megapixels (413), counted in RATE_LIMIT_PHOTOS_PER_HOUR. ` +
        'Stored as a WebP of at most 400 px, without metadata. Files after the first are ignored. Answers the profile.',
      response: { 200: SellerProfileSchema, ...errors },
    }),
    async (request, reply) => {
      const user = currentUserOf(request);
      uploads.requireMultipart(request);
      return uploads.withUploadSlot(user.id, async () => {
        const [logo] = await readAndProcess(request, reply, user.id, 0, { only: 1 });
        if (!logo) throw badRequest(LOGO_NOT_SENT, 'no_logo');
        return await app.sellers.replaceLogo(user.id, logo.thumbnail);
      });
    },
  );

  app.delete(
    '/listings/:id/photos/:photoId',
    signedIn({
      summary: 'Remove the photo at an index (0-based) from a listing (owner only); the rest keep their order',
      params: PhotoParamsSchema,
      response: { 200: ListingSchema, ...errors },
    }),
    async (request) => {
      const user = currentUserOf(request);
      return photos.remove(request.params.id, user.id, request.params.photoId);
    },
  );
};

export default photoRoutes;
