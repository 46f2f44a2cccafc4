import { ErrorResponseSchema } from '@benchmarket/shared';
import type { FastifyInstance } from 'fastify';

/** OpenAPI: the route wants the bearer token (`bearerAuth`, plugins/openapi.ts). */
export const BEARER = [{ bearerAuth: [] }];

/** A route's error answers for its OpenAPI response map: each status answers `ErrorResponseSchema`. */
export function errorResponses<Code extends number>(...codes: Code[]): Record<Code, typeof ErrorResponseSchema> {
  return Object.fromEntries(codes.map((code) => [code, ErrorResponseSchema])) as Record<Code, typeof ErrorResponseSchema>;
}

/**
 * A console route's options (issue 14): admins only — 401 to visitors and 403 to everyone
 * else before anything is read (`requireAdmin`) — tagged 'admin' and wanting the bearer token.
 */
export function adminRoute<Schema extends object>(app: FastifyInstance, schema: Schema) {
  return { onRequest: app.requireAdmin, schema: { tags: ['admin'], security: BEARER, ...schema } };
}
