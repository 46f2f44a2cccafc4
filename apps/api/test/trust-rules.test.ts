import { EMAIL_NOT_VERIFIED_TO_PUBLISH, LISTING_PROHIBITED_PREFIX, listingProhibitedMessage, type Listing } from '@benchmarket/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings, users } from '../src/db/schema.js';
import { checkListing, prohibitedReasonOf } from '../src/modules/verification/index.js';
import { GOOD_PASSWORD, loginToken, postJson, uniqueEmail } from './support/auth.js';
import { activate, call, createListing, GOOD_LISTING } from './support/listings.js';
import { sandboxCard } from './support/payments-fixtures.js';
import { tokenFromLink } from './support/smtp.js';
import { nextMail, useTrustApp } from './support/trust.js';
import { createUser, type TestUser } from './support/users.js';

/**
 * Issue 14's trust rules for sellers: an unverified account keeps drafts but cannot publish
 * them (nor contact sellers: messages.test.ts); prohibited items are refused at publish time
 * and a live listing cannot be edited into one; an edit runs the check again.
 */

const setup = useTrustApp();
const PUBLIC_URL = 'http://localhost:3000';
const { duration_months: _duration, ...EDIT } = GOOD_LISTING;

const CS137 = 'Comes with the original Cs-137 sealed source for calibration.';

function createIntent(user: TestUser, listingId: string, durationMonths = 1) {
  return call(setup.ctx.app, 'POST', '/payments/create-intent', {
    user,
    payload: { listing_id: listingId, duration_months: durationMonths },
  });
}

async function listingRow(id: string) {
  const [row] = await setup.ctx.app.db.select().from(listings).where(eq(listings.id, id));
  return row!;
}

function edit(user: TestUser, id: string, overrides: Record<string, unknown>) {
  return call(setup.ctx.app, 'PUT', `/listings/${id}`, { user, payload: { ...EDIT, ...overrides } });
}

describe('the prohibited-item rules', () => {
  const base = { ...GOOD_LISTING, category: 'centrifuges', location: 'Germany' } as const;
  const withText = (sentence: string) => ({ title: base.title, description: `${base.description} ${sentence}` });

  it.each([
    ['a controlled substance', 'Includes two boxes of fentanyl ampoules.', 'Controlled substances cannot be sold'],
    ['a prescription drug', 'Also a case of prescription medications.', 'Prescription drugs cannot be sold'],
    ['human tissue', 'Comes with human tissue samples.', 'Human tissue, blood and other specimens cannot be sold'],
    ['a radioactive source', CS137, 'Radioactive sources and materials cannot be sold'],
    ['an infectious agent', 'Freezer still holds live virus stocks.', 'Infectious agents and biohazardous waste cannot be sold'],
    ['a weapon', 'A firearm safe is included.', 'Weapons and explosives cannot be sold'],
    ['used single-use devices', 'Includes 40 used single-use catheters.', 'Used or reprocessed single-use devices cannot be sold'],
    [
      'single-use devices that were used',
      'Ten single-use biopsy needles, used once.',
      'Used or reprocessed single-use devices cannot be sold',
    ],
    ['reprocessed single-use devices', 'Box of reprocessed single-use trocars.', 'Used or reprocessed single-use devices cannot be sold'],
    ['a recalled device', 'This infusion pump was recalled in 2023.', 'Recalled devices cannot be sold'],
    ['a device under recall', 'The unit is under recall but works fine.', 'Recalled devices cannot be sold'],
    ['a device subject to a recall', 'Subject to a recall, sold as is.', 'Recalled devices cannot be sold'],
    ['an FDA recall', 'Affected by an FDA recall of the firmware.', 'Recalled devices cannot be sold'],
  ])('makes %s prohibited, with the note as the reason', (_kind, sentence, note) => {
    const reason = prohibitedReasonOf(withText(sentence));
    expect(reason).toContain(note);
    expect(checkListing({ ...base, description: withText(sentence).description }).status).toBe('auto_rejected');
  });

  it.each([
    'Box of 100 single-use syringes, new in the original packaging.',
    'Single-use pipette tips, never used, sealed.',
    'Unused single-use cuvettes included.',
    'Comes with single-use cuvettes used for calibration.',
    'Never recalled; serviced every year.',
    'Electron capture detector included.',
  ])('does not make this prohibited: %s', (sentence) => {
    expect(prohibitedReasonOf(withText(sentence))).toBeNull();
  });

  it('does not make contact details or a thin description prohibited (they only need fixing)', () => {
    expect(prohibitedReasonOf(withText('Write to me at seller@example.org'))).toBeNull();
    expect(prohibitedReasonOf({ title: base.title, description: 'Works.' })).toBeNull();
  });
});

