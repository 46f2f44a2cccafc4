import { ErrorResponseSchema } from '@benchmarket/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * `{id}` in a path, any short string: a malformed id is a thing that does not exist (404 from
 * the service), not a 400 — as on GET /listings/{id}.
 */
export const IdPathSchema = z.object({ id: z.string().max(100) });

/** OpenAPI: the route wants the bearer token (`bearerAuth`, plugins/openapi.ts). */
export const BEARER = [{ bearerAuth: [] }];

/** A route's error answers for its OpenAPI response map: each status answers `ErrorResponseSchema`. */
export function errorResponses<Code extends number>(...codes: Code[]): Record<Code, typeof ErrorResponseSchema> {
  return Object.fromEntries(codes.map((code) => [code, ErrorResponseSchema])) as Record<Code, typeof ErrorResponseSchema>;
}

type RequestGuard = (request: FastifyRequest) => Promise<void>;

interface SignedInRouteSettings {
  /** Who may call: `requireUser` (401 without a valid bearer token) unless another guard is named. */
  guard?: RequestGuard | RequestGuard[];
  /**
   * When the guard runs: 'onRequest' (the default) refuses before the body is read, so a caller
   * without a token always gets 401; 'preHandler' runs after validation, so a malformed request
   * gets its 400 first.
   */
  stage?: 'onRequest' | 'preHandler';
}

/**
 * A module's signed-in routes: `signedInRoutes(app, TAGS)` gives the options of each of its
 * routes for the caller — guarded (see SignedInRouteSettings), tagged with the module's tags and
 * wanting the bearer token — from its own schema (summary, params, body, response…).
 */
export function signedInRoutes(app: FastifyInstance, tags: string[], settings: SignedInRouteSettings = {}) {
  const { guard = app.requireUser, stage = 'onRequest' } = settings;
  return <Schema extends object>(schema: Schema) => {
    const options = { schema: { tags, security: BEARER, ...schema } };
    return stage === 'onRequest' ? { ...options, onRequest: guard } : { ...options, preHandler: guard };
  };
}

/**
 * A console route's options (issue 14): admins only — 401 to visitors and 403 to everyone
 * else before anything is read (`requireAdmin`) — tagged 'admin'.
 */
export function adminRoute<Schema extends object>(app: FastifyInstance, schema: Schema) {
  return signedInRoutes(app, ['admin'], { guard: app.requireAdmin })(schema);
}
