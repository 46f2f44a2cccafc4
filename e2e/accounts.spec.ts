import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from './support/api.js';
import { launchBrowser, newSession } from './support/browser.js';
import { linkIn, startMailCatcher, type MailCatcher } from './support/mail.js';
import { startServer, type RunningServer } from './support/server.js';

// The account journeys of spec §2, §5 and §8 against the real server, with its mail going to
// a real SMTP server started here. The texts are the spec's, written out on purpose.

let mail: MailCatcher;
let server: RunningServer;
let browser: Browser;

const PASSWORD = 'Centrifuge-Bench-42';
const NEW_PASSWORD = 'Autoclave-Shelf-97';

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startServer({ SMTP_URL: mail.smtpUrl });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mail?.stop();
});

/** Creates an account through the API (the journey under test is not registration). */
async function registerThroughApi(email: string, password: string): Promise<void> {
  const response = await fetch(`${server.baseUrl}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(201);
}

/** Focuses the first field and types each value, moving on with Tab; Enter submits. */
async function fillByKeyboard(page: Page, firstLabel: string, values: string[]): Promise<void> {
  await page.getByLabel(firstLabel, { exact: true }).focus();
  for (const [index, value] of values.entries()) {
    if (index > 0) await page.keyboard.press('Tab');
    await page.keyboard.type(value);
  }
  await page.keyboard.press('Enter');
}

async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('access_token'));
}

async function currentUser(page: Page): Promise<{ email: string; is_verified: boolean }> {
  return page.evaluate(async () => {
    const response = await fetch('/api/v1/auth/me', {
      headers: { Authorization: `Bearer ${window.localStorage.getItem('access_token') ?? ''}` },
    });
    return (await response.json()) as { email: string; is_verified: boolean };
  });
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

describe('accounts', () => {
  it('registers, verifies the email from the mail, logs in, sees the email in the header and logs out', async () => {
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl);
    const email = uniqueEmail('seller');

    await page.goto('/register');
    await page.getByRole('heading', { level: 1, name: 'Register' }).waitFor();
    await expectNoAxeViolations(page);
    await fillByKeyboard(page, 'Email', [email, PASSWORD, PASSWORD]);

    await page.getByText(`We've sent a verification email to ${email}.`).waitFor();
    expect(await page.getByText('The link is valid for 48 hours.', { exact: false }).isVisible()).toBe(true);

    const verification = await mail.waitForMail(email, /verify/i);
    expect(verification.text).toContain('48 hours');
    const link = linkIn(verification, '/verify-email');
    expect(link.startsWith(`${server.baseUrl}/verify-email?token=`)).toBe(true);

    await page.goto(link);
    await page.getByText('Your email has been verified', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Go to Login' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.baseUrl}/login`);

    await fillByKeyboard(page, 'Email', [email, PASSWORD]);
    await page.waitForURL(`${server.baseUrl}/`);
    const header = page.getByRole('banner');
    await header.getByText(email, { exact: true }).waitFor();
    expect(await header.getByRole('link', { name: 'Dashboard' }).isVisible()).toBe(true);
    expect(await storedToken(page)).not.toBeNull();
    expect(await currentUser(page)).toMatchObject({ email, is_verified: true });

    await header.getByRole('button', { name: 'Logout' }).click();
    await header.getByRole('link', { name: 'Login' }).waitFor();
    expect(await header.getByText(email, { exact: true }).count()).toBe(0);
    expect(await storedToken(page)).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/');

    // The link is single use; opened again it finds the account verified, which is a success.
    await page.goto(link);
    await page.getByText('Your email has already been verified. You can now log in.').waitFor();

    // Issue 18: logging out from a page for logged-in users goes to /, not to that page's /login.
    await page.goto(`${server.baseUrl}/login`);
    await fillByKeyboard(page, 'Email', [email, PASSWORD]);
    await page.waitForURL(`${server.baseUrl}/`);
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Seller Dashboard' }).waitFor();
    await header.getByRole('button', { name: 'Logout' }).click();
    await header.getByRole('link', { name: 'Login' }).waitFor();
    await page.waitForTimeout(2500);
    expect(new URL(page.url()).pathname).toBe('/');

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('resets a forgotten password from the mail and logs in with the new one', async () => {
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl);
    const email = uniqueEmail('buyer');
    await registerThroughApi(email, PASSWORD);

    await page.goto('/forgot-password');
    await page.getByRole('heading', { level: 1, name: 'Forgot Password' }).waitFor();
    await fillByKeyboard(page, 'Email', [email]);
    await page.getByText('If your email is registered, you will receive a password reset link shortly.').waitFor();

    const reset = await mail.waitForMail(email, /reset/i);
    await page.goto(linkIn(reset, '/reset-password'));
    await expectNoAxeViolations(page);
    await fillByKeyboard(page, 'New Password', [NEW_PASSWORD, NEW_PASSWORD]);

    await page.waitForURL(`${server.baseUrl}/login`);
    await page.getByText('Your password has been reset. You can now log in.').waitFor();

    // The old password no longer works: the server's refusal is shown.
    await fillByKeyboard(page, 'Email', [email, PASSWORD]);
    await page.getByRole('alert').filter({ hasText: 'Login failed. Please check your credentials.' }).waitFor();
    expect(await storedToken(page)).toBeNull();

    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByRole('banner').getByText(email, { exact: true }).waitFor();

    // The reset link works once.
    const again = await newSession(browser, server.baseUrl);
    await again.page.goto(linkIn(reset, '/reset-password'));
    await fillByKeyboard(again.page, 'New Password', ['Another-Password-55', 'Another-Password-55']);
    // The server's detail (its wording is the API's): the link is spent.
    await again.page
      .getByRole('alert')
      .filter({ hasText: /used|expired|not valid|invalid/i })
      .waitFor();
    await again.context.close();

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('answers an unknown address with the same neutral confirmation and sends nothing', async () => {
    const { page, context } = await newSession(browser, server.baseUrl);
    const stranger = uniqueEmail('nobody');

    await page.goto('/forgot-password');
    await fillByKeyboard(page, 'Email', [stranger]);
    await page.getByText('If your email is registered, you will receive a password reset link shortly.').waitFor();
    await expect(mail.waitForMail(stranger, /./, 1_500)).rejects.toThrow(/No mail/);
    await context.close();
  });

  it('returns to the page that sent the visitor to log in', async () => {
    const { page, context } = await newSession(browser, server.baseUrl);
    const email = uniqueEmail('returning');
    await registerThroughApi(email, PASSWORD);

    await page.goto('/login?next=/search');
    await page.getByRole('link', { name: 'Forgot password?' }).waitFor();
    await expectNoAxeViolations(page);
    // No Google client id on this server: no Google button, and Google's script is not loaded.
    expect(await page.locator('script[src^="https://accounts.google.com"]').count()).toBe(0);
    await fillByKeyboard(page, 'Email', [email, PASSWORD]);
    await page.waitForURL(`${server.baseUrl}/search`);
    await page.getByRole('banner').getByText(email, { exact: true }).waitFor();
    await context.close();
  });

  it('shows the validation and bad-link messages, on a phone', async () => {
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl, {
      viewport: { width: 390, height: 844 },
    });

    await page.goto('/register');
    await fillByKeyboard(page, 'Email', [uniqueEmail('short'), '12345', '12345']);
    await page.getByRole('alert').filter({ hasText: 'Password must be at least 6 characters' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill('long-enough-1');
    await page.getByLabel('Confirm Password', { exact: true }).fill('long-enough-2');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('alert').filter({ hasText: 'Passwords do not match' }).waitFor();

    await page.goto('/forgot-password');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please enter your email address' }).waitFor();

    await page.goto('/verify-email');
    await page.getByText('Invalid verification link. No token provided.').waitFor();
    await page.goto('/verify-email?token=not-a-real-token');
    await page.getByRole('alert').filter({ hasText: /link/i }).waitFor();
    expect(await page.getByRole('button', { name: 'Go to Login' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Return to Home' }).click();
    await page.waitForURL(`${server.baseUrl}/`);

    await page.goto('/reset-password');
    await page.getByText('Invalid reset link. No token provided.').waitFor();
    await page.goto('/reset-password?token=not-a-real-token');
    await fillByKeyboard(page, 'New Password', [NEW_PASSWORD, NEW_PASSWORD]);
    await page.getByRole('alert').filter({ hasText: /link/i }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/reset-password');

    await page.goto('/login');
    await fillByKeyboard(page, 'Email', [uniqueEmail('unknown'), PASSWORD]);
    await page.getByRole('alert').filter({ hasText: 'Login failed. Please check your credentials.' }).waitFor();
    // On a phone the form fits the screen: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
