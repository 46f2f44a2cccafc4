import { validateListingForm, type ListingCreate, type ListingUpdate } from '@benchmarket/shared';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/http-errors.js';

/**
 * The body of POST /listings or PUT /listings/{id}, checked the way the form checks it
 * (spec §5), so the API answers with the same single message the form shows: a missing or
 * blank title, description or price is 'Please fill in all required fields'; otherwise the
 * first problem in field order ('Price can have at most 2 decimal places', 'Please select a
 * condition', 'Duration must be 1, 3, 6 or 12 months', …). As the form does, a price or
 * duration sent as a numeric string ('12.50') is accepted.
 *
 * Routes declare the JSON schema (for the contract and OpenAPI) with `attachValidation`,
 * and call this: a body that passed is used as parsed; one that did not is explained here.
 */
export function listingBodyOf(request: FastifyRequest, mode: 'create'): ListingCreate;
export function listingBodyOf(request: FastifyRequest, mode: 'edit'): ListingUpdate;
export function listingBodyOf(request: FastifyRequest, mode: 'create' | 'edit'): ListingCreate | ListingUpdate {
  if (!request.validationError) return request.body as ListingCreate | ListingUpdate;
  const raw = request.body;
  const values = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const result = mode === 'create' ? validateListingForm(values, 'create') : validateListingForm(values, 'edit');
  if (result.ok) return result.data;
  throw badRequest(result.error, 'validation_error');
}
