import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-errors.js';

interface ValidationIssue {
  message?: string;
}

/** The messages already name their field (lib/validation-messages.ts), as the web app shows `detail`. */
function describeValidation(issues: ValidationIssue[]): string {
  const messages = issues.map((issue) => issue.message ?? 'is invalid');
  return [...new Set(messages)].join('; ');
}

/** invalid text (NUL), untranslatable character, invalid text representation, numeric out of range. */
const BAD_INPUT_SQLSTATES = new Set(['22021', '22P05', '22P02', '22003']);

function databaseErrorCode(error: unknown): string | undefined {
  // drizzle wraps the driver's error in `cause`.
  for (let current: unknown = error, depth = 0; current && depth < 3; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * What callers read for the errors Fastify raises before a route runs (its own texts name
 * internals or echo the whole path). Keyed by Fastify's error code; the code stays in `code`.
 */
const FRAMEWORK_DETAILS: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address of this request is not valid: it has a broken %-encoding.',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address of this request is too long.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but says it is JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body is not as long as its Content-Length header says.',
};

function frameworkDetail(error: FastifyError, contentType: string | undefined): string | undefined {
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    if (contentType === undefined) return 'This address does not accept a body without a Content-Type header.';
    const type = (contentType.split(';')[0]!.trim() || contentType.trim()).slice(0, 100);
    return `This address does not accept a body of type '${type}'.`;
  }
  return FRAMEWORK_DETAILS[error.code];
}

interface ErrorBody {
  detail: string;
  code?: string;
}

/** The status and body of an error; `contentType` (the request's) lets a 415 name what was sent. */
function errorBody(error: unknown, contentType?: string): { status: number; body: ErrorBody; expose: boolean } {
  if (error instanceof HttpError) {
    return { status: error.statusCode, body: { detail: error.message, code: error.code }, expose: true };
  }
  const fastifyError = error as FastifyError & { validation?: ValidationIssue[] };
  if (hasZodFastifySchemaValidationErrors(error) || fastifyError.validation) {
    const detail = describeValidation(fastifyError.validation ?? []);
    return { status: 400, body: { detail: detail || 'Invalid request', code: 'validation_error' }, expose: true };
  }
  const sqlState = databaseErrorCode(error);
  if (sqlState && BAD_INPUT_SQLSTATES.has(sqlState)) {
    // Input the schemas let through but PostgreSQL cannot store (a NUL byte, an out-of-range number).
    return { status: 400, body: { detail: 'The request contains a value that cannot be stored.', code: 'invalid_value' }, expose: true };
  }
  if (isResponseSerializationError(error)) {
    return { status: 500, body: { detail: 'Internal server error' }, expose: false };
  }
  const status = typeof fastifyError.statusCode === 'number' ? fastifyError.statusCode : 500;
  if (status >= 400 && status < 500) {
    const detail = frameworkDetail(fastifyError, contentType) ?? fastifyError.message;
    return { status, body: { detail, code: fastifyError.code?.toLowerCase() }, expose: true };
  }
  return { status: status >= 500 ? status : 500, body: { detail: 'Internal server error' }, expose: false };
}

/**
 * One error handler for the whole API: every failure is `{"detail": …}` (the spec's contract),
 * the text of 5xx errors is logged but never sent.
 */
async function errorsPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error, request, reply) => {
    const { status, body, expose } = errorBody(error, request.headers['content-type']);
    if (expose) request.log.info({ err: error, status }, 'request failed');
    else request.log.error({ err: error, status }, 'request failed');
    if (error instanceof HttpError && error.headers) void reply.headers(error.headers);
    void reply.status(status).send(body);
  });
}

/**
 * Fastify's router refuses some URLs before any route, hook or error handler runs: a broken
 * percent-encoding ('/listings/%zz') or a path parameter over maxParamLength. Passed to the
 * constructor as `frameworkErrors` (app.ts), so these too answer `{"detail": …}`.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { status, body, expose } = errorBody(error, request.headers['content-type']);
  if (expose) request.log.info({ err: error, status }, 'request failed');
  else request.log.error({ err: error, status }, 'request failed');
  void reply.status(status).send(body);
}

/** What Node's HTTP parser refuses before Fastify sees a request (Fastify's defaults answer without a `detail`). */
const CLIENT_ERRORS: Record<string, { status: number; detail: string; code: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, detail: 'The request did not arrive in time. Please try again.', code: 'request_timeout' },
  HPE_HEADER_OVERFLOW: { status: 431, detail: 'The request headers are too large.', code: 'headers_too_large' },
};
const MALFORMED_HTTP = { status: 400, detail: 'The request could not be read: it is not well-formed HTTP.', code: 'malformed_http' };

/**
 * Passed to the constructor as `clientErrorHandler` (app.ts): a request Node cannot parse (a
 * malformed request line or header, headers over the size limit, a body that did not arrive
 * within the request timeout) answers `{"detail": …}` like every other error, then the
 * connection is closed, as Fastify's default does.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // A connection reset or already closed: nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, detail, code } = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED_HTTP;
  const body = JSON.stringify({ detail, code });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export default fp(errorsPlugin, { name: 'errors' });
