/**
 * The console's forms, built from the shared contract (packages/shared, schemas/admin.ts): the
 * form holds text, these turn it into the request the API validates with the same schemas.
 */
import {
  AdminReasonSchema,
  FEATURE_UNTIL_IN_PAST,
  REFUND_AMOUNT_TOO_LARGE,
  RefundBodySchema,
  ResolveReportsBodySchema,
} from '@benchmarket/shared';
import { z } from 'zod';
import { todayIso } from './format';

/** { reason }: required. */
export const ReasonFormSchema = z.object({ reason: AdminReasonSchema });
export type ReasonFormValues = { reason: string };

/** { reason? }: a blank reason is no reason (approving, featuring). */
const OptionalReasonSchema = z
  .string()
  .transform((text) => (text.trim() === '' ? undefined : text))
  .pipe(AdminReasonSchema.optional());
export const OptionalReasonFormSchema = z.object({ reason: OptionalReasonSchema });

export const REFUND_AMOUNT_INVALID = 'Enter the amount as a number, e.g. 19.50.';

/**
 * A refund: the amount is optional (blank: everything left of the payment) and at most what
 * is left; a reason is required.
 */
export function refundFormSchema(remaining: number) {
  const amount = RefundBodySchema.shape.amount.unwrap();
  return z.object({
    amount: z
      .string()
      .trim()
      .refine((text) => text === '' || /^\d+(\.\d+)?$/.test(text), REFUND_AMOUNT_INVALID)
      .transform((text) => (text === '' ? undefined : Number(text)))
      .pipe(amount.max(Math.round(remaining * 100) / 100, REFUND_AMOUNT_TOO_LARGE).optional()),
    reason: AdminReasonSchema,
  });
}
export type RefundFormValues = { amount: string; reason: string };

export const OUTCOME_REQUIRED = 'Choose whether the reports were dismissed or acted on.';

/** Resolving a listing's reports: dismissed or acted on, with a reason. */
export const ResolveFormSchema = z.object({
  outcome: z.enum(ResolveReportsBodySchema.shape.outcome.options, { error: OUTCOME_REQUIRED }),
  reason: AdminReasonSchema,
});
export type ResolveFormValues = { outcome: string; reason: string };

export const LISTING_ID_INVALID = "Enter the listing's id (as in its address: /listings/…).";

/** Featuring a live listing until a day in the future; the reason is optional. */
export const FeatureFormSchema = z.object({
  /** IdSchema's check (a UUID), with the form's message. */
  listing_id: z
    .string()
    .trim()
    .pipe(z.uuid({ error: LISTING_ID_INVALID })),
  until: z
    .string()
    .pipe(z.iso.date({ error: 'Choose a date.' }))
    .refine((day) => day > todayIso(), FEATURE_UNTIL_IN_PAST),
  reason: OptionalReasonSchema,
});
export type FeatureFormValues = { listing_id: string; until: string; reason: string };
