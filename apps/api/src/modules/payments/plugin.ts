import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PaymentsAdmin } from './admin.js';
import { ChargeEvents } from './charge-events.js';
import { PaymentCheckout } from './checkout.js';
import { createPaymentProvider } from '../../providers/payments/index.js';
import { PaymentSettlement, RECONCILE_EVERY_MS, REFUND_EVERY_MS } from './settlement.js';

interface PaymentsModule {
  /** The payments port's adapter: Stripe when its keys are set, otherwise the sandbox. */
  provider: ReturnType<typeof createPaymentProvider>;
  checkout: PaymentCheckout;
  settlement: PaymentSettlement;
  /** Stripe's charge.refunded and charge.dispute.created, each applied once. */
  chargeEvents: ChargeEvents;
  /** The console's payments and refunds (issue 14). */
  admin: PaymentsAdmin;
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
    outcomes: app.metrics,
  });
  const checkout = new PaymentCheckout({
    db: app.db,
    clock: app.clock,
    provider,
    pricing: config.pricing,
    promoFreeUntil: () => app.settings.promoFreeUntil(),
    log,
    settlement,
  });
  const refundDeps = {
    db: app.db,
    clock: app.clock,
    provider,
    log,
    listings: app.listings,
    audit: app.audit,
    notices: settlement,
    outcomes: app.metrics,
  };
  app.decorate('payments', {
    provider,
    checkout,
    settlement,
    chargeEvents: new ChargeEvents(refundDeps),
    admin: new PaymentsAdmin(refundDeps),
  });

  app.worker.every(RECONCILE, RECONCILE_EVERY_MS, async () => {
    await settlement.reconcile();
  });
  app.worker.every(REFUNDS, REFUND_EVERY_MS, async () => {
    await settlement.processRefunds();
  });
}

export default fp(paymentsPlugin, { name: 'payments', dependencies: ['jobs', 'mail', 'listings', 'audit', 'settings', 'metrics'] });
