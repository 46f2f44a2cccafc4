/**
 * Issue 14: the operations console's calls (`/api/v1/admin/…`, admins only: 401 to visitors,
 * 403 `{detail}` to everyone else) and the buyer's 'Report this listing'. Money is in units
 * (like the rest of the API), dates ISO 8601.
 */
import { z } from 'zod';
import { ADMIN_REASON_MAX_LENGTH, REPORT_DETAILS_MAX_LENGTH, REPORT_REASONS } from '../constants.js';
import { CONVERSATION_REPORT_REASONS } from '../conversation-values.js';
import {
  ADMIN_REASON_REQUIRED,
  ADMIN_REASON_TOO_LONG,
  REPORT_DETAILS_REQUIRED,
  REPORT_DETAILS_TOO_LONG,
  REPORT_REASON_REQUIRED,
} from '../messages.js';
import { IdSchema, IsoDateTimeSchema, paginated, plainText } from './common.js';
import { ListingSchema } from './listings.js';

/** Every admin action carries a reason (the audit log and the seller's mail show it). */
export const AdminReasonSchema = plainText(
  z.string({ error: ADMIN_REASON_REQUIRED }).trim().min(1, ADMIN_REASON_REQUIRED).max(ADMIN_REASON_MAX_LENGTH, ADMIN_REASON_TOO_LONG),
  'Reason',
  { multiline: true },
);
export const AdminReasonBodySchema = z.object({ reason: AdminReasonSchema });
export type AdminReasonBody = z.infer<typeof AdminReasonBodySchema>;

/** An approval's reason is optional (the audit log records 'approved' either way). */
export const AdminApproveBodySchema = z.object({ reason: AdminReasonSchema.optional() });

// ── Reports (buyers) ──

export const ReportReasonSchema = z.enum(REPORT_REASONS, { error: REPORT_REASON_REQUIRED });

/** POST /listings/{id}/reports (signed-in users): details are required with 'other'. */
export const ListingReportCreateSchema = z
  .object({
    reason: ReportReasonSchema,
    details: plainText(z.string().trim().max(REPORT_DETAILS_MAX_LENGTH, REPORT_DETAILS_TOO_LONG), 'Details', { multiline: true })
      .nullish()
      .transform((details) => details || null),
  })
  .refine((report) => report.reason !== 'other' || Boolean(report.details), { message: REPORT_DETAILS_REQUIRED, path: ['details'] });
export type ListingReportCreate = z.output<typeof ListingReportCreateSchema>;
export type ListingReportInput = z.input<typeof ListingReportCreateSchema>;

export const ListingReportCreatedSchema = z.object({
  id: IdSchema,
  status: z.literal('open'),
  created_at: IsoDateTimeSchema,
  message: z.string(),
});
export type ListingReportCreated = z.infer<typeof ListingReportCreatedSchema>;

// ── Listings as the console sees them ──

/** A listing with its seller's email (admins see every listing, whatever its state). */
export const AdminListingSchema = ListingSchema.extend({
  seller_email: z.string(),
  featured_until: IsoDateTimeSchema.nullable(),
  /** Why the check refuses to let it be published (a prohibited item), or null. */
  prohibited_reason: z.string().nullable(),
});
export type AdminListing = z.infer<typeof AdminListingSchema>;

/** What the review queue shows of a seller, to judge a listing by its history. */
export const SellerHistorySchema = z.object({
  id: IdSchema,
  email: z.string(),
  created_at: IsoDateTimeSchema,
  is_verified: z.boolean(),
  suspended_at: IsoDateTimeSchema.nullable(),
  listings_total: z.number().int(),
  listings_live: z.number().int(),
  listings_rejected: z.number().int(),
  listings_taken_down: z.number().int(),
  reports_against: z.number().int(),
});
export type SellerHistory = z.infer<typeof SellerHistorySchema>;

/** GET /admin/review-queue: pending and rejected listings, oldest first. */
export const ReviewQueueItemSchema = z.object({
  listing: AdminListingSchema,
  seller: SellerHistorySchema,
  open_reports: z.number().int(),
});
export type ReviewQueueItem = z.infer<typeof ReviewQueueItemSchema>;
export const ReviewQueuePageSchema = paginated(ReviewQueueItemSchema);

