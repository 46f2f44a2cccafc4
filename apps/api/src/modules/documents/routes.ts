import {
  DOCUMENT_ENCRYPTED,
  DOCUMENT_HAS_SCRIPT,
  DOCUMENT_TITLE_FIELD,
  DOCUMENT_TOO_LARGE,
  DOCUMENT_TYPE_FIELD,
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_TYPE_REQUIRED,
  DOCUMENT_UPLOAD_FIELD,
  DOCUMENTS_PDF_ONLY,
  documentTitleFrom,
  isDocumentType,
  ListingDocumentListSchema,
  TOO_MANY_DOCUMENTS,
  type DocumentType,
} from '@benchmarket/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, payloadTooLarge, tooManyRequests, unsupportedMediaType } from '../../lib/http-errors.js';
import { registerMultipartUploads } from '../../lib/multipart-upload.js';
import { errorResponses, IdPathSchema, signedInRoutes } from '../../lib/route-schemas.js';
import { currentUserOf } from '../auth/index.js';
import {
  DOCUMENT_QUOTA_WINDOW_MS,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENT_REQUEST_BYTES,
  MAX_DOCUMENT_UPLOADS_AT_ONCE_PER_ACCOUNT,
  MAX_DOCUMENTS_PER_LISTING,
} from './limits.js';
import { inspectPdf } from './pdf-check.js';
import type { IncomingDocument } from './service.js';
import { documentQuotaReached, DOCUMENT_UPLOAD_IN_PROGRESS, NO_DOCUMENTS_SENT, NOT_MULTIPART, UPLOAD_MALFORMED } from './texts.js';

const TAGS = ['documents'];
const DocumentParamsSchema = IdPathSchema.extend({ documentId: z.string().max(100) });
const DownloadQuerySchema = z.object({ access: z.string().max(200).optional() });
const errors = errorResponses(400, 401, 403, 404, 409, 413, 415, 429);

/**
 * /listings/{id}/documents (issue 15, docs/decisions/018): PDFs only, judged by their content;
 * at most MAX_DOCUMENTS_PER_LISTING per listing, each at most MAX_DOCUMENT_BYTES; an upload is
 * all or nothing. Multipart is parsed in this plugin only, with the same bounds and refusals as
 * photo uploads (lib/multipart-upload.ts): a body refused early is drained or its connection
 * closed, an account has a few uploads at once and RATE_LIMIT_PHOTOS_PER_HOUR files an hour.
 */
