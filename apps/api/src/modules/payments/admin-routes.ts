import {
  AdminPaymentsPageSchema,
  emptyAsUndefined,
  IdParamsSchema,
  PageQuerySchema,
  RefundBodySchema,
  RefundResultSchema,
} from '@benchmarket/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminRoute, errorResponses as errors } from '../../lib/route-schemas.js';
import { currentUserOf } from '../auth/index.js';

/** One key per refund the admin means (the web app makes one per refund dialog). */
export const RefundHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'The Idempotency-Key must be 8 to 100 letters, digits, - or _.')
    .optional(),
});

export const AdminPaymentsQuerySchema = PageQuerySchema.extend({
  q: z.preprocess(emptyAsUndefined, z.string().trim().max(200, 'Search at most 200 characters.').optional()),
});

/** /admin/payments: every payment, and refunds through the provider (issue 14), admins only. */
const paymentsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { admin } = app.payments;

  app.get(
    '/admin/payments',
    adminRoute(app, {
      summary: 'Every payment with its provider id and refunds, newest first (admins only)',
      description: 'q matches the start of the payment id, or part of the provider id, the payer’s email or the listing title.',
      querystring: AdminPaymentsQuerySchema,
      response: { 200: AdminPaymentsPageSchema, ...errors(400, 401, 403) },
    }),
    async (request) => admin.list({ q: request.query.q, page: request.query.page, pageSize: request.query.page_size }),
  );

  app.post(
    '/admin/payments/:id/refund',
    adminRoute(app, {
      summary: 'Refund a payment in full or in part through the payment provider (admins only; audited)',
      description:
        'amount (in the currency unit) defaults to all that is left. The listing’s paid time shrinks by the refunded share of the months ' +
        'the payment bought; a full refund of its only payment ends it now. 400 REFUND_AMOUNT_TOO_LARGE beyond what is left, ' +
        '400 REFUND_NOT_POSSIBLE for pending, failed, refunded or free payments; 502 when the provider cannot be reached (nothing is recorded). ' +
        'Send an Idempotency-Key (one per refund meant): a repeated call with it makes no second refund (409 if its amount differs).',
      params: IdParamsSchema,
      headers: RefundHeadersSchema,
      body: RefundBodySchema,
      response: { 200: RefundResultSchema, ...errors(400, 401, 403, 404, 409, 502) },
    }),
    async (request) => admin.refund(currentUserOf(request), request.params.id, request.body, request.headers['idempotency-key']),
  );
};

export default paymentsAdminRoutes;