describe('publishing as an unverified account', () => {
  it('keeps the draft, refuses the free activation and a card payment with 403 and the way out, and lets it through once verified', async () => {
    const { app } = setup.ctx;
    const email = uniqueEmail('unverified-seller');
    expect((await postJson(app, '/api/v1/auth/register', { email, password: GOOD_PASSWORD })).statusCode).toBe(201);
    const token = await loginToken(app, email, GOOD_PASSWORD);
    const [row] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const seller: TestUser = { id: row!.id, email, token, headers: { authorization: `Bearer ${token}` } };

    // spec §6: the draft may be created and edited.
    const draft = await createListing(app, seller);
    expect((await edit(seller, draft.id, { price: 4300 })).statusCode).toBe(200);

    for (const months of [1, 3]) {
      const refused = await createIntent(seller, draft.id, months);
      expect(refused.statusCode, `${months} months`).toBe(403);
      expect(refused.json()).toEqual({ detail: EMAIL_NOT_VERIFIED_TO_PUBLISH, code: 'email_not_verified' });
    }
    expect(EMAIL_NOT_VERIFIED_TO_PUBLISH).toBe(
      'Please verify your email address before publishing a listing. Use the link we emailed you, or send a new one.',
    );
    expect(await listingRow(draft.id)).toMatchObject({ isActive: false, paymentStatus: 'unpaid' });

    // The way out: a new verification mail, then the link.
    expect((await postJson(app, '/api/v1/auth/resend-verification', {}, { token })).statusCode).toBe(200);
    await nextMail(app, setup.smtp, email, 'Verify your BenchMarket email');
    const mail = await nextMail(app, setup.smtp, email, 'Verify your BenchMarket email');
    const verified = await postJson(app, '/api/v1/auth/verify-email', { token: tokenFromLink(mail, `${PUBLIC_URL}/verify-email`) });
    expect(verified.statusCode).toBe(200);

    const published = await createIntent(seller, draft.id, 1);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ provider: 'free', amount: 0 });
    expect(await listingRow(draft.id)).toMatchObject({ isActive: true, paymentStatus: 'paid' });
  });
});

