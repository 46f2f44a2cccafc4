import { SHIPPING_LABELS, WARRANTY_LABELS, conditionLabel, formatPrice, verificationBadge, type Listing } from '@benchmarket/shared';

export interface CompareRow {
  label: string;
  /** One value per column; null for a listing that is no longer available. */
  values: (string | null)[];
  /** The available listings do not all say the same (shown highlighted, with a 'Differs' label). */
  differs: boolean;
}

const NOT_STATED = 'Not stated';

const FACTS: readonly [string, (listing: Listing) => string | number | null | undefined][] = [
  ['Price', (l) => formatPrice(l.price)],
  ['Condition', (l) => conditionLabel(l.condition)],
  ['Country', (l) => l.location],
  ['Maker', (l) => l.manufacturer],
  ['Model', (l) => l.model],
  ['Year', (l) => l.year_of_manufacture],
  ['Hours of use', (l) => (l.hours_of_use == null ? null : l.hours_of_use.toLocaleString('en-US'))],
  ['Warranty', (l) => (l.warranty ? WARRANTY_LABELS[l.warranty] : null)],
  ['Shipping', (l) => (l.shipping ? SHIPPING_LABELS[l.shipping] : null)],
  ['Verification', (l) => verificationBadge(l).text],
  ['Seller', (l) => l.seller_name],
];

/**
 * Issue 16: the comparison's rows, one fact each, a column per listing (null: no longer
 * available). A row differs when two available listings say different things ('Not stated'
 * counts as a value); with fewer than two listings nothing differs.
 */
export function compareRows(columns: readonly (Listing | null)[]): CompareRow[] {
  return FACTS.map(([label, read]) => {
    const values = columns.map((listing) => {
      if (!listing) return null;
      const value = read(listing);
      return value === null || value === undefined || value === '' ? NOT_STATED : String(value);
    });
    const present = values.filter((value): value is string => value !== null);
    return { label, values, differs: present.length > 1 && new Set(present).size > 1 };
  });
}
