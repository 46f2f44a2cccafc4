import {
  AdminApproveBodySchema,
  AdminListingSchema,
  AdminReasonBodySchema,
  ConversationReportGroupSchema,
  ConversationReportGroupsPageSchema,
  FeatureListingBodySchema,
  IdParamsSchema,
  PageQuerySchema,
  ReportGroupSchema,
  ReportGroupsPageSchema,
  ResolveReportsBodySchema,
  ReviewQueuePageSchema,
} from '@benchmarket/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminRoute, errorResponses } from '../../lib/route-schemas.js';
import { currentUserOf } from '../auth/index.js';

const ReportsQuerySchema = PageQuerySchema.extend({
  status: z.enum(['open', 'resolved'], { error: "Status must be 'open' or 'resolved'." }).default('open'),
});

/** An approval may come without a body at all: its reason is optional. */
const ApproveBodySchema = z.preprocess((body) => body ?? {}, AdminApproveBodySchema);

const readErrors = errorResponses(400, 401, 403, 404);
const writeErrors = errorResponses(400, 401, 403, 404, 409);

/**
 * The console's listings and reports (issue 14; conversations' reports: issue 16), admins only: 401 to visitors and 403 to
 * everyone else before anything is read. Every write takes a reason (the audit log and the
 * seller's mail show it) and is recorded in the audit log with the change.
 */
const moderationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const moderation = app.moderation.service;
  /** A decision about one listing (approve, reject, feature, …): it answers the listing as the decision left it. */
  const listingWrite = <Schema extends object>(schema: Schema) =>
    adminRoute(app, { params: IdParamsSchema, response: { 200: AdminListingSchema, ...writeErrors }, ...schema });
  app.get(
    '/admin/review-queue',
    adminRoute(app, {
      summary: 'Listings waiting for an operator: pending and rejected by the check, oldest first',
      description:
        'Each with its seller’s history and its open reports. A listing an operator rejected leaves the queue until its seller edits it; a taken-down one leaves it.',
      querystring: PageQuerySchema,
      response: { 200: ReviewQueuePageSchema, ...readErrors },
    }),
    async (request) => {
      const { page, page_size: pageSize } = request.query;
      const { items, total } = await moderation.reviewQueue({ page, pageSize });
      return { items, total, page, page_size: pageSize };
    },
  );

  app.get(
    '/admin/listings/:id',
    adminRoute(app, {
      summary: 'A listing in any state, with its seller’s email, featuring and prohibited-item reason',
      params: IdParamsSchema,
      response: { 200: AdminListingSchema, ...readErrors },
    }),
    async (request) => moderation.adminListing(request.params.id),
  );

  app.post(
    '/admin/listings/:id/approve',
    listingWrite({
      summary: "Approve a listing: it shows 'Verified' (no verification object, is_verified true)",
      description: 'Overrules a prohibited-item finding too. A taken-down listing is restored first (409).',
      body: ApproveBodySchema,
    }),
    async (request) => moderation.approve(currentUserOf(request), request.params.id, request.body.reason ?? null),
  );

  // Reject, take down and restore: the same route but for what the decision does and says.
  const reasonedDecisions = [
    {
      path: 'reject',
      summary: "Reject a listing: 'Verification Needed' with the reason as its notes; the seller is mailed the reason",
      description: 'A live listing stays live (take it down to hide it). The seller’s next edit sends it back to the review queue.',
      decide: moderation.reject.bind(moderation),
    },
    {
      path: 'take-down',
      summary: 'Take a listing down: hidden everywhere, not publishable; the seller is mailed why',
      description: 'Its owner still sees it, with the reason (moderation). 409 when it is already taken down.',
      decide: moderation.takeDown.bind(moderation),
    },
    {
      path: 'restore',
      summary: 'Undo a take-down: live again if its paid time has not run out; the seller is mailed',
      decide: moderation.restore.bind(moderation),
    },
  ];
  for (const { path, summary, description, decide } of reasonedDecisions) {
    app.post(
      `/admin/listings/:id/${path}`,
      listingWrite({
        summary,
        ...(description === undefined ? {} : { description }),
        body: AdminReasonBodySchema,
      }),
      async (request) => decide(currentUserOf(request), request.params.id, request.body.reason),
    );
  }

  app.post(
    '/admin/listings/:id/feature',
    listingWrite({
      summary: 'Feature a live listing until a day (through its end, UTC) or an instant',
      description:
        "The landing page's 'Featured' strip and first when browsing. 400 for a date not in the future, 409 for a listing that is not live.",
      body: FeatureListingBodySchema,
    }),
    async (request) => moderation.feature(currentUserOf(request), request.params.id, request.body),
  );

  app.delete('/admin/listings/:id/feature', listingWrite({ summary: 'Stop featuring a listing' }), async (request) =>
    moderation.unfeature(currentUserOf(request), request.params.id),
  );

  app.get(
    '/admin/reports',
    adminRoute(app, {
      summary: 'Reports grouped by listing: open ones (oldest first) or resolved ones (latest first)',
      querystring: ReportsQuerySchema,
      response: { 200: ReportGroupsPageSchema, ...readErrors },
    }),
    async (request) => {
      const { page, page_size: pageSize, status } = request.query;
      const { items, total } = await moderation.reportGroups(status, { page, pageSize });
      return { items, total, page, page_size: pageSize };
    },
  );

  app.post(
    '/admin/listings/:id/reports/resolve',
    adminRoute(app, {
      summary: 'Resolve every open report of a listing: dismissed, or acted on, with a reason',
      description:
        'Acting (taking the listing down, rejecting it) is a separate call; this records the outcome. 409 when no report is open.',
      params: IdParamsSchema,
      body: ResolveReportsBodySchema,
      response: { 200: ReportGroupSchema, ...writeErrors },
    }),
    async (request) => moderation.resolveReports(currentUserOf(request), request.params.id, request.body),
  );

  app.get(
    '/admin/conversation-reports',
    adminRoute(app, {
      summary: 'Open reports of conversations, grouped by conversation, the oldest open report first',
      description: 'Who reported whom, about which listing, why. Resolved ones are in the audit log (conversation_report.*).',
      querystring: PageQuerySchema,
      response: { 200: ConversationReportGroupsPageSchema, ...readErrors },
    }),
    async (request) => {
      const { page, page_size: pageSize } = request.query;
      const { items, total } = await app.moderation.conversationReports.open({ page, pageSize });
      return { items, total, page, page_size: pageSize };
    },
  );

  app.post(
    '/admin/conversations/:id/reports/resolve',
    adminRoute(app, {
      summary: 'Resolve every open report of a conversation: dismissed, or acted on, with a reason',
      description:
        'Acting (suspending an account) is a separate call; this records the outcome in the audit log. 404 for an unknown conversation, 409 when no report is open.',
      params: IdParamsSchema,
      body: ResolveReportsBodySchema,
      response: { 200: ConversationReportGroupSchema, ...writeErrors },
    }),
    async (request) => app.moderation.conversationReports.resolve(currentUserOf(request), request.params.id, request.body),
  );
};

export default moderationAdminRoutes;
