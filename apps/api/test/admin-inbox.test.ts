import type { AuditEntry, InboxItem } from '@benchmarket/shared';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportRequests } from '../src/db/schema.js';
import { setupTestApp, type TestContext } from './helpers.js';
import { adminCall, createAccount, createAdmin, expectAdminOnly, type Account } from './support/admin-users.js';
import { uniqueEmail } from './support/auth.js';
import { expectDetail } from './support/responses.js';

/**
 * Issue 14: the console's inbox — feedback (with the page it came from) and support requests,
 * now stored as well as mailed — newest first, each markable as done (audited).
 */

let ctx: TestContext;
let admin: Account;
let user: Account;

beforeAll(async () => {
  ctx = await setupTestApp({ env: { RATE_LIMITS: 'off' } });
  [admin, user] = await Promise.all([createAdmin(ctx.app), createAccount(ctx.app)]);
});
afterAll(() => ctx?.close());

function post(url: string, payload: unknown, as?: Account) {
  return adminCall(ctx.app, 'POST', url, { as, payload });
}

async function inbox(status: 'open' | 'done' = 'open', query = ''): Promise<{ items: InboxItem[]; total: number }> {
  const response = await adminCall(ctx.app, 'GET', `/admin/inbox?status=${status}${query}`, { as: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: InboxItem[]; total: number };
}

async function writeToSupport(overrides: Record<string, unknown> = {}, as?: Account) {
  const payload = {
    name: 'Grace Hopper',
    email: uniqueEmail('grace'),
    subject: 'Invoice for my listing',
    message: 'Could you send me an invoice for my last payment?',
    ...overrides,
  };
  const response = await post('/support', payload, as);
  expect(response.statusCode, response.body).toBe(200);
  return payload;
}

describe('GET /api/v1/admin/inbox', () => {
  it('answers 401 to visitors and 403 to everyone but admins', async () => {
    await expectAdminOnly(ctx.app, user, [
      { method: 'GET', url: '/admin/inbox' },
      { method: 'POST', url: `/admin/inbox/support/${randomUUID()}/done` },
      { method: 'POST', url: '/admin/inbox/nonsense/x/done', payload: { reason: 7 } },
    ]);
  });

  it("keeps support requests (a visitor's, and a signed-in user's with their account) and feedback with its page, newest first", async () => {
    const visitor = await writeToSupport();
    const member = await writeToSupport({ email: user.email, subject: undefined, message: 'Where do I see my invoices?' }, user);
    const feedback = await post('/reviews/', { comment: 'The filters are great.', page: '/listings/search?query=pcr' }, user);
    expect(feedback.statusCode, feedback.body).toBe(201);

    const { items, total } = await inbox();
    expect(total).toBe(3);
    expect(items.map((item) => item.kind)).toEqual(['feedback', 'support', 'support']);
    expect(items[0]).toMatchObject({
      kind: 'feedback',
      id: (feedback.json() as { id: string }).id,
      email: user.email,
      name: null,
      subject: null,
      message: 'The filters are great.',
      page: '/listings/search?query=pcr',
      done_at: null,
    });
    expect(items[1]).toMatchObject({
      kind: 'support',
      email: user.email,
      name: 'Grace Hopper',
      subject: null,
      message: member.message,
      page: null,
    });
    expect(items[2]).toMatchObject({
      kind: 'support',
      email: visitor.email,
      name: 'Grace Hopper',
      subject: 'Invoice for my listing',
      message: visitor.message,
      page: null,
      done_at: null,
    });

    // The signed-in sender's account is kept with the request; the visitor's is none.
    const rows = await ctx.app.db.select().from(supportRequests);
    expect(rows.find((row) => row.email === user.email)?.userId).toBe(user.id);
    expect(rows.find((row) => row.email === visitor.email)?.userId).toBeNull();

    const second = await inbox('open', '&page=2&page_size=2');
    expect(second).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(second.items.map((item) => item.id)).toEqual([items[2]?.id]);
  });

  it('marks a support request and feedback done once, with the audit log saying who and why; done items leave the open list', async () => {
    const { items } = await inbox();
    const support = items.find((item) => item.kind === 'support');
    const feedback = items.find((item) => item.kind === 'feedback');
    if (!support || !feedback) throw new Error('the inbox lacks a kind');

    const done = await post(`/admin/inbox/support/${support.id}/done`, undefined, admin);
    expect(done.statusCode, done.body).toBe(200);
    const doneItem = done.json() as InboxItem;
    expect(doneItem).toMatchObject({ ...support, done_at: expect.any(String) });
    const again = await post(`/admin/inbox/support/${support.id}/done`, {}, admin);
    expect(again.json()).toEqual(doneItem);

    const withReason = await post(`/admin/inbox/feedback/${feedback.id}/done`, { reason: 'Passed on to the search team.' }, admin);
    expect(withReason.statusCode).toBe(200);

    expect((await inbox('open')).items.map((item) => item.id)).not.toEqual(expect.arrayContaining([support.id]));
    expect((await inbox('open')).total).toBe(1);
    expect((await inbox('done')).items.map((item) => item.id)).toEqual(expect.arrayContaining([support.id, feedback.id]));

    const audit = async (id: string) =>
      ((await adminCall(ctx.app, 'GET', `/admin/audit?object_id=${id}`, { as: admin })).json() as { items: AuditEntry[] }).items;
    expect(await audit(support.id)).toEqual([
      expect.objectContaining({
        actor: admin.email,
        action: 'inbox.done',
        object_type: 'support_request',
        before: { done_at: null },
        after: { done_at: doneItem.done_at },
        reason: null,
      }),
    ]);
    expect(await audit(feedback.id)).toEqual([
      expect.objectContaining({ object_type: 'feedback', reason: 'Passed on to the search team.' }),
    ]);
  });

  it('answers 404 for an unknown item and 400 for a kind or status it does not know', async () => {
    const unknown = await post(`/admin/inbox/feedback/${randomUUID()}/done`, undefined, admin);
    expectDetail(unknown, 404, 'This message was not found in the inbox.');
    // A support request's id is not a feedback id.
    const [row] = await ctx.app.db.select({ id: supportRequests.id }).from(supportRequests).where(eq(supportRequests.email, user.email));
    expect((await post(`/admin/inbox/feedback/${row?.id}/done`, undefined, admin)).statusCode).toBe(404);
    const badKind = await post(`/admin/inbox/mail/${randomUUID()}/done`, undefined, admin);
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().detail).toContain("Kind must be 'feedback' or 'support'.");
    const badStatus = await adminCall(ctx.app, 'GET', '/admin/inbox?status=archived', { as: admin });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().detail).toContain("Status must be 'open' or 'done'.");
  });
});
