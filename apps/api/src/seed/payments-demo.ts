import { randomUUID } from 'node:crypto';
import type { DurationMonths } from '@benchmarket/shared';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { payments } from '../db/schema.js';
import { addMonths } from '../modules/listings/index.js';
import { isPromotionActive } from '../modules/settings/index.js';
import { SandboxPaymentProvider } from '../providers/payments/index.js';
import type { DemoOwner, PlannedListing } from './catalog.js';
import type { DemoAccountKey } from './demo-accounts.js';
import { plannedFromHand, type HandListing } from './hand-listings.js';
import { createRandom } from './random.js';

/**
 * The demo's payment history: what a new seller sees under 'Payment History' and what a new
 * operator refunds from the console's payments page and sees in its revenue chart. Payments
 * of the demo seller and dealer, spread over the past 12 months: activations of a part of the
 * catalog's live listings (the catalog is at most 60 days old), long-running listings of their
 * own (activated 3 to 11 months ago, one extended since), one activation a card declined.
 *
 * Paid through the sandbox exactly as a buyer pays: its intent is created and confirmed with
 * Stripe's test cards through the payments port, so a refund from the console finds it. The
 * payment rows are written in their final state (completed, or failed), as the seed writes
 * listings: amounts are what the price table charged on the payment's date (the promotion
 * takes the base price off activations made while it runs; extensions are never discounted),
 * and each listing's expiry is the one its payments gave it.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** The share of the catalog's live listings whose activation is in the history. */
const CATALOG_SHARE = 0.12;
/** Stripe's test cards (the sandbox's card form accepts the same). */
const SUCCEEDING_CARD = '4242424242424242';
const DECLINED_CARD = '4000000000000002';

interface LongRunning extends HandListing {
  /** Created and activated this many days ago. */
  daysAgo: number;
  months: DurationMonths;
  /** Extended by `months` this many days before the activation's months ran out. */
  extension?: { months: DurationMonths; daysBeforeExpiry: number };
}

