import { afterAll, afterEach, beforeAll } from 'vitest';
import { setupTestApp, type TestContext } from '../helpers.js';
import type { TestClock } from './clock.js';
import { startSmtpServer, type TestSmtpServer } from './smtp.js';

interface SmtpApp {
  ctx: TestContext;
  /** The SMTP server the app mails to. */
  smtp: TestSmtpServer;
}

/**
 * For the enclosing suite: an app (no rate limits unless `env` turns them on) that mails to a
 * real test SMTP server, set up before its tests and closed after; `clock` is reset after each test.
 */
export function useSmtpApp(clock: TestClock, env: Record<string, string> = {}): SmtpApp {
  const setup = {} as SmtpApp;
  beforeAll(async () => {
    setup.smtp = await startSmtpServer();
    setup.ctx = await setupTestApp({ env: { SMTP_URL: setup.smtp.url, RATE_LIMITS: 'off', ...env }, clock });
  });
  afterAll(async () => {
    await setup.ctx?.close();
    await setup.smtp?.close();
  });
  afterEach(() => clock.reset());
  return setup;
}
