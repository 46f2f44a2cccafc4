import multipart from '@fastify/multipart';
import { ErrorResponseSchema, ListingSchema, PHOTO_TOO_LARGE, PHOTO_UPLOAD_FIELD, tooManyPhotos } from '@benchmarket/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../../lib/http-errors.js';
import { currentUserOf } from '../auth/auth-context.js';
import { listingsServiceFor } from '../listings/service.js';
import { processPhoto, type ProcessedPhoto } from './image-processing.js';
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_LISTING } from './limits.js';
import { PhotosService } from './service.js';
import { NO_PHOTOS_SENT, NOT_MULTIPART, TOO_MANY_FORM_PARTS } from './texts.js';

const TAGS = ['photos'];
const BEARER = [{ bearerAuth: [] }];

const ListingIdParamsSchema = z.object({ id: z.string().max(100) });
/** spec §7: the dashboard identifies a photo by its index (0-based, in the listing's order). */
const PhotoParamsSchema = z.object({ id: z.string().max(100), photoId: z.coerce.number().int().min(0) });

const errorResponses = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  413: ErrorResponseSchema,
  415: ErrorResponseSchema,
};

/**
 * /listings/{id}/photos (spec §7). Upload: multipart, the repeated field 'files'; at most
 * MAX_PHOTOS_PER_LISTING per listing in total, each at most MAX_PHOTO_BYTES; every file is
 * checked and processed before any is stored, so an upload is all or nothing.
 */
const photoRoutes: FastifyPluginAsyncZod = async (app) => {
  // Encapsulated in this plugin: only these routes parse multipart bodies.
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: MAX_PHOTO_BYTES,
      files: MAX_PHOTOS_PER_LISTING,
      fields: 10,
      fieldSize: 1024,
      parts: MAX_PHOTOS_PER_LISTING + 10,
    },
  });
  const listings = listingsServiceFor(app);
  const photos = new PhotosService({ db: app.db, storage: app.storage, listings, log: app.log.child({ module: 'photos' }) });

  /** Reads the uploaded files, refusing as soon as one is too large or one too many. */
  async function readUploads(request: FastifyRequest, existing: number): Promise<Buffer[]> {
    if (!request.isMultipart()) throw unsupportedMediaType(NOT_MULTIPART, 'not_multipart');
    const files: Buffer[] = [];
    try {
      for await (const part of request.files()) {
        if (part.fieldname !== PHOTO_UPLOAD_FIELD && part.fieldname !== 'file') {
          await part.toBuffer();
          continue;
        }
        if (existing + files.length >= MAX_PHOTOS_PER_LISTING) throw badRequest(tooManyPhotos(existing), 'too_many_photos');
        files.push(await part.toBuffer());
      }
    } catch (error) {
      if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw payloadTooLarge(PHOTO_TOO_LARGE, 'photo_too_large');
      if (error instanceof app.multipartErrors.FilesLimitError) throw badRequest(tooManyPhotos(existing), 'too_many_photos');
      if (error instanceof app.multipartErrors.PartsLimitError || error instanceof app.multipartErrors.FieldsLimitError) {
        throw payloadTooLarge(TOO_MANY_FORM_PARTS, 'too_many_parts');
      }
      if (error instanceof app.multipartErrors.InvalidMultipartContentTypeError) throw unsupportedMediaType(NOT_MULTIPART, 'not_multipart');
      throw error;
    }
    return files;
  }

  app.post(
    '/listings/:id/photos',
    {
      onRequest: app.requireUser,
      schema: {
        tags: TAGS,
        security: BEARER,
        consumes: ['multipart/form-data'],
        summary: `Add photos to a listing (owner only): multipart field 'files', repeated; at most ${MAX_PHOTOS_PER_LISTING} per listing`,
        description:
          `Images only, recognised by their content (JPEG, PNG, WebP, GIF, AVIF): others 415 'Please drop image files only'. ` +
          `Each file at most ${MAX_PHOTO_BYTES / (1024 * 1024)} MB (413) and 40 megapixels (413). ` +
          "More than the limit in total: 400 'You can only have up to 5 photos (currently have N)'. " +
          'Each photo is turned upright, stripped of all metadata (EXIF, GPS), resized to fit 1600 px and stored as WebP with a 400 px thumbnail. Answers the listing.',
        params: ListingIdParamsSchema,
        response: { 201: ListingSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = currentUserOf(request);
      const { id } = request.params;
      const existing = await photos.countForOwner(id, user.id);
      if (existing >= MAX_PHOTOS_PER_LISTING) throw badRequest(tooManyPhotos(existing), 'too_many_photos');
      const uploads = await readUploads(request, existing);
      if (uploads.length === 0) throw badRequest(NO_PHOTOS_SENT, 'no_photos');
      const processed: ProcessedPhoto[] = [];
      // One at a time: each decode can take a lot of memory; five in a row is still quick.
      for (const bytes of uploads) processed.push(await processPhoto(bytes));
      const listing = await photos.add(id, user.id, processed);
      return reply.status(201).send(listing);
    },
  );

  app.delete(
    '/listings/:id/photos/:photoId',
    {
      onRequest: app.requireUser,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'Remove the photo at an index (0-based) from a listing (owner only); the rest keep their order',
        params: PhotoParamsSchema,
        response: { 200: ListingSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = currentUserOf(request);
      return photos.remove(request.params.id, user.id, request.params.photoId);
    },
  );
};

export default photoRoutes;