/** Listed for months (paid before the catalog's listings were made), still on sale. */
const LONG_RUNNING: readonly LongRunning[] = [
  {
    key: 'payments-centrifuge',
    owner: 'dealer',
    family: 'centrifuges',
    manufacturer: 'Eppendorf',
    model: '5810R',
    title: 'Eppendorf 5810R Refrigerated Centrifuge with A-4-81 Swing-Bucket Rotor',
    description:
      'Refrigerated benchtop centrifuge, fully serviced in our workshop with new motor brushes and lid gasket. Supplied with the A-4-81 swing-bucket rotor, four buckets and adapters for 50 ml tubes. Calibration certificate and 12 months warranty included.',
    priceCents: 6_900_00,
    condition: 'certified-refurbished',
    countryCode: 'DE',
    daysAgo: 328,
    months: 12,
  },
  {
    key: 'payments-microscope',
    owner: 'seller',
    family: 'microscopes',
    manufacturer: 'Olympus',
    model: 'BX53',
    title: 'Olympus BX53 Upright Microscope with Five Objectives and Camera Port',
    description:
      'Upright microscope from our histology lab, used for routine slide review until the lab moved to a scanner. Comes with 4x, 10x, 20x, 40x and 100x oil objectives, a trinocular head and a camera port. Optics are clean and the stage moves smoothly.',
    priceCents: 8_500_00,
    condition: 'pre-owned',
    countryCode: 'GB',
    daysAgo: 300,
    months: 12,
  },
  {
    key: 'payments-monitor',
    owner: 'dealer',
    family: 'patient-monitors',
    manufacturer: 'Philips',
    model: 'IntelliVue MX450',
    title: 'Philips IntelliVue MX450 Patient Monitor, Refurbished with New Battery',
    description:
      'Bedside patient monitor with ECG, SpO2, NIBP and two temperature channels. Refurbished and safety tested, with a new battery and a new touch screen protector. Comes with the mains adapter and a set of reusable cables.',
    priceCents: 3_450_00,
    condition: 'excellent-refurbished',
    countryCode: 'NL',
    daysAgo: 272,
    months: 12,
  },
  {
    key: 'payments-freezer',
    owner: 'seller',
    family: 'freezers-refrigerators',
    manufacturer: 'Thermo Scientific',
    model: 'TSX40086A',
    title: 'Thermo Scientific TSX40086A Ultra-Low Freezer, 5 Racks Included',
    description:
      'Upright ultra-low temperature freezer from a lab consolidating its cold storage. Holds -80 °C reliably and was defrosted and cleaned before listing. Five stainless steel racks are included; buyer arranges collection.',
    priceCents: 7_200_00,
    condition: 'pre-owned',
    countryCode: 'US',
    daysAgo: 244,
    months: 6,
    extension: { months: 6, daysBeforeExpiry: 9 },
  },
  {
    key: 'payments-hplc',
    owner: 'dealer',
    family: 'chromatography',
    manufacturer: 'Agilent',
    model: '1260 Infinity II',
    title: 'Agilent 1260 Infinity II HPLC System with Diode Array Detector',
    description:
      'Complete HPLC system with quaternary pump, vialsampler, column compartment and diode array detector. Refurbished and performance verified against the original specification. Installation support and 12 months warranty are included.',
    priceCents: 24_500_00,
    condition: 'certified-refurbished',
    countryCode: 'US',
    daysAgo: 216,
    months: 12,
  },
  {
    key: 'payments-pcr',
    owner: 'seller',
    family: 'thermal-cyclers',
    manufacturer: 'Bio-Rad',
    model: 'C1000 Touch',
    title: 'Bio-Rad C1000 Touch Thermal Cycler with 96-Well Block',
    description:
      'Thermal cycler with the 96-well reaction module, used for routine PCR in a university lab. The block passed its last temperature verification and the touch screen works perfectly. Power cord and user manual included.',
    priceCents: 4_800_00,
    condition: 'pre-owned',
    countryCode: 'FR',
    daysAgo: 188,
    months: 12,
  },
  {
    key: 'payments-nanodrop',
    owner: 'dealer',
    family: 'spectrophotometers',
    manufacturer: 'Thermo Scientific',
    model: 'NanoDrop One',
    title: 'Thermo Scientific NanoDrop One Microvolume Spectrophotometer, Refurbished',
    description:
      'Microvolume UV-Vis spectrophotometer for nucleic acid and protein quantification from 1 µl samples. Refurbished, with the pedestal cleaned and the wavelength accuracy verified. Supplied with 6 months warranty.',
    priceCents: 6_200_00,
    condition: 'very-good-refurbished',
    countryCode: 'IE',
    daysAgo: 160,
    months: 6,
  },
  {
    key: 'payments-cabinet',
    owner: 'seller',
    family: 'biosafety-cabinets',
    manufacturer: 'Thermo Scientific',
    model: '1300 Series A2',
    title: 'Thermo Scientific 1300 Series A2 Class II Cabinet, 1.2 m Width',
    description:
      'Class II type A2 cabinet from our cell culture room, serviced by the manufacturer before decommissioning. Filters were replaced two years ago and the airflow alarm works. Comes with the matching stand.',
    priceCents: 5_400_00,
    condition: 'seller-refurbished',
    countryCode: 'ES',
    daysAgo: 132,
    months: 6,
  },
  {
    key: 'payments-balance',
    owner: 'dealer',
    family: 'balances-scales',
    manufacturer: 'Mettler Toledo',
    model: 'XPR205',
    title: 'Mettler Toledo XPR205 Analytical Balance with Draft Shield',
    description:
      'Analytical balance with 220 g capacity and 0.01 mg readability. Refurbished and calibrated with traceable weights, with a calibration certificate. Includes the draft shield and the terminal.',
    priceCents: 7_900_00,
    condition: 'excellent-refurbished',
    countryCode: 'CH',
    daysAgo: 104,
    months: 6,
  },
  {
    key: 'payments-ultrasound',
    owner: 'dealer',
    family: 'ultrasound',
    manufacturer: 'GE HealthCare',
    model: 'Vivid iq',
    title: 'GE HealthCare Vivid iq Portable Cardiac Ultrasound with Two Probes',
    description:
      'Portable cardiovascular ultrasound system, refurbished and tested to the original specification. Supplied with the 3Sc-RS phased array probe, the L8-18i-RS linear probe and the cart. Software licences are transferred to the buyer.',
    priceCents: 21_000_00,
    condition: 'excellent-refurbished',
    countryCode: 'IT',
    daysAgo: 80,
    months: 6,
  },
];