/** POST /admin/listings/{id}/feature: featured until this day (or instant), which must be in the future. */
export const FeatureListingBodySchema = z.object({
  until: z.union([z.iso.date(), IsoDateTimeSchema], { error: 'Choose a date.' }),
  reason: AdminReasonSchema.optional(),
});
export type FeatureListingBody = z.infer<typeof FeatureListingBodySchema>;

// ── Reports (console) ──

export const AdminReportSchema = z.object({
  id: IdSchema,
  reason: ReportReasonSchema,
  details: z.string().nullable(),
  reporter_id: IdSchema,
  reporter_email: z.string(),
  status: z.enum(['open', 'dismissed', 'actioned']),
  resolution_reason: z.string().nullable(),
  created_at: IsoDateTimeSchema,
  resolved_at: IsoDateTimeSchema.nullable(),
});
export type AdminReport = z.infer<typeof AdminReportSchema>;

/** GET /admin/reports?status=open|resolved: reports grouped by listing, the oldest open report first. */
export const ReportGroupSchema = z.object({
  listing: AdminListingSchema,
  reports: z.array(AdminReportSchema),
});
export type ReportGroup = z.infer<typeof ReportGroupSchema>;
export const ReportGroupsPageSchema = paginated(ReportGroupSchema);

/** POST /admin/listings/{id}/reports/resolve: every open report of the listing at once. */
export const ResolveReportsBodySchema = z.object({
  outcome: z.enum(['dismissed', 'actioned']),
  reason: AdminReasonSchema,
});
export type ResolveReportsBody = z.infer<typeof ResolveReportsBodySchema>;

// ── Conversation reports (console) ──

/** An account as a conversation report names it; the console links to its page. */
export const AdminPartySchema = z.object({ id: IdSchema, email: z.string() });
export type AdminParty = z.infer<typeof AdminPartySchema>;

/** A participant's report of a conversation (issue 16): `reported` is the other participant. */
export const AdminConversationReportSchema = z.object({
  id: IdSchema,
  reason: z.enum(CONVERSATION_REPORT_REASONS),
  details: z.string().nullable(),
  reporter: AdminPartySchema,
  reported: AdminPartySchema,
  status: z.enum(['open', 'dismissed', 'actioned']),
  created_at: IsoDateTimeSchema,
});
export type AdminConversationReport = z.infer<typeof AdminConversationReportSchema>;

/**
 * GET /admin/conversation-reports: open reports grouped by conversation, the oldest open report
 * first. What was decided (outcome, reason, who, when) is in the audit log.
 */
export const ConversationReportGroupSchema = z.object({
  conversation_id: IdSchema,
  listing: z.object({ id: IdSchema, title: z.string() }),
  reports: z.array(AdminConversationReportSchema),
});
export type ConversationReportGroup = z.infer<typeof ConversationReportGroupSchema>;
export const ConversationReportGroupsPageSchema = paginated(ConversationReportGroupSchema);

// POST /admin/conversations/{id}/reports/resolve takes ResolveReportsBodySchema: every open report of the conversation at once.

// ── Users ──

