import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PaymentCheckout } from './checkout.js';
import { createPaymentProvider } from '../../providers/payments/index.js';
import { PaymentSettlement, RECONCILE_EVERY_MS, REFUND_EVERY_MS } from './settlement.js';

export interface PaymentsModule {
  /** The payments port's adapter: Stripe when its keys are set, otherwise the sandbox. */
  provider: ReturnType<typeof createPaymentProvider>;
  checkout: PaymentCheckout;
  settlement: PaymentSettlement;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsModule;
  }
}

const RECONCILE = 'payments.reconcile';
const REFUNDS = 'payments.refunds';

/**
 * The payments module (spec §7): decorates `app.payments` (checkout and settlement over the
 * payments port) and registers its jobs — the reconciliation sweep and the refunds. A
 * completed payment changes its listing through `app.listings`.
 */
async function paymentsPlugin(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const provider = createPaymentProvider(config, app.db);
  const log = app.log.child({ module: 'payments' });
  const settlement = new PaymentSettlement({
    db: app.db,
    clock: app.clock,
    provider,
    mailer: app.mailer,
    publicUrl: config.publicUrl,
    log,
    listings: app.listings,
  });
  const checkout = new PaymentCheckout({ db: app.db, clock: app.clock, provider, pricing: config.pricing, log, settlement });
  app.decorate('payments', { provider, checkout, settlement });

  app.worker.every(RECONCILE, RECONCILE_EVERY_MS, async () => {
    await settlement.reconcile();
  });
  app.worker.every(REFUNDS, REFUND_EVERY_MS, async () => {
    await settlement.processRefunds();
  });
}

export default fp(paymentsPlugin, { name: 'payments', dependencies: ['jobs', 'mail', 'listings'] });
