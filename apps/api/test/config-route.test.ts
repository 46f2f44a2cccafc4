import { PublicConfigSchema } from '@benchmarket/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { setupTestApp, TEST_JWT_SECRET, testEnv, type TestContext } from './helpers.js';
import { testClock } from './support/clock.js';

let ctx: TestContext;
const clock = testClock();

beforeAll(async () => {
  ctx = await setupTestApp({ env: { PROMO_FREE_UNTIL: '2099-06-01' }, clock });
});
afterAll(() => ctx?.close());

/** Another app with other settings on the same database (no second migration). */
async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
  const app = await buildApp({ config: loadConfig(testEnv(ctx.dataDir, env)), database: ctx.database, clock });
  await app.ready();
  return app;
}

const getConfig = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/api/v1/config' });

describe('GET /api/v1/config', () => {
  it('answers the local defaults: no Google, sandbox payments, the promotion and the prices in currency units', async () => {
    const response = await getConfig(ctx.app);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      google_client_id: null,
      payment_provider: 'sandbox',
      stripe_publishable_key: null,
      promotion: { active: true, free_until: '2099-06-01', free_days: 30, label: 'List Free Until June' },
      pricing: { currency: 'usd', base_price: 49, additional_month_price: 29, extension_month_price: 39 },
    });
    expect(PublicConfigSchema.safeParse(response.json()).success).toBe(true);
  });

  it('tells the web app the Google client id and the Stripe publishable key, and no secret', async () => {
    const secrets = {
      STRIPE_SECRET_KEY: 'sk_test_very_secret_key',
      STRIPE_WEBHOOK_SECRET: 'whsec_very_secret',
      SMTP_URL: 'smtp://mailer:smtp-password@mail.example.com:587',
      AI_API_KEY: 'ai-secret-key',
    };
    const app = await appWith({
      ...secrets,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_public',
      GOOGLE_CLIENT_ID: 'client-123.apps.googleusercontent.com',
      PRICE_BASE_CENTS: '4950',
      CURRENCY: 'EUR',
    });
    try {
      const response = await getConfig(app);
      const body = response.json();
      expect(body.google_client_id).toBe('client-123.apps.googleusercontent.com');
      expect(body.payment_provider).toBe('stripe');
      expect(body.stripe_publishable_key).toBe('pk_test_public');
      expect(body.pricing).toMatchObject({ currency: 'eur', base_price: 49.5 });
      for (const secret of [...Object.values(secrets), 'smtp-password', TEST_JWT_SECRET]) {
        expect(response.body).not.toContain(secret);
      }
    } finally {
      await app.close();
    }
  });

  it('shows the promotion as over from its end date', async () => {
    const app = await appWith({ PROMO_FREE_UNTIL: '2030-06-01' });
    try {
      clock.advance(Date.parse('2030-05-31T23:59:00Z') - Date.now());
      expect((await getConfig(app)).json().promotion).toMatchObject({ active: true, free_until: '2030-06-01' });
      clock.reset();
      clock.advance(Date.parse('2030-06-01T00:00:00Z') - Date.now());
      expect((await getConfig(app)).json().promotion).toMatchObject({ active: false, free_until: '2030-06-01' });
    } finally {
      clock.reset();
      await app.close();
    }
  });

  it('needs no login and is in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/v1/config'].get.tags).toEqual(['config']);
  });
});