const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  const uploads = await registerMultipartUploads(app, {
    maxFileBytes: MAX_DOCUMENT_BYTES,
    maxFiles: MAX_DOCUMENTS_PER_LISTING,
    maxRequestBytes: MAX_DOCUMENT_REQUEST_BYTES,
    uploadsAtOncePerAccount: MAX_DOCUMENT_UPLOADS_AT_ONCE_PER_ACCOUNT,
    quota: {
      key: 'documents',
      windowMs: DOCUMENT_QUOTA_WINDOW_MS,
      limit: () => app.config.rateLimits.photosPerHour,
      reached: (limit, retryAfterSeconds) => tooManyRequests(documentQuotaReached(limit, retryAfterSeconds), 'document_quota'),
    },
    texts: { notMultipart: NOT_MULTIPART, malformed: UPLOAD_MALFORMED, inProgress: DOCUMENT_UPLOAD_IN_PROGRESS },
    fileTooLarge: () => payloadTooLarge(DOCUMENT_TOO_LARGE, 'document_too_large'),
    tooManyFiles: () => badRequest(TOO_MANY_DOCUMENTS, 'too_many_documents'),
  });
  const documents = app.listingDocuments;
  const signedIn = signedInRoutes(app, TAGS);

  /** Reads the form: each PDF is checked as soon as it is in; `type` and `title` may come before or after the files. */
  async function readForm(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    existing: number,
  ): Promise<{ type: DocumentType; files: IncomingDocument[] }> {
    const files: { fileName: string; bytes: Buffer }[] = [];
    let type: string | undefined;
    let title: string | undefined;
    for await (const part of uploads.parts(request, () => request.parts(), existing)) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : '';
        if (part.fieldname === DOCUMENT_TYPE_FIELD) type = value;
        if (part.fieldname === DOCUMENT_TITLE_FIELD) title = value;
        continue;
      }
      if (part.fieldname !== DOCUMENT_UPLOAD_FIELD) {
        await uploads.discardFile(request, part, existing);
        continue;
      }
      const bytes = await uploads.readFile(request, reply, userId, part, files.length, existing);
      const verdict = await inspectPdf(bytes);
      if (verdict === 'not_pdf') throw unsupportedMediaType(DOCUMENTS_PDF_ONLY, 'not_pdf');
      if (verdict === 'encrypted') throw unsupportedMediaType(DOCUMENT_ENCRYPTED, 'pdf_encrypted');
      if (verdict === 'active_content') throw unsupportedMediaType(DOCUMENT_HAS_SCRIPT, 'pdf_active_content');
      files.push({ fileName: part.filename, bytes });
    }
    if (!isDocumentType(type)) throw badRequest(DOCUMENT_TYPE_REQUIRED, 'document_type');
    if (files.length === 0) throw badRequest(NO_DOCUMENTS_SENT, 'no_documents');
    const chosen = type;
    // A `title` names a single document; with several, each is named from its file.
    const givenTitle = files.length === 1 && title?.trim() ? title : undefined;
    return {
      type: chosen,
      files: files.map((file) => ({ bytes: file.bytes, title: documentTitleFrom(givenTitle ?? file.fileName, chosen) })),
    };
  }

  const typeList = Object.entries(DOCUMENT_TYPE_LABELS)
    .map(([value, label]) => `${value} (${label})`)
    .join(', ');

  app.post(
    '/listings/:id/documents',
    signedIn({
      consumes: ['multipart/form-data'],
      summary: `Add PDF documents to a listing (owner only): multipart field 'files', repeated, and 'type'; at most ${MAX_DOCUMENTS_PER_LISTING} per listing`,
      description:
        `'type' is one of ${typeList}; 'title' (optional) names a single document, else its file name does. ` +
        `PDFs only, recognised by their content (415 '${DOCUMENTS_PDF_ONLY}'); no JavaScript or launch actions, even in compressed object streams (415); ` +
        `not encrypted (415). Each at most ${MAX_DOCUMENT_BYTES / (1024 * 1024)} MB (413). More than ${MAX_DOCUMENTS_PER_LISTING} in total: 400. ` +
        `Per account: ${MAX_DOCUMENT_UPLOADS_AT_ONCE_PER_ACCOUNT} uploads at once and RATE_LIMIT_PHOTOS_PER_HOUR files an hour (429 with Retry-After). ` +
        "Answers the listing's documents.",
      params: IdPathSchema,
      response: { 201: ListingDocumentListSchema, ...errors },
    }),
    async (request, reply) => {
      const user = currentUserOf(request);
      const { id } = request.params;
      uploads.requireMultipart(request);
      const existing = await documents.countForOwner(id, user.id);
      if (existing >= MAX_DOCUMENTS_PER_LISTING) throw badRequest(TOO_MANY_DOCUMENTS, 'too_many_documents');
      return uploads.withUploadSlot(user.id, async () => {
        const form = await readForm(request, reply, user.id, existing);
        const list = await documents.add(id, user.id, form.type, form.files);
        return await reply.status(201).send(list);
      });
    },
  );

  app.delete(
    '/listings/:id/documents/:documentId',
    signedIn({
      summary: "Remove a document from a listing (owner only); answers the listing's documents",
      params: DocumentParamsSchema,
      response: { 200: ListingDocumentListSchema, ...errors },
    }),
    async (request) => {
      const user = currentUserOf(request);
      return documents.remove(request.params.id, user.id, request.params.documentId);
    },
  );

  app.get(
    '/listings/:id/documents/:documentId',
    {
      onRequest: app.optionalUser,
      schema: {
        tags: TAGS,
        summary: 'Download a document (the PDF, as an attachment) of a listing the caller may see',
        description:
          "A public listing's documents are public; the others' only for their owner (bearer token, or the signed link in the document's url). Anything else: 404.",
        params: DocumentParamsSchema,
        querystring: DownloadQuerySchema,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('The PDF'), 404: errors[404] },
      },
    },
    async (request, reply) => {
      const { id, documentId } = request.params;
      const file = await documents.download(id, documentId, request.currentUser?.id ?? null, request.query.access);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "sandbox; default-src 'none'")
        .header('cache-control', file.isPublic ? 'public, max-age=600' : 'private, no-store')
        .send(file.bytes);
    },
  );
};

export default documentRoutes;
