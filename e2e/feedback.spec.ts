import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, callApi, createVerifiedUser, logInWithToken } from './support/api.js';
import { launchBrowser, newSession } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

// The footer's feedback panel (spec §2, §4, §5, §6) against the real server.

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A registered user who has not followed the verification link, logged in through the API. */
async function createUnverifiedUser(): Promise<{ email: string; token: string }> {
  const email = `unverified-${String(Date.now())}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'Lab-bench-2025!';
  await api(server.baseUrl, '/auth/register', { json: { email, password } });
  const { access_token: token } = await api<{ access_token: string }>(server.baseUrl, '/auth/login', {
    form: { username: email, password },
  });
  return { email, token };
}

async function openPanel(page: Page) {
  await page.getByRole('contentinfo').getByRole('button', { name: 'Provide Feedback' }).click();
  const panel = page.getByRole('dialog', { name: 'Share Your Feedback' });
  await panel.waitFor();
  return panel;
}

describe('feedback', () => {
  it('takes feedback from a verified user: counter, blank refused, thanks, closes after 2 s', async () => {
    const user = await createVerifiedUser(server, 'feedback');
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl);
    await logInWithToken(context, user.token);
    await page.goto('/search');
    await page.getByRole('banner').getByText(user.email, { exact: true }).waitFor();

    const panel = await openPanel(page);
    const field = panel.getByRole('textbox', { name: 'Your feedback' });
    await field.waitFor();
    await panel.getByText('0/1000', { exact: true }).waitFor();
    const axe = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

    await panel.getByRole('button', { name: 'Submit Feedback' }).click();
    await panel.getByText('Please enter your feedback. Blank submissions are not allowed.').waitFor();

    await field.fill('The search found my centrifuge at once.');
    await panel.getByText('39/1000', { exact: true }).waitFor();
    const submitted = page.waitForResponse((response) => response.url().endsWith('/api/v1/reviews/'));
    await panel.getByRole('button', { name: 'Submit Feedback' }).click();
    const response = await submitted;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toEqual({ comment: 'The search found my centrifuge at once.', page: '/search' });
    await panel.getByText('Thank you for your feedback!').waitFor();

    await panel.waitFor({ state: 'detached', timeout: 5000 });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('withholds the form from an unverified user and tells them how to verify', async () => {
    const user = await createUnverifiedUser();
    // The API refuses them too.
    const refused = await callApi<{ detail: string }>(server.baseUrl, '/reviews/', { token: user.token, json: { comment: 'Hello' } });
    expect(refused.status).toBe(403);

    const { page, context, pageErrors } = await newSession(browser, server.baseUrl);
    await logInWithToken(context, user.token);
    await page.goto('/');
    await page.getByRole('banner').getByText(user.email, { exact: true }).waitFor();

    const panel = await openPanel(page);
    await panel.getByText(/only verified users can submit feedback/i).waitFor();
    expect(await panel.getByText(/check your inbox/i).count()).toBe(1);
    expect(await panel.getByRole('textbox').count()).toBe(0);
    expect(await panel.getByRole('button', { name: 'Resend verification email' }).isVisible()).toBe(true);

    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('asks a visitor to log in, and closes with Escape', async () => {
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl);
    await page.goto('/');
    const panel = await openPanel(page);
    await panel.getByText(/log in with a verified account/i).waitFor();
    expect(await panel.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?next=%2F');
    expect(await panel.getByRole('textbox').count()).toBe(0);

    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Provide Feedback' }).evaluate((element) => element === document.activeElement)).toBe(
      true,
    );
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
