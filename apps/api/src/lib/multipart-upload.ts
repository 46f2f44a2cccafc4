import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, HttpError, payloadTooLarge, tooManyRequests, unsupportedMediaType } from './http-errors.js';

/** Texts every upload answers alike (photos, logos, documents). */
export const TOO_MANY_FORM_PARTS = 'Too many form fields in the upload';
export const UPLOAD_CUT_OFF = 'The upload was cut off before it finished. Please try again.';

/** The bounds and refusals of one kind of upload; texts and codes stay the module's. */
export interface UploadRules {
  /** Each file at most this many bytes (413 `fileTooLarge`). */
  maxFileBytes: number;
  /** At most this many files in a request, and in a listing (400 `tooManyFiles`). */
  maxFiles: number;
  /** A refused body announcing more than this (or no length) closes its connection instead of being drained. */
  maxRequestBytes: number;
  /** Uploads one account may have in progress at once in a process (429 `inProgress`). */
  uploadsAtOncePerAccount: number;
  /** Files per account per window: counted under `${quota.key}:account:<user id>`. */
  quota: { key: string; windowMs: number; limit(): number; reached(limit: number, retryAfterSeconds: number): HttpError };
  texts: { notMultipart: string; malformed: string; inProgress: string };
  fileTooLarge(): HttpError;
  /** `existing`: the files the listing had before this upload. */
  tooManyFiles(existing: number): HttpError;
}

export interface MultipartUploads {
  /** 415 unless the request is multipart/form-data. */
  requireMultipart(request: FastifyRequest): void;
  /** Runs one upload of an account while holding one of its upload slots (429 when none is free). */
  withUploadSlot<T>(userId: string, upload: () => Promise<T>): Promise<T>;
  /** The parts of the request one at a time; a parsing failure becomes a 4xx answer. */
  parts<Part>(request: FastifyRequest, open: () => AsyncIterable<Part>, existing: number): AsyncGenerator<Part>;
  /** Takes one more file (the listing's room, the account's quota) and reads it whole. */
  readFile(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    part: MultipartFile,
    taken: number,
    existing: number,
  ): Promise<Buffer>;
  /** Reads a file that is not wanted through, and drops it. */
  discardFile(request: FastifyRequest, part: MultipartFile, existing: number): Promise<void>;
  /** 400 'cut off' when the client went away. */
  refuseWhenClientGone(request: FastifyRequest): void;
}

/** The client went away (closed or reset the connection) before its body arrived. */
function clientGone(request: FastifyRequest): boolean {
  return request.raw.aborted || request.raw.socket?.destroyed === true;
}

/**
 * Registers multipart parsing in `app` (a route plugin: only its routes parse multipart bodies)
 * with these bounds, and answers the helpers its routes read files with. The parts are read one
 * at a time, so a request holds at most one file in memory.
 */
export async function registerMultipartUploads(app: FastifyInstance, rules: UploadRules): Promise<MultipartUploads> {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: rules.maxFileBytes,
      files: rules.maxFiles,
      fields: 10,
      fieldSize: 1024,
      parts: rules.maxFiles + 10,
    },
  });
  const uploadsInProgress = new Map<string, number>();

  /**
   * An answer sent before the request body was read (a refusal, or an error part-way) leaves
   * the rest of the body in the connection: the next request on a keep-alive connection would
   * wait behind it for ever. Read and drop the rest; when more is announced than any upload
   * can carry (or no length is), close the connection after the answer instead.
   */
  // A callback hook, not an async one: it runs for every answer of the app, and a promise per
  // request is measurable at the HTTP ceiling (issue 19).
  app.addHook('onSend', (request, reply, payload, done) => {
    const raw = request.raw;
    if (!raw.complete && !raw.destroyed) {
      const declared = Number(raw.headers['content-length']);
      if (!Number.isFinite(declared) || declared > rules.maxRequestBytes) void reply.header('connection', 'close');
      raw.unpipe();
      raw.resume();
    }
    done(null, payload);
  });

  const cutOff = (): HttpError => badRequest(UPLOAD_CUT_OFF, 'upload_cut_off');

  /** Runs one step of multipart parsing; its failures become 4xx answers. */
  async function parsing<T>(request: FastifyRequest, step: () => Promise<T>, existing: number): Promise<T> {
    try {
      return await step();
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (clientGone(request) || error instanceof app.multipartErrors.PrematureCloseError) throw cutOff();
      if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw rules.fileTooLarge();
      if (error instanceof app.multipartErrors.FilesLimitError) throw rules.tooManyFiles(existing);
      if (error instanceof app.multipartErrors.PartsLimitError || error instanceof app.multipartErrors.FieldsLimitError) {
        throw payloadTooLarge(TOO_MANY_FORM_PARTS, 'too_many_parts');
      }
      if (error instanceof app.multipartErrors.InvalidMultipartContentTypeError) {
        throw unsupportedMediaType(rules.texts.notMultipart, 'not_multipart');
      }
      const message = error instanceof Error ? error.message : '';
      // busboy's own words for a body that ends early ('Unexpected end of form').
      if (/unexpected end/i.test(message)) throw cutOff();
      // Anything else the parser refuses: no boundary, another boundary, malformed part headers.
      throw badRequest(rules.texts.malformed, 'malformed_multipart');
    }
  }

  /** One file more for `userId` in the quota's window, or 429 with the time to wait. */
  async function countAgainstQuota(userId: string, reply: FastifyReply): Promise<void> {
    const limit = rules.quota.limit();
    const { allowed, retryAfterSeconds } = await app.rateLimiter.hit({
      key: `${rules.quota.key}:account:${userId}`,
      limit,
      windowMs: rules.quota.windowMs,
    });
    if (allowed) return;
    void reply.header('retry-after', String(retryAfterSeconds));
    throw rules.quota.reached(limit, retryAfterSeconds);
  }

  return {
    requireMultipart(request) {
      if (!request.isMultipart()) throw unsupportedMediaType(rules.texts.notMultipart, 'not_multipart');
    },
    async withUploadSlot(userId, upload) {
      const inProgress = uploadsInProgress.get(userId) ?? 0;
      if (inProgress >= rules.uploadsAtOncePerAccount) throw tooManyRequests(rules.texts.inProgress, 'upload_in_progress');
      uploadsInProgress.set(userId, inProgress + 1);
      try {
        return await upload();
      } finally {
        const left = (uploadsInProgress.get(userId) ?? 1) - 1;
        if (left > 0) uploadsInProgress.set(userId, left);
        else uploadsInProgress.delete(userId);
      }
    },
    async *parts(request, open, existing) {
      const parts = await parsing(request, async () => open()[Symbol.asyncIterator](), existing);
      for (;;) {
        const next = await parsing(request, () => parts.next(), existing);
        if (next.done) return;
        yield next.value;
      }
    },
    async readFile(request, reply, userId, part, taken, existing) {
      if (existing + taken >= rules.maxFiles) throw rules.tooManyFiles(existing);
      await countAgainstQuota(userId, reply);
      const bytes = await parsing(request, () => part.toBuffer(), existing);
      if (clientGone(request)) throw cutOff();
      return bytes;
    },
    async discardFile(request, part, existing) {
      await parsing(request, () => pipeline(part.file, new Writable({ write: (_chunk, _encoding, done) => done() })), existing);
    },
    refuseWhenClientGone(request) {
      if (clientGone(request)) throw cutOff();
    },
  };
}