describe('prohibited items at publish time', () => {
  it('saves a draft with a prohibited item (with its notes) and refuses to publish it, free or paid, with the reason', async () => {
    const { app } = setup.ctx;
    const seller = await createUser(app);
    const draft = await createListing(app, seller, { description: `${GOOD_LISTING.description} ${CS137}` });
    expect(draft).toMatchObject({ is_verified: false, verification: { status: 'auto_rejected' } });
    expect((draft.verification as Listing['verification'])!.verification_notes).toContain(
      'Radioactive sources and materials cannot be sold',
    );
    const reason = (await listingRow(draft.id)).prohibitedReason!;
    expect(reason).toContain('Radioactive sources and materials cannot be sold on BenchMarket (found: sealed source, cs 137).');

    for (const months of [1, 3]) {
      const refused = await createIntent(seller, draft.id, months);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: listingProhibitedMessage(reason), code: 'listing_prohibited' });
      expect(refused.json().detail.startsWith(`${LISTING_PROHIBITED_PREFIX} Radioactive`)).toBe(true);
    }
    expect(await listingRow(draft.id)).toMatchObject({ isActive: false, paymentStatus: 'unpaid' });

    // Fixed: the reason goes, and it can be published.
    const fixed = await edit(seller, draft.id, {});
    expect(fixed.statusCode).toBe(200);
    expect((await listingRow(draft.id)).prohibitedReason).toBeNull();
    expect((await createIntent(seller, draft.id, 1)).statusCode).toBe(200);
  });

  it('keeps a listing off when its card payment completes after the draft was edited into a prohibited item, and publishes it once fixed', async () => {
    const { app } = setup.ctx;
    const seller = await createUser(app);
    const draft = await createListing(app, seller);
    const intent = (await createIntent(seller, draft.id, 3)).json();
    const prohibited = `${GOOD_LISTING.description} Includes used single-use catheters.`;
    expect((await edit(seller, draft.id, { description: prohibited })).statusCode).toBe(200);
    // The sandbox completes the payment as Stripe's webhook would: paid, but not published.
    expect((await sandboxCard(app, intent.client_secret)).statusCode).toBe(200);
    expect(await listingRow(draft.id)).toMatchObject({ paymentStatus: 'paid', isActive: false });
    expect((await call(app, 'GET', `/listings/${draft.id}`)).statusCode).toBe(404);

    const fixed = await edit(seller, draft.id, {});
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toMatchObject({ is_active: true, payment_status: 'paid' });
    expect((await call(app, 'GET', `/listings/${draft.id}`)).statusCode).toBe(200);
  });

  it('stores the reason from the local rules when the AI verifier checks (a model cannot clear a prohibited item)', async () => {
    // The AI verifier (verification.test.ts) merges with the local findings; the reason is the rules' own.
    const { app } = setup.ctx;
    const seller = await createUser(app);
    const draft = await createListing(app, seller, { description: `${GOOD_LISTING.description} This analyzer was recalled last year.` });
    expect((await listingRow(draft.id)).prohibitedReason).toContain('Recalled devices cannot be sold on BenchMarket (found: recalled).');
  });
});

describe('PUT /api/v1/listings/:id runs the check again', () => {
  it('refuses to edit a live listing into a prohibited item, and saves nothing', async () => {
    const { app } = setup.ctx;
    const seller = await createUser(app);
    const live = await createListing(app, seller);
    await activate(app, live.id);
    const before = await listingRow(live.id);

    const refused = await edit(seller, live.id, { title: 'Centrifuge with morphine samples', price: 1 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('listing_prohibited');
    expect(refused.json().detail).toBe(
      listingProhibitedMessage(prohibitedReasonOf({ title: 'Centrifuge with morphine samples', description: GOOD_LISTING.description })!),
    );
    const after = await listingRow(live.id);
    expect(after).toMatchObject({ title: before.title, priceCents: before.priceCents, prohibitedReason: null, isActive: true });
    expect(after.updatedAt).toEqual(before.updatedAt);
  });

  it('re-checks an edit: a listing edited to carry a phone number needs verification, and passes again once it is removed', async () => {
    const { app } = setup.ctx;
    const seller = await createUser(app);
    const live = await createListing(app, seller);
    await activate(app, live.id);
    const flagged = await edit(seller, live.id, { description: `${GOOD_LISTING.description} Call +44 20 7946 0958.` });
    expect(flagged.statusCode).toBe(200);
    expect(flagged.json()).toMatchObject({ is_verified: false, is_active: true, verification: { status: 'auto_rejected' } });
    expect(flagged.json().verification.verification_notes).toContain('Remove the phone number');
    const clean = await edit(seller, live.id, {});
    expect(clean.json()).toMatchObject({ is_verified: true, verification: { status: 'auto_approved' } });
  });
});
