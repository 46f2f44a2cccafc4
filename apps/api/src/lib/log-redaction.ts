import type { FastifyRequest } from 'fastify';

/**
 * What the logs may carry (issue 12, defect 1): a log line is read by more people, kept
 * longer and copied further than the database, so nothing in it may act as a credential or
 * reveal what users typed. Links from mails (/reset-password?token=…), OAuth and payment
 * returns (code, state, client_secret) and SQL parameters (emails, password hashes, listing
 * text) are redacted before a line is written.
 */

const REDACTED = '[redacted]';

/** Query parameters that are secrets by name (compared lower-case). */
const SECRET_PARAMETERS = new Set([
  'token',
  'code',
  'state',
  'nonce',
  'id_token',
  'access_token',
  'refresh_token',
  'password',
  'secret',
  'client_secret',
  'payment_intent_client_secret',
  'setup_intent_client_secret',
  'key',
  'api_key',
  'apikey',
  'signature',
  'sig',
  'credential',
  'jwt',
  'otp',
  'session',
]);

/** Any parameter whose name says it holds one (reset_token, x-api-key, stripe_signature, …). */
const SECRET_NAME = /token|secret|passw|credential|signature|api[-_]?key|session|nonce/i;

/**
 * A path segment that looks like a random credential: 32 or more URL-safe characters that
 * are not a UUID (ids are fine to log; hashed asset names are short).
 */
const CREDENTIAL_SEGMENT = /^[A-Za-z0-9_~.%-]{32,}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isSecretParameter(name: string): boolean {
  const lower = name.toLowerCase();
  return SECRET_PARAMETERS.has(lower) || SECRET_NAME.test(lower);
}

function redactSegment(segment: string): string {
  if (!CREDENTIAL_SEGMENT.test(segment) || UUID.test(segment)) return segment;
  // A file name with an extension (an asset) keeps its name.
  if (/\.[a-z0-9]{1,8}$/i.test(segment) && !segment.includes('%')) return segment;
  return REDACTED;
}

/** The URL as it may be logged: secret query values and credential-like path segments redacted. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const pathPart = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? undefined : url.slice(queryAt + 1);
  const safePath = pathPart.split('/').map(redactSegment).join('/');
  if (query === undefined) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replaceAll('+', ' '));
      } catch {
        // Not valid percent-encoding: judge the name as written.
      }
      if (equals === -1) return isSecretParameter(name) ? REDACTED : redactSegment(pair);
      return isSecretParameter(name) ? `${rawName}=${REDACTED}` : `${rawName}=${redactSegment(pair.slice(equals + 1))}`;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

/** Fastify's request log fields, with the URL redacted (headers are never logged). */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Fields of driver and ORM errors that hold the values of a statement. */
const PARAMETER_FIELDS = new Set(['params', 'parameters', 'values', 'bindings']);

/** 'Key (email)=(ann@example.com) already exists.' → 'Key (email)=([redacted]) already exists.' */
function redactDetail(detail: string): string {
  return detail.replace(/\)=\((.*)\)/s, `)=(${REDACTED})`);
}

interface ErrorLike {
  name?: unknown;
  message: string;
  stack?: unknown;
  cause?: unknown;
  query?: unknown;
  params?: unknown;
}

function isErrorLike(value: unknown): value is ErrorLike {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

/** drizzle's 'Failed query: …\nparams: a,b,c' message, without the parameters. */
function messageOf(error: ErrorLike): string {
  if (typeof error.query === 'string' && 'params' in error) return `Failed query: ${error.query}`;
  return error.message.replace(/\nparams: [\s\S]*$/, '');
}

function typeOf(error: ErrorLike): string {
  const constructorName = (error as { constructor?: { name?: unknown } }).constructor?.name;
  if (typeof constructorName === 'string' && constructorName !== 'Object') return constructorName;
  return typeof error.name === 'string' ? error.name : 'Error';
}

/** The stack's frames only: the lines before them repeat the message. */
function framesOf(error: ErrorLike): string[] {
  return typeof error.stack === 'string' ? error.stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
}

/**
 * pino's error serializer (type, message and stack with their causes, own fields), without
 * the values of SQL statements: drizzle puts every parameter in the message of a failed
 * query and in `params`, PostgreSQL repeats the value of a violated key in `detail`.
 */
export function serializeError(error: unknown): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!isErrorLike(error)) return { type: typeof error, message: String(error), stack: '' };
  const chain: ErrorLike[] = [];
  for (let current: unknown = error; isErrorLike(current) && chain.length < 6 && !chain.includes(current); current = current.cause) {
    chain.push(current);
  }
  const out: { type: string; message: string; stack: string; [key: string]: unknown } = {
    type: typeOf(error),
    message: chain.map(messageOf).join(': '),
    stack: chain.map((link) => [`${typeOf(link)}: ${messageOf(link)}`, ...framesOf(link)].join('\n')).join('\ncaused by: '),
  };
  // Own fields (statusCode, code, …) from the error and, when not set there, from its causes
  // (the driver's SQLSTATE, constraint and table name help; its values do not).
  for (const link of chain) {
    for (const [key, value] of Object.entries(link)) {
      if (key in out || key === 'cause' || key === 'query' || PARAMETER_FIELDS.has(key) || isErrorLike(value)) continue;
      if (value === undefined || typeof value === 'function') continue;
      out[key] = (key === 'detail' || key === 'where') && typeof value === 'string' ? redactDetail(value) : value;
    }
  }
  return out;
}
