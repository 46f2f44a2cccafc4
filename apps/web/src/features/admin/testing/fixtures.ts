/**
 * Data for the console's component tests, each checked against the shared contract
 * (packages/shared, schemas/admin.ts) so the pages are tested with what the API may answer.
 */
import {
  AdminListingSchema,
  AdminOverviewSchema,
  AdminPaymentSchema,
  AdminReportSchema,
  AdminUserDetailSchema,
  AdminUserSchema,
  AuditEntrySchema,
  ConversationReportGroupSchema,
  InboxItemSchema,
  ReviewQueueItemSchema,
  type AdminListing,
  type AdminOverview,
  type AdminPayment,
  type AdminReport,
  type AdminUser,
  type AdminUserDetail,
  type AuditEntry,
  type ConversationReportGroup,
  type InboxItem,
  type Paginated,
  type ReviewQueueItem,
  type User,
} from '@benchmarket/shared';
import { vi } from 'vitest';
import { stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { baseListing } from '@/testing/fixtures';

const DAY_MS = 86_400_000;

export const ADMIN_TOKEN = 'admin-token';

export const admin: User = {
  id: 'ad000000-0000-4000-8000-000000000001',
  email: 'admin@benchmarket.local',
  is_verified: true,
  role: 'admin',
};
export const member: User = { id: 'ad000000-0000-4000-8000-000000000002', email: 'member@example.com', is_verified: true, role: 'user' };
export const seller = { id: 'ad000000-0000-4000-8000-000000000003', email: 'seller@lab.example' };
export const reporter = { id: 'ad000000-0000-4000-8000-000000000004', email: 'buyer@lab.example' };

export function daysFromNow(days: number): string {
  return new Date(Date.now() + days * DAY_MS).toISOString();
}

let sequence = 0;
/** A fresh UUID with a recognisable first group. */
export function nextId(prefix = 'a1a1a1a1'): string {
  sequence += 1;
  return `${prefix}-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
}

/** A listing as the console sees it: a seller's live listing the check left pending. */
export function makeAdminListing(overrides: Partial<AdminListing> = {}): AdminListing {
  const id = overrides.id ?? nextId('1a1a1a1a');
  return AdminListingSchema.parse({
    ...baseListing({
      id,
      user_id: seller.id,
      photos: [`/uploads/listings/${id}/1.webp`, `/uploads/listings/${id}/2.webp`],
      thumbnails: [`/uploads/listings/${id}/1-thumb.webp`, `/uploads/listings/${id}/2-thumb.webp`],
      expiry_date: daysFromNow(60),
      is_verified: false,
      verification: { status: 'pending', verification_notes: 'The photos do not show the serial number.' },
      moderation: null,
      is_featured: false,
    }),
    seller_email: seller.email,
    featured_until: null,
    prohibited_reason: null,
    ...overrides,
  });
}

export function makeQueueItem(listing: Partial<AdminListing> = {}, overrides: Partial<ReviewQueueItem> = {}): ReviewQueueItem {
  return ReviewQueueItemSchema.parse({
    listing: makeAdminListing(listing),
    seller: {
      id: seller.id,
      email: seller.email,
      created_at: '2025-01-02T09:00:00.000Z',
      is_verified: true,
      suspended_at: null,
      listings_total: 4,
      listings_live: 2,
      listings_rejected: 1,
      listings_taken_down: 0,
      reports_against: 3,
    },
    open_reports: 2,
    ...overrides,
  });
}

export function makeReport(overrides: Partial<AdminReport> = {}): AdminReport {
  return AdminReportSchema.parse({
    id: nextId('2b2b2b2b'),
    reason: 'suspected_fraud',
    details: 'The same photos are on another site with a different seller.',
    reporter_id: reporter.id,
    reporter_email: reporter.email,
    status: 'open',
    resolution_reason: null,
    created_at: '2025-03-01T10:00:00.000Z',
    resolved_at: null,
    ...overrides,
  });
}

/** A conversation about a listing the buyer (`reporter`) reported, the seller being the one reported. */
export function makeConversationReportGroup(overrides: Partial<ConversationReportGroup> = {}): ConversationReportGroup {
  return ConversationReportGroupSchema.parse({
    conversation_id: nextId('5e5e5e5e'),
    listing: { id: nextId('1a1a1a1a'), title: 'Olympus CX23 Microscope' },
    reports: [
      {
        id: nextId('2b2b2b2b'),
        reason: 'scam_or_fraud',
        details: 'Asks to pay by gift card.',
        reporter,
        reported: seller,
        status: 'open',
        created_at: '2025-03-01T10:00:00.000Z',
      },
    ],
    ...overrides,
  });
}

export function makeAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return AdminUserSchema.parse({
    id: seller.id,
    email: seller.email,
    role: 'user',
    is_verified: true,
    created_at: '2025-01-02T09:00:00.000Z',
    suspended_at: null,
    suspension_reason: null,
    listings_count: 4,
    ...overrides,
  });
}

export function makePayment(overrides: Partial<AdminPayment> = {}): AdminPayment {
  return AdminPaymentSchema.parse({
    id: nextId('9c9c9c9c'),
    listing_id: nextId('1a1a1a1a'),
    listing_title: 'Eppendorf 5810R Centrifuge',
    user_id: seller.id,
    user_email: seller.email,
    kind: 'activation',
    duration_months: 3,
    amount: 107,
    refunded_amount: 0,
    currency: 'USD',
    status: 'completed',
    provider: 'stripe',
    provider_payment_id: 'pi_3Pabc123',
    created_at: '2025-02-01T12:00:00.000Z',
    completed_at: '2025-02-01T12:00:05.000Z',
    disputed_at: null,
    refunds: [],
    ...overrides,
  });
}

export function makeUserDetail(overrides: Partial<AdminUserDetail> = {}): AdminUserDetail {
  const listing = makeAdminListing({ title: 'Thermo Heracell 150i CO2 Incubator' });
  return AdminUserDetailSchema.parse({
    user: makeAdminUser(),
    listings: [listing],
    payments: [makePayment({ listing_id: listing.id, listing_title: listing.title })],
    reports_made: [],
    reports_against: [{ ...makeReport(), listing_id: listing.id, listing_title: listing.title }],
    messages_sent: [
      {
        id: nextId('3c3c3c3c'),
        listing_id: nextId('1a1a1a1a'),
        listing_title: 'Olympus CX23 Microscope',
        message: 'Is the microscope still available?',
        sent_at: '2025-03-02T08:00:00.000Z',
      },
    ],
    ...overrides,
  });
}

export function makeInboxItem(overrides: Partial<InboxItem> = {}): InboxItem {
  return InboxItemSchema.parse({
    kind: 'feedback',
    id: nextId('4d4d4d4d'),
    created_at: '2025-03-03T15:30:00.000Z',
    done_at: null,
    email: 'visitor@example.com',
    name: null,
    subject: null,
    message: 'The search filters are hard to find on my phone.',
    page: '/search?q=centrifuge',
    ...overrides,
  });
}

export function makeAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  sequence += 1;
  return AuditEntrySchema.parse({
    id: sequence,
    actor: admin.email,
    action: 'listing.take_down',
    object_type: 'listing',
    object_id: nextId('1a1a1a1a'),
    before: { is_active: true, moderation_status: null },
    after: { is_active: false, moderation_status: 'taken_down' },
    reason: 'Controlled substance.',
    created_at: '2025-03-04T11:00:00.000Z',
    ...overrides,
  });
}

export function makeOverview(overrides: Partial<AdminOverview> = {}): AdminOverview {
  return AdminOverviewSchema.parse({
    listings_live: 128,
    listings_new_this_week: 9,
    listings_expiring_soon: 4,
    open_reports: 3,
    review_queue_length: 6,
    currency: 'USD',
    revenue_by_month: Array.from({ length: 12 }, (_, index) => ({
      month: `2025-${String(index + 1).padStart(2, '0')}`,
      amount: index === 10 ? 1234.5 : 100 * index,
    })),
    searches_per_day: Array.from({ length: 30 }, (_, index) => ({
      day: `2025-11-${String(index + 1).padStart(2, '0')}`,
      plain: 10 + index,
      ai: index % 3,
    })),
    messages_per_day: Array.from({ length: 30 }, (_, index) => ({
      day: `2025-11-${String(index + 1).padStart(2, '0')}`,
      count: index % 4,
    })),
    ...overrides,
  });
}

export function page<T>(items: T[], overrides: Partial<Paginated<T>> = {}): Paginated<T> {
  return { items, total: items.length, page: 1, page_size: 20, ...overrides };
}

/** The API of a signed-in administrator (`as` another user to see the refusal); `routes` add the console's calls. */
export function adminApi(routes: Record<string, StubHandler> = {}, as: User = admin) {
  return stubFetch({ 'GET /api/v1/auth/me': { body: as }, ...routes });
}

/** The JSON body a request was sent with. */
export async function bodyOf(request: Request): Promise<unknown> {
  return JSON.parse(await request.clone().text()) as unknown;
}

/**
 * Holds back the answers to requests whose URL contains `urlPart` (after stubbing fetch) until
 * `release()`: to see a page while it loads or an action while it is pending.
 */
export function holdRequests(urlPart: string): { release: () => void } {
  const stubbed = globalThis.fetch;
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes(urlPart)) await gate;
    return stubbed(input, init);
  });
  return { release: () => release() };
}
