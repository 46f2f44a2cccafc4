import type { ReportReason } from '@benchmarket/shared';
import { addMonths } from '../modules/listings/index.js';
import type { ListingState, PlannedListing } from './catalog.js';
import type { DemoAccountKey } from './demo-accounts.js';
import { plannedFromHand, type HandListing } from './hand-listings.js';

/**
 * What the operations console (issue 14) has to work on in the demo: listings the automatic
 * check holds for review (pending), listings it rejected — one live with 'Verification Needed',
 * one draft offering a prohibited item — and buyers' reports. Kept apart from the demo catalog
 * (catalog.ts), whose listings all pass the check and which search tests and benchmarks sample.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** A listing written by hand: the catalog's fields, placed by country code and age in days. */
interface Hand extends HandListing, Pick<PlannedListing, 'durationMonths'> {
  state: Extract<ListingState, 'active' | 'unpaid'>;
  daysAgo: number;
}

const LISTINGS: readonly Hand[] = [
  {
    // Far below what centrifuges sell for: the check leaves it pending.
    key: 'review-pending-price',
    owner: 'dealer',
    state: 'active',
    family: 'centrifuges',
    manufacturer: 'Beckman Coulter',
    model: 'Allegra X-15R',
    title: 'Beckman Coulter Allegra X-15R Refrigerated Centrifuge – Clearance',
    description:
      'Refrigerated benchtop centrifuge from a closing teaching lab. Runs and cools to 4 °C; comes with the SX4750 swing-bucket rotor and four buckets. Sold as seen, collection only.',
    priceCents: 9_00,
    condition: 'pre-owned',
    countryCode: 'GB',
    durationMonths: 1,
    daysAgo: 3,
  },
  {
    // An electron capture detector holds a Ni-63 source: pending until someone looks.
    key: 'review-pending-source',
    owner: 'dealer',
    state: 'active',
    family: 'chromatography',
    manufacturer: 'Agilent',
    model: '7890B',
    title: 'Agilent 7890B Gas Chromatograph with Electron Capture Detector',
    description:
      'Agilent 7890B GC with split/splitless inlet and an electron capture detector (micro-ECD). Serviced in 2024, new septa and liners fitted, ChemStation licence included.',
    priceCents: 18_500_00,
    condition: 'seller-refurbished',
    countryCode: 'DE',
    durationMonths: 3,
    daysAgo: 2,
  },
  {
    // A phone number in the description: rejected by the check, still live as 'Verification Needed'.
    key: 'review-rejected-contact',
    owner: 'seller',
    state: 'active',
    family: 'microscopes',
    manufacturer: 'Nikon',
    model: 'Eclipse Ni-U',
    title: 'Nikon Eclipse Ni-U Upright Microscope, Fluorescence Ready',
    description:
      'Upright research microscope with 10x, 20x and 40x Plan Fluor objectives and a motorised nosepiece. Call me on +44 20 7946 0958 for more photos and a video of it working.',
    priceCents: 7_200_00,
    condition: 'pre-owned',
    countryCode: 'GB',
    durationMonths: 3,
    daysAgo: 5,
  },
  {
    // A prohibited item: saved as a draft, in the queue, and never publishable as it is.
    key: 'review-rejected-prohibited',
    owner: 'dealer',
    state: 'unpaid',
    family: 'freezers-refrigerators',
    manufacturer: 'Thermo Fisher',
    model: 'TSX Pharmacy',
    title: 'Thermo Fisher TSX Pharmacy Refrigerator with Stock',
    description:
      'Pharmacy refrigerator, 2-8 °C, with glass door and data logger. Comes with the remaining stock: two trays of insulin vials and a box of lidocaine injection ampoules.',
    priceCents: 3_900_00,
    condition: 'excellent-refurbished',
    countryCode: 'NL',
    durationMonths: 1,
    daysAgo: 1,
  },
];

/** The console's demo listings, dated relative to `now`. */
export function buildModerationDemo(now: Date): PlannedListing[] {
  return LISTINGS.map((hand) => {
    const createdAt = new Date(now.getTime() - hand.daysAgo * DAY_MS - 37 * MINUTE_MS);
    return plannedFromHand('moderation demo', hand, {
      state: hand.state,
      durationMonths: hand.durationMonths,
      createdAt,
      expiryDate: hand.state === 'active' ? addMonths(createdAt, hand.durationMonths) : null,
    });
  });
}

/** Open reports by the demo buyer: on a listing the check rejected, and on one it passed. */
export interface PlannedReport {
  reporter: DemoAccountKey;
  /** The reported listing: a moderation demo key, or 'catalog:<family>' for that family's first catalog listing. */
  listing: string;
  reason: ReportReason;
  details: string | null;
  daysAgo: number;
}

export const DEMO_REPORTS: readonly PlannedReport[] = [
  {
    reporter: 'buyer',
    listing: 'review-rejected-contact',
    reason: 'suspected_fraud',
    details: 'The seller asked me to pay by bank transfer outside BenchMarket before sending any photos.',
    daysAgo: 1,
  },
  {
    reporter: 'buyer',
    listing: 'catalog:incubators',
    reason: 'wrong_category_or_condition',
    details: 'The photos show visible rust inside the chamber; this is not the condition stated.',
    daysAgo: 2,
  },
];
