import {
  ADMIN_ONLY,
  CONVERSATION_NOT_FOUND,
  type ConversationList,
  type ConversationReportGroup,
  type Paginated,
} from '@benchmarket/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestContext } from './helpers.js';
import { auditRowsOf, createAdmin } from './support/admin.js';
import { MINUTE, testClock } from './support/clock.js';
import { call } from './support/listings.js';
import { createListing } from './support/messages-fixtures.js';
import { expectDetail } from './support/responses.js';
import { createUser, type TestUser } from './support/users.js';

/**
 * Issue 16 (decision 022): the reports participants make about a conversation reach the
 * console — GET /admin/conversation-reports lists the open ones, POST
 * /admin/conversations/{id}/reports/resolve closes them with an outcome and a reason (audited).
 */

const clock = testClock();
let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => {
  ctx = await setupTestApp({ env: { RATE_LIMITS: 'off' }, clock });
  admin = await createAdmin(ctx.app);
});
afterAll(() => ctx?.close());

const api = (method: 'GET' | 'POST', url: string, user?: TestUser, payload?: unknown) =>
  call(ctx.app, method, url, { user, payload: payload ?? (method === 'POST' ? {} : undefined) });

async function openReports(): Promise<Paginated<ConversationReportGroup>> {
  const response = await api('GET', '/admin/conversation-reports?page_size=100', admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A buyer's contact message about a seller's listing: their conversation. */
async function conversation() {
  const [seller, buyer] = [await createUser(ctx.app), await createUser(ctx.app)];
  const listing = await createListing(ctx.app, seller.id);
  const sent = await api('POST', '/messages', buyer, {
    listing_id: listing.id,
    sender_name: 'Ada',
    sender_email: buyer.email,
    message: 'Can you ship it?',
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const list = (await api('GET', '/conversations', buyer)).json() as ConversationList;
  return { seller, buyer, listing, id: list.items[0]!.id };
}

async function report(id: string, user: TestUser, reason: string, details?: string): Promise<void> {
  clock.advance(MINUTE);
  const response = await api('POST', `/conversations/${id}/report`, user, { reason, ...(details && { details }) });
  expect(response.statusCode, response.body).toBe(201);
}

describe('GET /api/v1/admin/conversation-reports', () => {
  it('answers 401 to visitors and 403 to anyone but an admin', async () => {
    const { buyer, seller, id } = await conversation();
    await report(id, buyer, 'spam');
    for (const user of [buyer, seller]) {
      expectDetail(await api('GET', '/admin/conversation-reports', user), 403, ADMIN_ONLY);
      expectDetail(
        await api('POST', `/admin/conversations/${id}/reports/resolve`, user, { outcome: 'dismissed', reason: 'x' }),
        403,
        ADMIN_ONLY,
      );
    }
    expect((await api('GET', '/admin/conversation-reports')).statusCode).toBe(401);
    expect(
      (await api('POST', `/admin/conversations/${id}/reports/resolve`, undefined, { outcome: 'dismissed', reason: 'x' })).statusCode,
    ).toBe(401);
  });

  it('lists the open reports by conversation, the oldest first: who reported whom, about which listing, why and when', async () => {
    const first = await conversation();
    const second = await conversation();
    await report(second.id, second.seller, 'abusive');
    await report(first.id, first.buyer, 'scam_or_fraud', 'Asks to pay by gift card.');
    await report(first.id, first.seller, 'other', 'Threatens a bad review.');

    const { items, total } = await openReports();
    const ours = items.filter((group) => [first.id, second.id].includes(group.conversation_id));
    expect(ours.map((group) => group.conversation_id)).toEqual([second.id, first.id]);
    expect(total).toBe(items.length);
    const [, group] = ours;
    expect(group!.listing).toEqual({ id: first.listing.id, title: first.listing.title });
    expect(
      group!.reports.map((row) => [row.reason, row.details, row.reporter.email, row.reported.email, row.status, typeof row.created_at]),
    ).toEqual([
      ['scam_or_fraud', 'Asks to pay by gift card.', first.buyer.email, first.seller.email, 'open', 'string'],
      ['other', 'Threatens a bad review.', first.seller.email, first.buyer.email, 'open', 'string'],
    ]);
    expect(group!.reports[0]!.reporter.id).toBe(first.buyer.id);
    expect(group!.reports[0]!.reported.id).toBe(first.seller.id);
  });
});

describe('POST /api/v1/admin/conversations/:id/reports/resolve', () => {
  it('closes every open report of the conversation with the outcome, audits each with the reason, and lets the participant report again', async () => {
    const { buyer, seller, id } = await conversation();
    await report(id, buyer, 'spam');
    await report(id, seller, 'abusive');

    const resolved = await api('POST', `/admin/conversations/${id}/reports/resolve`, admin, {
      outcome: 'actioned',
      reason: 'The buyer’s account is suspended.',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const group = resolved.json() as ConversationReportGroup;
    expect(group.conversation_id).toBe(id);
    expect(group.reports.map((row) => [row.reporter.id, row.status])).toEqual([
      [buyer.id, 'actioned'],
      [seller.id, 'actioned'],
    ]);
    expect((await openReports()).items.some((item) => item.conversation_id === id)).toBe(false);

    for (const row of group.reports) {
      expect(await auditRowsOf(ctx.app, row.id)).toMatchObject([
        {
          actor: admin.email,
          action: 'conversation_report.action',
          objectType: 'report',
          before: { status: 'open' },
          after: { status: 'actioned', conversation_id: id },
          reason: 'The buyer’s account is suspended.',
        },
      ]);
    }

    const again = await api('POST', `/admin/conversations/${id}/reports/resolve`, admin, { outcome: 'dismissed', reason: 'Again.' });
    expectDetail(again, 409, 'This conversation has no open reports.');
    await report(id, seller, 'spam');
  });

  it('answers 404 for an unknown conversation and 400 for a bad outcome or no reason, closing nothing', async () => {
    const { buyer, id } = await conversation();
    await report(id, buyer, 'spam');
    const unknown = '00000000-0000-4000-8000-000000000000';
    expectDetail(
      await api('POST', `/admin/conversations/${unknown}/reports/resolve`, admin, { outcome: 'dismissed', reason: 'x' }),
      404,
      CONVERSATION_NOT_FOUND,
    );
    const noReason = await api('POST', `/admin/conversations/${id}/reports/resolve`, admin, { outcome: 'dismissed' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().detail).toContain('Please give a reason.');
    expect((await api('POST', `/admin/conversations/${id}/reports/resolve`, admin, { outcome: 'ignored', reason: 'x' })).statusCode).toBe(
      400,
    );
    expect((await openReports()).items.some((item) => item.conversation_id === id)).toBe(true);
  });
});
