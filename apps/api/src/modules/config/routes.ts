import { PROMO_FREE_DAYS, PROMO_HEADLINE, PublicConfigSchema, type PublicConfig } from '@benchmarket/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.js';
import { isPromotionActive } from '../settings/index.js';

const centsToUnits = (cents: number): number => Math.round(cents) / 100;

/**
 * What the browser may know of the configuration, and nothing else (STYLE: "Configuration is
 * read once… GET /api/v1/config whitelists what a browser may see"): no secret key, no SMTP
 * address, no database. The promotion is active until its end date (exclusive, UTC): the
 * settings module's — an admin's value, else PROMO_FREE_UNTIL, else the default (issue 14).
 */
export function publicConfig(config: AppConfig, now: Date, freeUntil: string): PublicConfig {
  const { pricing, stripe, google } = config;
  return {
    google_client_id: google.clientId ?? null,
    payment_provider: stripe.secretKey ? 'stripe' : 'sandbox',
    stripe_publishable_key: stripe.secretKey ? (stripe.publishableKey ?? null) : null,
    promotion: {
      active: isPromotionActive(freeUntil, now),
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
      // Short cache: the promotion flips at a date, or when an admin moves it.
      void reply.header('cache-control', 'public, max-age=60');
      return publicConfig(app.config, app.clock.now(), await app.settings.promoFreeUntil());
    },
  );
};

export default configRoutes;
