import { PROMO_FREE_DAYS, PROMO_HEADLINE, PublicConfigSchema, type PublicConfig } from '@benchmarket/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.js';

const centsToUnits = (cents: number): number => Math.round(cents) / 100;

/**
 * What the browser may know of the configuration, and nothing else (STYLE: "Configuration is
 * read once… GET /api/v1/config whitelists what a browser may see"): no secret key, no SMTP
 * address, no database. The promotion is active until PROMO_FREE_UNTIL (exclusive, UTC).
 */
export function publicConfig(config: AppConfig, now: Date): PublicConfig {
  const { pricing, stripe, google } = config;
  const freeUntil = pricing.promoFreeUntil;
  return {
    google_client_id: google.clientId ?? null,
    payment_provider: stripe.secretKey ? 'stripe' : 'sandbox',
    stripe_publishable_key: stripe.secretKey ? (stripe.publishableKey ?? null) : null,
    promotion: {
      active: now.getTime() < Date.parse(`${freeUntil}T00:00:00Z`),
      free_until: freeUntil,
      free_days: PROMO_FREE_DAYS,
      label: PROMO_HEADLINE,
    },
    pricing: {
      currency: pricing.currency,
      base_price: centsToUnits(pricing.baseCents),
      additional_month_price: centsToUnits(pricing.additionalMonthCents),
      extension_month_price: centsToUnits(pricing.extensionMonthCents),
    },
  };
}

const configRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/config',
    {
      schema: {
        tags: ['config'],
        summary: 'Run-time settings for the web app (Google client id, payment provider, promotion, prices)',
        response: { 200: PublicConfigSchema },
      },
    },
    async (_request, reply) => {
      // Short cache: settings change only with a restart, and the promotion flips at a date.
      void reply.header('cache-control', 'public, max-age=60');
      return publicConfig(app.config, app.clock.now());
    },
  );
};

export default configRoutes;
