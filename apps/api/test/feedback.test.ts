import { FEEDBACK_BLANK, FEEDBACK_TOO_LONG } from '@benchmarket/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback } from '../src/db/schema.js';
import { setupTestApp, type TestContext } from './helpers.js';
import { call, createUser } from './support/messages-fixtures.js';
import { expectDetail } from './support/responses.js';

const FEEDBACK_PER_HOUR = 5;

let ctx: TestContext;

beforeAll(async () => {
  ctx = await setupTestApp({ env: { RATE_LIMIT_MESSAGES_PER_HOUR: String(FEEDBACK_PER_HOUR) } });
});
afterAll(async () => {
  await ctx?.close();
});

const submit = (payload: unknown, token?: string, url = '/reviews/') => call(ctx.app, 'POST', url, { payload, token });

async function storedFeedback(userId: string) {
  return ctx.app.db.select().from(feedback).where(eq(feedback.userId, userId));
}

describe('POST /api/v1/reviews/', () => {
  it('answers 401 to a visitor, whatever the body', async () => {
    for (const payload of [{ comment: 'Great site' }, { comment: '' }, {}]) {
      const response = await submit(payload);
      expect(response.statusCode).toBe(401);
      expect(response.json().detail).toBeTruthy();
    }
    expect((await submit({ comment: 'Great site' }, 'not-a-token')).statusCode).toBe(401);
  });

  it('answers 403 to a logged-in user who has not verified their email, and stores nothing', async () => {
    const unverified = await createUser(ctx.app, { verified: false });
    for (const payload of [{ comment: 'Great site' }, { comment: '   ' }]) {
      const response = await submit(payload, unverified.token);
      expect(response.statusCode).toBe(403);
      const { detail } = response.json();
      expect(detail).toContain('Only verified users can submit feedback');
      expect(detail).toMatch(/verify your email/i);
    }
    expect(await storedFeedback(unverified.id)).toHaveLength(0);
  });

  it('stores a verified user’s trimmed comment with the page it came from and answers 201', async () => {
    const user = await createUser(ctx.app);
    const response = await submit({ comment: '  The search filters are great.  ', page: '/listings/abc' }, user.token);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ comment: 'The search filters are great.' });
    expect(typeof body.id).toBe('string');
    expect(Number.isNaN(Date.parse(body.created_at))).toBe(false);
    expect(typeof body.message).toBe('string');

    const rows = await storedFeedback(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: body.id, comment: 'The search filters are great.', page: '/listings/abc' });
  });

  it('answers at /reviews without the trailing slash too, and the page is optional', async () => {
    const user = await createUser(ctx.app);
    const response = await submit({ comment: 'No slash' }, user.token, '/reviews');
    expect(response.statusCode).toBe(201);
    expect(response.json().comment).toBe('No slash');
    const [row] = await storedFeedback(user.id);
    expect(row?.page).toBeNull();
  });

  it('refuses a blank or missing comment with the spec’s text', async () => {
    const user = await createUser(ctx.app);
    for (const payload of [{ comment: '' }, { comment: '   \n\t ' }, {}, { comment: null }]) {
      const response = await submit(payload, user.token);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().detail).toBe(FEEDBACK_BLANK);
    }
    expect(await storedFeedback(user.id)).toHaveLength(0);
  });

  it('accepts 1000 characters after trimming and refuses 1001', async () => {
    const user = await createUser(ctx.app);
    const longest = await submit({ comment: `  ${'a'.repeat(1000)}  ` }, user.token);
    expect(longest.statusCode).toBe(201);
    expect(longest.json().comment).toHaveLength(1000);
    const tooLong = await submit({ comment: 'a'.repeat(1001) }, user.token);
    expectDetail(tooLong, 400, FEEDBACK_TOO_LONG);
    expect(await storedFeedback(user.id)).toHaveLength(1);
  });

  it('refuses a page path longer than 500 characters', async () => {
    const user = await createUser(ctx.app);
    const response = await submit({ comment: 'Nice', page: `/${'p'.repeat(500)}` }, user.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain('page');
    expect((await submit({ comment: 'Nice', page: `/${'p'.repeat(499)}` }, user.token)).statusCode).toBe(201);
  });

  it('limits each user per hour', async () => {
    const user = await createUser(ctx.app);
    for (let i = 0; i < FEEDBACK_PER_HOUR; i += 1) {
      expect((await submit({ comment: `Idea ${i}` }, user.token)).statusCode).toBe(201);
    }
    const refused = await submit({ comment: 'One more idea' }, user.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toContain('Too many attempts');
    // Another user is not affected.
    const other = await createUser(ctx.app);
    expect((await submit({ comment: 'Mine' }, other.token)).statusCode).toBe(201);
  });
});

describe('OpenAPI document', () => {
  it('describes the messages, feedback and support calls, with /reviews/ documented once', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of [
      '/api/v1/messages',
      '/api/v1/messages/user',
      '/api/v1/messages/{id}/read',
      '/api/v1/messages/{id}',
      '/api/v1/reviews/',
      '/api/v1/support',
    ]) {
      expect(paths).toContain(path);
    }
    expect(paths).not.toContain('/api/v1/reviews');
  });
});
