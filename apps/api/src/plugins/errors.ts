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

export interface ErrorBody {
  detail: string;
  code?: string;
}

export function errorBody(error: unknown): { status: number; body: ErrorBody; expose: boolean } {
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
    return { status, body: { detail: fastifyError.message, code: fastifyError.code?.toLowerCase() }, expose: true };
  }
  return { status: status >= 500 ? status : 500, body: { detail: 'Internal server error' }, expose: false };
}

/**
 * One error handler for the whole API: every failure is `{"detail": …}` (the spec's contract),
 * the text of 5xx errors is logged but never sent.
 */
async function errorsPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error, request, reply) => {
    const { status, body, expose } = errorBody(error);
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
  const { status, body, expose } = errorBody(error);
  if (expose) request.log.info({ err: error, status }, 'request failed');
  else request.log.error({ err: error, status }, 'request failed');
  void reply.status(status).send(body);
}

export default fp(errorsPlugin, { name: 'errors' });
