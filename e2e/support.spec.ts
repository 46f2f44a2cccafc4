import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInWithToken, registerVerifiedByMail } from './support/api.js';
import { launchBrowser, newSession } from './support/browser.js';
import { startMailCatcher, type MailCatcher } from './support/mail.js';
import { startServer, type RunningServer } from './support/server.js';

// /support: the common questions and the support form, which mails the support address of
// the configuration (SUPPORT_EMAIL) through real SMTP, and acknowledges to the sender.

const SUPPORT_EMAIL = 'help@benchmarket.test';
const SENT = 'Thanks — your message has been sent. We usually reply within one business day.';
const REQUIRED = 'Please fill in your name, email address and message.';

let server: RunningServer;
let browser: Browser;
let mail: MailCatcher;

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startServer({ SMTP_URL: mail.smtpUrl, SUPPORT_EMAIL });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mail?.stop();
});

/**
 * A verified user and a token. The server sends mail by SMTP here (not to the outbox that
 * createVerifiedUser reads), so the verification link comes from the mail catcher.
 */
async function verifiedUser(): Promise<{ email: string; token: string }> {
  return registerVerifiedByMail(server.baseUrl, mail, `support-user-${String(Date.now())}@example.com`, 'Lab-bench-2025!');
}

function formOf(page: Page) {
  return page.getByRole('region', { name: 'Send us a message' });
}

/** Presses Tab until the element named `name` has focus (at most `limit` times). */
async function tabTo(page: Page, name: string, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText.trim() ?? '');
    if (focused === name) return;
  }
  throw new Error(`"${name}" never got focus by Tab`);
}

async function focusedName(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.getAttribute('name') ?? null);
}

describe('support page', () => {
  it('a visitor writes to support with the keyboard alone; support gets the mail, the sender an acknowledgement', async () => {
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl);
    const sender = `visitor-${String(Date.now())}@example.com`;
    await page.goto('/');
    // The landing page is there (its heading drawn) before the visitor reaches its footer: a
    // click during the first load raced the app's own start once in CI.
    await page.getByRole('heading', { level: 1 }).waitFor();
    // From the footer's link, as a visitor finds the page.
    await Promise.all([
      page.waitForURL(`${server.baseUrl}/support`),
      page.getByRole('contentinfo').getByRole('link', { name: 'Contact Support' }).click(),
    ]);
    await page.getByRole('heading', { level: 1, name: 'Contact Support' }).waitFor();

    // The intro's link takes the keyboard to the form.
    await tabTo(page, 'send us a message');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Send us a message');

    // An empty form is refused, and the focus goes to the first field to fill in.
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('name');
    await tabTo(page, 'Send Message', 4);
    await page.keyboard.press('Enter');
    await formOf(page).getByRole('alert').getByText(REQUIRED).waitFor();
    expect(await focusedName(page)).toBe('name');

    await page.keyboard.type('Grace Hopper');
    await page.keyboard.press('Tab');
    await page.keyboard.type(sender);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Invoice for my last payment');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Could you send me an invoice for the listing I paid for yesterday?');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');

    await formOf(page).getByRole('status').getByText(SENT).waitFor();
    expect(await formOf(page).getByRole('alert').count()).toBe(0);

    const request = await mail.waitForMail(SUPPORT_EMAIL, /^\[Support\] Invoice for my last payment$/);
    expect(request.text).toContain(`From: Grace Hopper <${sender}>`);
    expect(request.text).toContain('Account: not logged in');
    expect(request.text).toContain('Could you send me an invoice for the listing I paid for yesterday?');
    const acknowledgement = await mail.waitForMail(sender, /We received your message/);
    expect(acknowledgement.text).not.toContain('invoice');

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('pre-fills the email of a logged-in user and names the account in the mail', async () => {
    const user = await verifiedUser();
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl);
    await logInWithToken(context, user.token);
    await page.goto('/support');

    const form = formOf(page);
    const email = form.getByLabel('Email');
    await email.waitFor();
    expect(await email.inputValue()).toBe(user.email);
    await form.getByLabel('Name').fill('Ada Lovelace');
    await form.getByLabel('Message').fill('How do I renew an expired listing?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await form.getByText(SENT).waitFor();

    const request = await mail.waitForMail(SUPPORT_EMAIL, /^\[Support\] Message from Ada Lovelace$/);
    expect(request.text).toContain(`Account: ${user.email}`);
    expect(request.text).toContain('How do I renew an expired listing?');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('answers the common questions in disclosures that open by keyboard and by click', async () => {
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl);
    await page.goto('/support');
    await page.getByRole('heading', { level: 2, name: 'Frequently asked questions' }).waitFor();
    // The promotion's topic is there once the settings (GET /config) say it runs.
    await page.getByRole('heading', { level: 3, name: 'Fees and the promotion' }).waitFor();

    for (const topic of [
      'Fees and the promotion',
      'Verification badges',
      'Payments',
      'Photos',
      'Expiry, extending and renewing',
      'Messaging sellers',
    ]) {
      expect(await page.getByRole('heading', { level: 3, name: topic }).isVisible()).toBe(true);
    }

    const badges = page.locator('summary', { hasText: 'What do the verification badges mean?' });
    await badges.focus();
    await page.keyboard.press('Enter');
    for (const badge of ['AI Verified', 'Verification Pending', 'Verification Needed', 'Pending Verification']) {
      expect(
        await page
          .getByRole('term')
          .filter({ hasText: new RegExp(`^${badge}$`) })
          .isVisible(),
      ).toBe(true);
    }
    await page.keyboard.press('Space');
    expect(
      await page
        .getByRole('term')
        .filter({ hasText: /^AI Verified$/ })
        .isVisible(),
    ).toBe(false);

    const photos = page.locator('summary', { hasText: 'How many photos can I add, and how large?' });
    await photos.click();
    await page.getByText(/Up to 5 photos per listing, each at most 10 MB/).waitFor();

    const promotion = page.locator('summary', { hasText: 'List Free Until June' });
    await promotion.click();
    await page.getByText(/30 days free listing/).waitFor();

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
