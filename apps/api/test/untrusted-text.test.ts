import { ContactFormSchema, validateListingForm } from '@benchmarket/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, withOtherProcess, type TestContext } from './helpers.js';
import { GOOD_LISTING } from './support/listings.js';
import { call, createListing, createUser, uniqueIp, type TestUser } from './support/messages-fixtures.js';

/**
 * Issue 12, defect 12: text people write (listing titles and descriptions, names, messages,
 * feedback, support requests) is shown to other people, in mails and to the AI model. Bidi
 * formatting characters make it read in another order than it is stored ('Trojan Source'),
 * control characters hide or break it: both are refused with a 400 naming the field. Tab and
 * line breaks stay allowed where text has several lines. And requests for unknown paths
 * count towards the flood guard like any other.
 */

let ctx: TestContext;
let seller: TestUser;
let listingId: string;

beforeAll(async () => {
  ctx = await setupTestApp({ env: { RATE_LIMITS: 'off' } });
  seller = await createUser(ctx.app);
  listingId = (await createListing(ctx.app, seller.id)).id;
});

afterAll(async () => {
  await ctx?.close();
});

const RLO = '\u202E'; // right-to-left override
const BIDI = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'];
const CONTROLS = ['\u0000', '\u0001', '\u0007', '\u001B', '\u007F', '\u0085', '\u009B'];

function expectRefused(response: { statusCode: number; json(): { detail?: string } }, field: string): void {
  expect(response.statusCode).toBe(400);
  expect(response.json().detail).toContain(`${field} must not contain control or text-direction characters.`);
}

describe('listing titles and descriptions', () => {
  const post = (overrides: Record<string, unknown>) =>
    call(ctx.app, 'POST', '/listings', { token: seller.token, payload: { ...GOOD_LISTING, ...overrides } });

  it('refuses every Bidi formatting character in a title or a description, naming the field', async () => {
    for (const character of BIDI) {
      expectRefused(await post({ title: `Centrifuge ${character}exe.fdp` }), 'Title');
      expectRefused(await post({ description: `${GOOD_LISTING.description} ${character}hidden` }), 'Description');
    }
  });

  it('refuses NUL, C0 and C1 control characters, and line breaks and tabs in a title', async () => {
    for (const character of [...CONTROLS, '\n', '\r', '\t']) {
      expectRefused(await post({ title: `Centrifuge${character}5810R` }), 'Title');
    }
    for (const character of CONTROLS) {
      expectRefused(await post({ description: `${GOOD_LISTING.description}${character}` }), 'Description');
    }
  });

  it('keeps line breaks, tabs, accents, other scripts and emoji in a description', async () => {
    const description = 'Zentrifuge für das Labor.\r\nRotor:\tA-4-62 — 4 × 750 ml.\nعربي, 日本語, Ελληνικά 🧪';
    const created = await post({ title: 'Eppendorf Zentrifuge 5810R — geprüft', description });
    expect(created.statusCode).toBe(201);
    expect(created.json().description).toBe(description.trim());
  });

  it('refuses the same characters when a listing is edited', async () => {
    const created = await post({});
    expect(created.statusCode).toBe(201);
    const edited = await call(ctx.app, 'PUT', `/listings/${created.json().id as string}`, {
      token: seller.token,
      payload: { ...GOOD_LISTING, title: `Centrifuge ${RLO}gpj.exe` },
    });
    expectRefused(edited, 'Title');
  });

  it('gives the web forms the same message (they validate with the same schemas)', () => {
    const form = validateListingForm({ ...GOOD_LISTING, price: '10', duration_months: '1', title: `Scope ${RLO}x` }, 'create');
    expect(form).toEqual({ ok: false, error: 'Title must not contain control or text-direction characters.' });
    const contact = ContactFormSchema.safeParse({ sender_name: `Ann${RLO}`, sender_email: 'ann@example.com', message: 'Hello' });
    expect(contact.success).toBe(false);
    expect(contact.error?.issues[0]?.message).toBe('Name must not contain control or text-direction characters.');
  });
});

describe('messages, feedback and support requests', () => {
  let buyer: TestUser | undefined;
  const message = async (overrides: Record<string, unknown>) =>
    call(ctx.app, 'POST', '/messages', {
      token: (buyer ??= await createUser(ctx.app)).token,
      payload: {
        listing_id: listingId,
        sender_name: 'Ann Buyer',
        sender_email: 'ann@example.com',
        message: 'Is it still available?',
        ...overrides,
      },
    });

  it('refuses them in a contact message name or text, and keeps line breaks in the text', async () => {
    expectRefused(await message({ sender_name: `Ann ${RLO}reyuB` }), 'Name');
    expectRefused(await message({ sender_name: 'Ann\nBuyer' }), 'Name');
    expectRefused(await message({ message: `Is it available?\u0000` }), 'Message');
    expectRefused(await message({ message: `Pay here: ${'\u2067'}moc.elpmaxe${'\u2069'}` }), 'Message');
    expect((await message({ message: 'Hello,\r\n\r\nis it still available?\n\tAnn' })).statusCode).toBe(201);
  });

  it('refuses them in feedback', async () => {
    const user = await createUser(ctx.app);
    const feedback = (comment: string) => call(ctx.app, 'POST', '/reviews/', { token: user.token, payload: { comment } });
    expectRefused(await feedback(`Great site ${'\u202D'}!`), 'Feedback');
    expectRefused(await feedback('Great\u001Bsite'), 'Feedback');
    expect((await feedback('Great site.\nThanks!')).statusCode).toBe(201);
  });

  it('refuses them in a support request name, subject and message', async () => {
    const support = (overrides: Record<string, unknown>) =>
      call(ctx.app, 'POST', '/support', {
        payload: { name: 'Ann Buyer', email: 'ann@example.com', subject: 'Invoice', message: 'Where is my invoice?', ...overrides },
      });
    expectRefused(await support({ name: `Ann${'\u0008'}` }), 'Name');
    expectRefused(await support({ subject: `Invoice ${RLO}` }), 'Subject');
    expectRefused(await support({ message: `Where${'\u009B'}is it?` }), 'Message');
    expect((await support({ message: 'Where is my invoice?\nThanks' })).statusCode).toBe(200);
  });
});

describe('unknown paths and the flood guard', () => {
  it('counts requests for unknown API paths and web pages towards RATE_LIMIT_GLOBAL_PER_MINUTE, with a detail', async () => {
    await withOtherProcess(ctx, { env: { RATE_LIMIT_GLOBAL_PER_MINUTE: '6' } }, async (app) => {
      const from = (ip: string, url: string, method: 'GET' | 'POST' = 'GET') => app.inject({ method, url, remoteAddress: ip });
      const scanner = uniqueIp();
      const unknown = ['/api/v1/nothing-here', '/api/v2/admin', '/wp-login.php', '/.env', '/some/client/page', '/api/v1/listings/x/y/z'];
      // Unknown API paths and files are 404s, a client-side page is the web app: all count.
      for (const url of unknown) expect((await from(scanner, url)).statusCode).not.toBe(429);
      for (const url of [...unknown, '/another/page']) {
        const refused = await from(scanner, url);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().detail).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
      }
      // The same count as known routes: this address is limited everywhere.
      expect((await from(scanner, '/api/v1/health')).statusCode).toBe(429);
      expect((await from(scanner, '/api/v1/nothing', 'POST')).statusCode).toBe(429);
      // Another address is not.
      expect((await from(uniqueIp(), '/api/v1/nothing-here')).statusCode).toBe(404);
      expect((await from(uniqueIp(), '/api/v1/health')).statusCode).toBe(200);
    });
  });
});
