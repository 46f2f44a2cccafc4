/**
 * Issue 15: the values of a listing's structured specifications, regulatory facts and
 * decontamination statement, with their display labels, and the limits the form and the API
 * share.
 *
 * Kept free of zod (like condition-values.ts): the listing page and the search cards show
 * these labels, and must not pull the schema modules onto their first load.
 */

/** The oldest year of manufacture a listing may give. */
export const YEAR_OF_MANUFACTURE_MIN = 1950;
export const MANUFACTURER_MAX_LENGTH = 100;
export const MODEL_MAX_LENGTH = 100;
export const SERIAL_NUMBER_MAX_LENGTH = 100;
/** Far beyond any instrument's life (≈ 114 years running day and night). */
export const HOURS_OF_USE_MAX = 1_000_000;
export const LEAD_TIME_DAYS_MAX = 365;
export const ACCESSORIES_MAX = 20;
export const ACCESSORY_MAX_LENGTH = 100;

export const WARRANTIES = ['none', '30_days', '90_days', '180_days', '365_days', 'manufacturer'] as const;
export type Warranty = (typeof WARRANTIES)[number];
export const WARRANTY_LABELS: Readonly<Record<Warranty, string>> = {
  none: 'No warranty',
  '30_days': '30 days',
  '90_days': '90 days',
  '180_days': '180 days',
  '365_days': '365 days',
  manufacturer: "Manufacturer's warranty",
};

export const SHIPPING_OPTIONS = ['pickup_only', 'freight', 'parcel', 'included'] as const;
export type Shipping = (typeof SHIPPING_OPTIONS)[number];
export const SHIPPING_LABELS: Readonly<Record<Shipping, string>> = {
  pickup_only: 'Pickup only',
  freight: 'Seller ships (freight)',
  parcel: 'Seller ships (parcel)',
  included: 'Shipping included',
};

/** FDA classes, EU MDR classes, or not a medical device. */
export const DEVICE_CLASSES = ['not_medical_device', 'fda_i', 'fda_ii', 'fda_iii', 'eu_i', 'eu_iia', 'eu_iib', 'eu_iii'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];
export const DEVICE_CLASS_LABELS: Readonly<Record<DeviceClass, string>> = {
  not_medical_device: 'Not a medical device',
  fda_i: 'FDA Class I',
  fda_ii: 'FDA Class II',
  fda_iii: 'FDA Class III',
  eu_i: 'EU MDR Class I',
  eu_iia: 'EU MDR Class IIa',
  eu_iib: 'EU MDR Class IIb',
  eu_iii: 'EU MDR Class III',
};

export const SALE_RESTRICTIONS = ['none', 'licensed_professionals'] as const;
export type SaleRestriction = (typeof SALE_RESTRICTIONS)[number];
export const SALE_RESTRICTION_LABELS: Readonly<Record<SaleRestriction, string>> = {
  none: 'None',
  licensed_professionals: 'Licensed professionals only (Rx)',
};

export const DECONTAMINATION_STATUSES = ['not_decontaminated', 'decontaminated', 'certified'] as const;
export type DecontaminationStatus = (typeof DECONTAMINATION_STATUSES)[number];
export const DECONTAMINATION_LABELS: Readonly<Record<DecontaminationStatus, string>> = {
  not_decontaminated: 'Not decontaminated',
  decontaminated: 'Decontaminated',
  certified: 'Decontaminated, with a certificate',
};

/** An FDA 510(k) clearance number: 'K' and six digits (K123456). */
export const FDA_510K_PATTERN = /^K\d{6}$/;

/** The notice a restricted listing shows, and what the buyer confirms before contacting the seller. */
export const RESTRICTED_SALE_NOTICE = 'This device may be sold to licensed professionals only.';
export const LICENSED_PROFESSIONAL_CONFIRMATION = 'I confirm that I am a licensed professional allowed to buy this device.';
export const LICENSED_PROFESSIONAL_REQUIRED =
  'This device may be sold to licensed professionals only. Please confirm that you are a licensed professional.';

/** Shown to buyers of used clinical or lab equipment when the seller says nothing about decontamination. */
export const NO_DECONTAMINATION_CAUTION =
  'The seller has not said whether this equipment was decontaminated. Ask for a decontamination statement before it is shipped or handled.';

/** The line a search card shows under the title: 'Thermo Fisher · Sorvall ST 16R · 2019' (what is known). */
export function makerModelYear(listing: {
  manufacturer?: string | null;
  model?: string | null;
  year_of_manufacture?: number | null;
}): string {
  return [listing.manufacturer, listing.model, listing.year_of_manufacture?.toString()]
    .filter((part): part is string => Boolean(part))
    .join(' · ');
}
