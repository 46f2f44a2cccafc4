import { ErrorResponseSchema } from '@benchmarket/shared';

/** OpenAPI: the route wants the bearer token (`bearerAuth`, plugins/openapi.ts). */
export const BEARER = [{ bearerAuth: [] }];

/** A route's error answers for its OpenAPI response map: each status answers `ErrorResponseSchema`. */
export function errorResponses<Code extends number>(...codes: Code[]): Record<Code, typeof ErrorResponseSchema> {
  return Object.fromEntries(codes.map((code) => [code, ErrorResponseSchema])) as Record<Code, typeof ErrorResponseSchema>;
}
