/**
 * Listing condition values, in spec order (spec §3), with their display labels.
 *
 * Kept free of zod on purpose: the search and listing pages show conditions, and importing
 * the schema module (conditions.ts) for a label would put zod on those pages' critical path.
 * The schema imports these values instead.
 */

export const CONDITIONS = [
  'new',
  'new-other',
  'certified-refurbished',
  'excellent-refurbished',
  'very-good-refurbished',
  'good-refurbished',
  'seller-refurbished',
  'pre-owned',
  'for-parts',
] as const;

export type Condition = (typeof CONDITIONS)[number];

export const CONDITION_LABELS: Readonly<Record<Condition, string>> = {
  new: 'New',
  'new-other': 'New (Other)',
  'certified-refurbished': 'Certified Refurbished',
  'excellent-refurbished': 'Excellent - Refurbished',
  'very-good-refurbished': 'Very Good - Refurbished',
  'good-refurbished': 'Good - Refurbished',
  'seller-refurbished': 'Seller Refurbished',
  'pre-owned': 'Pre-owned',
  'for-parts': 'For Parts or Not Working',
};

/** Options for a condition select, in spec order. */
export const CONDITION_OPTIONS: ReadonlyArray<{ value: Condition; label: string }> = CONDITIONS.map((value) => ({
  value,
  label: CONDITION_LABELS[value],
}));

export function isCondition(value: unknown): value is Condition {
  return typeof value === 'string' && (CONDITIONS as readonly string[]).includes(value);
}

/** The display label of a condition; an unknown value is shown as it is. */
export function conditionLabel(value: string): string {
  return isCondition(value) ? CONDITION_LABELS[value] : value;
}