interface Chain {
  createdAt: Date;
  /** The activation, and the extension when there is one: each created, then completed a minute later. */
  payments: { kind: 'activation' | 'extension'; months: DurationMonths; createdAt: Date; completedAt: Date }[];
  expiryDate: Date;
  durationMonths: DurationMonths;
}

/** A long-running listing's dates: created, paid a few minutes later, extended before it ran out. */
function chainOf(hand: LongRunning, now: Date): Chain {
  const createdAt = new Date(now.getTime() - hand.daysAgo * DAY_MS - 53 * MINUTE_MS);
  const paidAt = new Date(createdAt.getTime() + 4 * MINUTE_MS);
  const chain: Chain = {
    createdAt,
    payments: [{ kind: 'activation', months: hand.months, createdAt: new Date(paidAt.getTime() - MINUTE_MS), completedAt: paidAt }],
    expiryDate: addMonths(paidAt, hand.months),
    durationMonths: hand.months,
  };
  if (hand.extension) {
    const extendedAt = new Date(chain.expiryDate.getTime() - hand.extension.daysBeforeExpiry * DAY_MS - 7 * MINUTE_MS);
    chain.payments.push({
      kind: 'extension',
      months: hand.extension.months,
      createdAt: new Date(extendedAt.getTime() - MINUTE_MS),
      completedAt: extendedAt,
    });
    chain.expiryDate = addMonths(chain.expiryDate, hand.extension.months);
    chain.durationMonths = hand.extension.months;
  }
  if (chain.payments.some((payment) => payment.completedAt >= now) || chain.expiryDate <= now) {
    throw new Error(`payments demo ${hand.key}: its payments must be in the past and the listing still on sale`);
  }
  return chain;
}

/** The long-running listings, dated relative to `now`; seed.ts adds them to the catalog. */
export function buildPaymentsDemo(now: Date): PlannedListing[] {
  return LONG_RUNNING.map((hand) => {
    const chain = chainOf(hand, now);
    return plannedFromHand('payments demo', hand, {
      state: 'active',
      durationMonths: chain.durationMonths,
      createdAt: chain.createdAt,
      expiryDate: chain.expiryDate,
    });
  });
}

/** One payment to write: on the catalog's listing at `listing` (its index), by its owner. */
export interface PlannedPayment {
  listing: number;
  owner: DemoOwner;
  kind: 'activation' | 'extension';
  months: DurationMonths;
  amountCents: number;
  /** What the intent is for, as checkout describes it. */
  description: string;
  createdAt: Date;
  /** Paid (with a test card, or free under the promotion) at `completedAt`, or the card was declined. */
  outcome: 'completed' | 'declined';
  completedAt: Date | null;
}

export interface PaymentsDemoPlan {
  currency: string;
  payments: PlannedPayment[];
}

/**
 * What the demo's payments are and cost, decided before the seed's transaction (the promotion's
 * end date is read from the settings). Empty with Stripe: a payment Stripe never saw could not
 * be refunded, and its dashboard is where Stripe's test payments are made.
 */
