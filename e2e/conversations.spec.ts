import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, logInWithToken } from './support/api.js';
import { launchBrowser, newSession } from './support/browser.js';
import { createPublishedListing, severeAxeViolations } from './support/listing-fixtures.js';
import { startServer, type RunningServer } from './support/server.js';

// Issue 16: a buyer and a seller talk about a listing in a conversation and agree on an offer.
// Accounts and the listing are set up through the API; the journey goes through the UI.

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ PROMO_FREE_UNTIL: '2099-06-01' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('conversations', () => {
  it('a buyer messages a seller from a listing, the seller replies on /messages, the buyer offers, the seller accepts', async () => {
    const seller = await createVerifiedUser(server, 'seller');
    const buyer = await createVerifiedUser(server, 'buyer');
    const listing = await createPublishedListing(
      server,
      seller,
      { title: 'Thermo Heracell 150i CO2 incubator', price: 5200, condition: 'pre-owned', location: 'Germany' },
      { photo: false },
    );

    // The buyer writes from the listing page, then follows the link to the conversation.
    const buyerSession = await newSession(browser, server.baseUrl);
    await logInWithToken(buyerSession.context, buyer.token);
    const buyerPage = buyerSession.page;
    await buyerPage.goto(`/listings/${listing.id}`);
    await buyerPage.getByLabel('Message', { exact: true }).fill('Does it come with the decontamination certificate?');
    await buyerPage.getByRole('button', { name: 'Send Message' }).click();
    await buyerPage.getByText('Your message has been sent to the seller.').waitFor();
    await buyerPage.getByRole('link', { name: 'Open the conversation' }).click();
    await buyerPage.waitForURL((url) => /^\/messages\/[0-9a-f-]{36}$/.test(url.pathname));
    const conversationPath = new URL(buyerPage.url()).pathname;
    const buyerEntries = buyerPage.getByRole('list', { name: 'Messages and offers' });
    await buyerEntries.getByText('Does it come with the decontamination certificate?').waitFor();

    // The seller sees it in the header's count and on /messages, opens it by keyboard and replies.
    const sellerSession = await newSession(browser, server.baseUrl);
    await logInWithToken(sellerSession.context, seller.token);
    const sellerPage = sellerSession.page;
    await sellerPage.goto('/messages');
    await sellerPage.getByRole('link', { name: 'Messages 1 unread' }).waitFor();
    const item = sellerPage.getByRole('region', { name: 'Conversations' }).getByRole('link', { name: new RegExp(listing.title) });
    await item.waitFor();
    expect(await severeAxeViolations(sellerPage, { include: 'main' })).toEqual([]);
    await item.focus();
    await sellerPage.keyboard.press('Enter');
    await sellerPage.waitForURL(`${server.baseUrl}${conversationPath}`);
    const reply = sellerPage.getByRole('textbox', { name: 'Your reply' });
    await reply.fill('Yes, dated last month. It ships from Hamburg.');
    await reply.press('Tab');
    await sellerPage.keyboard.press('Enter');
    await sellerPage
      .getByRole('list', { name: 'Messages and offers' })
      .getByText('Yes, dated last month. It ships from Hamburg.')
      .waitFor();

    // The buyer reads the reply and makes an offer.
    await buyerPage.reload();
    await buyerEntries.getByText('Yes, dated last month. It ships from Hamburg.').waitFor();
    await buyerPage.getByRole('button', { name: 'Make an offer' }).click();
    const offerForm = buyerPage.getByRole('form', { name: 'Make an offer' });
    await offerForm.getByRole('textbox', { name: 'Amount (USD)' }).fill('4800');
    await offerForm.getByRole('textbox', { name: /Note/ }).fill('I can collect it next week.');
    await offerForm.getByRole('button', { name: 'Send offer' }).click();
    await buyerEntries.getByText('Your offer: $4,800.00').waitFor();
    await buyerEntries.getByText('Waiting for the seller').waitFor();
    expect(await severeAxeViolations(buyerPage, { include: 'main' })).toEqual([]);

    // The seller accepts it with one click; both see it accepted.
    await sellerPage.reload();
    const sellerEntries = sellerPage.getByRole('list', { name: 'Messages and offers' });
    await sellerEntries.getByText('Offer: $4,800.00').waitFor();
    await sellerEntries.getByRole('button', { name: 'Accept' }).click();
    await sellerEntries.getByText('Accepted', { exact: true }).waitFor();
    expect(await sellerEntries.getByRole('button', { name: 'Accept' }).count()).toBe(0);

    await buyerPage.reload();
    await buyerEntries.getByText('Accepted', { exact: true }).waitFor();

    // Report and Block ask first, in dialogs that Escape closes; both are axe-clean.
    await sellerPage.getByRole('button', { name: 'Report' }).click();
    const reportDialog = sellerPage.getByRole('dialog', { name: 'Report this conversation' });
    await reportDialog.getByRole('radio', { name: 'Spam' }).waitFor();
    expect(await severeAxeViolations(sellerPage)).toEqual([]);
    await sellerPage.keyboard.press('Escape');
    await reportDialog.waitFor({ state: 'detached' });
    await sellerPage.getByRole('button', { name: 'Block' }).click();
    const blockDialog = sellerPage.getByRole('alertdialog', { name: /^Block / });
    await blockDialog.getByRole('button', { name: 'Cancel' }).waitFor();
    expect(await severeAxeViolations(sellerPage)).toEqual([]);
    await sellerPage.keyboard.press('Escape');
    await blockDialog.waitFor({ state: 'detached' });

    // Others see no offer on the listing page.
    const visitor = await newSession(browser, server.baseUrl);
    await visitor.page.goto(`/listings/${listing.id}`);
    await visitor.page.getByRole('heading', { level: 1, name: listing.title }).waitFor();
    expect(await visitor.page.getByText('4,800').count()).toBe(0);
    await visitor.context.close();

    expect(buyerSession.pageErrors).toEqual([]);
    expect(sellerSession.pageErrors).toEqual([]);
    await buyerSession.context.close();
    await sellerSession.context.close();
  });

  it('on a phone, the list leads to the conversation and a link leads back', async () => {
    const seller = await createVerifiedUser(server, 'seller');
    const buyer = await createVerifiedUser(server, 'buyer');
    const listing = await createPublishedListing(
      server,
      seller,
      { title: 'Olympus CKX53 inverted microscope', price: 3100, condition: 'pre-owned', location: 'Austria' },
      { photo: false },
    );
    const phone = await newSession(browser, server.baseUrl, { viewport: { width: 390, height: 844 } });
    await logInWithToken(phone.context, buyer.token);
    await phone.page.goto(`/listings/${listing.id}`);
    await phone.page.getByLabel('Message', { exact: true }).fill('Is the phase contrast kit included?');
    await phone.page.getByRole('button', { name: 'Send Message' }).click();
    await phone.page.getByText('Your message has been sent to the seller.').waitFor();

    await phone.page.goto('/messages');
    await phone.page.getByRole('link', { name: new RegExp(listing.title) }).click();
    await phone.page.getByRole('list', { name: 'Messages and offers' }).getByText('Is the phase contrast kit included?').waitFor();
    // The list is out of the way on a phone; the conversation says how to go back.
    expect(await phone.page.getByRole('region', { name: 'Conversations' }).isVisible()).toBe(false);
    expect(await severeAxeViolations(phone.page)).toEqual([]);
    await phone.page.getByRole('link', { name: '← All conversations' }).click();
    await phone.page.getByRole('link', { name: new RegExp(listing.title) }).waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(phone.pageErrors).toEqual([]);
    await phone.context.close();
  });
});
