import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { setupTestApp, type TestContext } from '../helpers.js';
import type { Clock } from '../../src/lib/clock.js';
import { call } from './listings.js';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from './smtp.js';
import type { TestUser } from './users.js';

/** The trust and moderation tests' app (issue 14): mail to a real SMTP stand-in, no rate limits, the promotion running. */
export interface TrustApp {
  ctx: TestContext;
  smtp: TestSmtpServer;
}

export function useTrustApp(options: { clock?: Clock; env?: Record<string, string> } = {}): TrustApp {
  const setup = {} as TrustApp;
  beforeAll(async () => {
    setup.smtp = await startSmtpServer();
    setup.ctx = await setupTestApp({
      env: { SMTP_URL: setup.smtp.url, RATE_LIMITS: 'off', PROMO_FREE_UNTIL: '2099-06-01', ...options.env },
      clock: options.clock,
    });
  });
  afterAll(async () => {
    await setup.ctx?.close();
    await setup.smtp?.close();
  });
  return setup;
}

/** Runs the worker (as its poll would) until a mail for `to` (with `subject` in its subject) arrives. */
export async function nextMail(app: FastifyInstance, smtp: TestSmtpServer, to: string, subject?: string): Promise<ReceivedMail> {
  const arrival = smtp.waitForMail(to, { subject });
  let arrived = false;
  void arrival.finally(() => (arrived = true)).catch(() => undefined);
  while (!arrived) {
    await app.worker.runDueJobs();
    await Promise.race([arrival.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 100))]);
  }
  return arrival;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls into the trust app as `user`: `api` answers the response, `ok` insists on a 200 and answers its body. */
export function trustCalls(setup: TrustApp) {
  const api = (method: Method, url: string, user?: TestUser, payload?: unknown) => call(setup.ctx.app, method, url, { user, payload });
  async function ok<T>(method: Method, url: string, user?: TestUser, payload?: unknown): Promise<T> {
    const response = await api(method, url, user, payload);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
    return response.json() as T;
  }
  return { api, ok };
}