export const AdminUserSchema = z.object({
  id: IdSchema,
  email: z.string(),
  role: z.enum(['user', 'admin']),
  is_verified: z.boolean(),
  created_at: IsoDateTimeSchema,
  suspended_at: IsoDateTimeSchema.nullable(),
  suspension_reason: z.string().nullable(),
  listings_count: z.number().int(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
/** GET /admin/users?email=…: accounts whose email contains the text (all, newest first, without it). */
export const AdminUsersPageSchema = paginated(AdminUserSchema);

// ── Payments ──

export const AdminRefundSchema = z.object({
  id: IdSchema,
  amount: z.number(),
  source: z.enum(['admin', 'provider', 'automatic']),
  reason: z.string().nullable(),
  provider_refund_id: z.string().nullable(),
  created_at: IsoDateTimeSchema,
});
export type AdminRefund = z.infer<typeof AdminRefundSchema>;

export const AdminPaymentSchema = z.object({
  id: IdSchema,
  listing_id: IdSchema,
  listing_title: z.string(),
  user_id: IdSchema,
  user_email: z.string(),
  kind: z.enum(['activation', 'extension', 'renewal']),
  duration_months: z.number().int(),
  amount: z.number(),
  refunded_amount: z.number(),
  currency: z.string(),
  status: z.enum(['pending', 'completed', 'failed', 'refunded']),
  provider: z.enum(['stripe', 'sandbox', 'free']),
  provider_payment_id: z.string().nullable(),
  created_at: IsoDateTimeSchema,
  completed_at: IsoDateTimeSchema.nullable(),
  disputed_at: IsoDateTimeSchema.nullable(),
  refunds: z.array(AdminRefundSchema),
});
export type AdminPayment = z.infer<typeof AdminPaymentSchema>;
/** GET /admin/payments?q=…: newest first; q matches the payment id, provider id, email or listing title. */
export const AdminPaymentsPageSchema = paginated(AdminPaymentSchema);

/** POST /admin/payments/{id}/refund: the whole rest when amount is absent. */
export const RefundBodySchema = z.object({
  amount: z.number().positive('Enter an amount above 0.').multipleOf(0.01, 'Amounts have at most 2 decimal places.').optional(),
  reason: AdminReasonSchema,
});
export type RefundBody = z.infer<typeof RefundBodySchema>;

export const RefundResultSchema = z.object({
  payment: AdminPaymentSchema,
  /** The listing's expiry after the refund shortened or ended its paid time. */
  listing_expiry_date: IsoDateTimeSchema.nullable(),
});
export type RefundResult = z.infer<typeof RefundResultSchema>;

/** GET /admin/users/{id}: an account and everything it did. */
export const AdminUserDetailSchema = z.object({
  user: AdminUserSchema,
  listings: z.array(AdminListingSchema),
  payments: z.array(AdminPaymentSchema),
  reports_made: z.array(AdminReportSchema.extend({ listing_id: IdSchema, listing_title: z.string() })),
  reports_against: z.array(AdminReportSchema.extend({ listing_id: IdSchema, listing_title: z.string() })),
  messages_sent: z.array(
    z.object({ id: IdSchema, listing_id: IdSchema, listing_title: z.string(), message: z.string(), sent_at: IsoDateTimeSchema }),
  ),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;

// ── Settings ──

/** GET /admin/settings; PUT /admin/settings/promotion with { promo_free_until, reason }. */
export const AdminSettingsSchema = z.object({
  promo_free_until: z.iso.date(),
  promo_active: z.boolean(),
});
export type AdminSettings = z.infer<typeof AdminSettingsSchema>;
export const PromotionSettingBodySchema = z.object({
  promo_free_until: z.iso.date({ error: 'Enter a date as YYYY-MM-DD.' }),
  reason: AdminReasonSchema,
});
export type PromotionSettingBody = z.infer<typeof PromotionSettingBodySchema>;

// ── Inbox ──

/** GET /admin/inbox?status=open|done: feedback and support requests, newest first. */
export const InboxItemSchema = z.object({
  kind: z.enum(['feedback', 'support']),
  id: IdSchema,
  created_at: IsoDateTimeSchema,
  done_at: IsoDateTimeSchema.nullable(),
  email: z.string(),
  name: z.string().nullable(),
  subject: z.string().nullable(),
  message: z.string(),
  /** Feedback: the page the panel was opened on. */
  page: z.string().nullable(),
});
export type InboxItem = z.infer<typeof InboxItemSchema>;
export const InboxPageSchema = paginated(InboxItemSchema);

// ── Overview ──

/** GET /admin/overview */
export const AdminOverviewSchema = z.object({
  listings_live: z.number().int(),
  listings_new_this_week: z.number().int(),
  /** Live listings whose expiry is within the 'Expires soon' window (7 days). */
  listings_expiring_soon: z.number().int(),
  open_reports: z.number().int(),
  review_queue_length: z.number().int(),
  currency: z.string(),
  /** The last 12 months, oldest first, net of refunds ('2026-11'). */
  revenue_by_month: z.array(z.object({ month: z.string(), amount: z.number() })),
  /** The last 30 days, oldest first ('2026-11-24'). */
  searches_per_day: z.array(z.object({ day: z.string(), plain: z.number().int(), ai: z.number().int() })),
  messages_per_day: z.array(z.object({ day: z.string(), count: z.number().int() })),
});
export type AdminOverview = z.infer<typeof AdminOverviewSchema>;

// ── Audit log ──

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.string(),
  action: z.string(),
  object_type: z.string(),
  object_id: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  created_at: IsoDateTimeSchema,
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
/** GET /admin/audit?page=…&object_id=…: newest first. */
export const AuditPageSchema = paginated(AuditEntrySchema);