export async function planDemoPayments(app: FastifyInstance, catalog: readonly PlannedListing[], now: Date): Promise<PaymentsDemoPlan> {
  const { pricing } = app.config;
  const plan: PaymentsDemoPlan = { currency: pricing.currency, payments: [] };
  if (app.payments.provider.name !== 'sandbox') return plan;
  const promoFreeUntil = await app.settings.promoFreeUntil();
  // The price table's rule (modules/payments/pricing.ts): activation = base + each further month,
  // the base taken off while the promotion runs; extension = months × the extension rate.
  const price = (kind: PlannedPayment['kind'], months: number, at: Date): number =>
    kind === 'extension'
      ? months * pricing.extensionMonthCents
      : (isPromotionActive(promoFreeUntil, at) ? 0 : pricing.baseCents) + (months - 1) * pricing.additionalMonthCents;
  const add = (
    planned: PlannedListing,
    listing: number,
    payment: Pick<PlannedPayment, 'kind' | 'months' | 'createdAt' | 'outcome' | 'completedAt'>,
  ) => {
    // checkout's description of a payment (settlement.ts: describePayment).
    const span = `${payment.months} month${payment.months === 1 ? '' : 's'}`;
    const what = payment.kind === 'activation' ? 'listing' : 'extension';
    plan.payments.push({
      ...payment,
      listing,
      owner: planned.owner,
      amountCents: price(payment.kind, payment.months, payment.completedAt ?? payment.createdAt),
      description: `${span} ${what} of "${planned.title}"`,
    });
  };

  catalog.forEach((planned, index) => {
    const hand = LONG_RUNNING.find((h) => h.key === planned.key);
    if (hand) {
      for (const paid of chainOf(hand, now).payments) add(planned, index, { ...paid, outcome: 'completed' });
      return;
    }
    const activation = { kind: 'activation' as const, months: planned.durationMonths };
    if (planned.key === 'seller-unpaid') {
      // Why it is still unpaid: the card was declined a few minutes after the listing was made.
      const triedAt = new Date(planned.createdAt.getTime() + 6 * MINUTE_MS);
      add(planned, index, { ...activation, createdAt: triedAt, outcome: 'declined', completedAt: null });
    } else if (
      planned.key === 'seller-expired' ||
      planned.key === 'seller-deleted' ||
      (planned.state === 'active' && !planned.key.startsWith('review-') && createRandom(`${planned.key}/payment`).chance(CATALOG_SHARE))
    ) {
      // The catalog dates a listing's months from its creation: paid when it was made.
      add(planned, index, { ...activation, createdAt: planned.createdAt, outcome: 'completed', completedAt: planned.createdAt });
    }
  });
  return plan;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Writes the plan inside the seed's transaction: each card payment's intent is created and
 * confirmed at the sandbox (through the port, as the card form does), then the payment rows.
 * Answers how many payments were written.
 */
export async function writeDemoPayments(
  tx: Tx,
  plan: PaymentsDemoPlan,
  ids: { listings: readonly string[]; users: ReadonlyMap<DemoAccountKey, string> },
  config: Pick<AppConfig, 'isProduction' | 'stripe'>,
  now: Date,
): Promise<number> {
  if (plan.payments.length === 0) return 0;
  // The sandbox on the seed's transaction: the embedded database has one session, which the
  // seed holds until it commits; the intents are kept or dropped with the rest of the seed.
  const sandbox = new SandboxPaymentProvider(tx, {
    isProduction: config.isProduction,
    allowedInProduction: config.stripe.allowSandbox,
  });
  const card = { exp_month: 12, exp_year: now.getUTCFullYear() + 3, cvc: '123' };
  const rows: (typeof payments.$inferInsert)[] = [];
  for (const payment of plan.payments) {
    const id = randomUUID();
    const listingId = ids.listings[payment.listing]!;
    const userId = ids.users.get(payment.owner)!;
    const { completedAt } = payment;
    // What was charged: the payment row and the sandbox's intent say the same.
    const charge = {
      listingId,
      userId,
      kind: payment.kind,
      durationMonths: payment.months,
      amountCents: payment.amountCents,
      currency: plan.currency,
    };
    const base = {
      id,
      ...charge,
      createdAt: payment.createdAt,
      updatedAt: completedAt ?? payment.createdAt,
    };
    if (payment.amountCents === 0) {
      // Nothing to pay has no card step to decline.
      if (payment.outcome === 'declined') continue;
      // The promotion's free month: completed without a card (checkout's free path).
      rows.push({ ...base, status: 'completed', provider: 'free', providerPaymentId: `free_tier_${id.replaceAll('-', '')}`, completedAt });
      continue;
    }
    const idempotencyKey = `listing-${listingId}-attempt-${id}`;
    const intent = await sandbox.createIntent({
      paymentId: id,
      ...charge,
      description: payment.description,
      idempotencyKey,
    });
    const confirmed = await sandbox.confirmCard(
      intent.clientSecret,
      { ...card, card_number: payment.outcome === 'completed' ? SUCCEEDING_CARD : DECLINED_CARD },
      now,
    );
    const common = { ...base, provider: 'sandbox' as const, providerPaymentId: intent.id, idempotencyKey };
    if (confirmed.decline) {
      rows.push({ ...common, status: 'failed', failureReason: confirmed.decline.message, completedAt: null });
    } else {
      rows.push({ ...common, status: 'completed', completedAt });
    }
  }
  // The payments module owns this table; the seed writes its rows once, in their final state, on
  // an empty database (as it writes users and listings), after the sandbox recorded each intent
  // (eslint.config.js allows the seed this table).
  await tx.insert(payments).values(rows);
  return rows.length;
}
