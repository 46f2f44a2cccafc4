import {
  DECONTAMINATION_LABELS,
  DEVICE_CLASS_LABELS,
  NO_DECONTAMINATION_CAUTION,
  RESTRICTED_SALE_NOTICE,
  SALE_RESTRICTION_LABELS,
  SHIPPING_LABELS,
  WARRANTY_LABELS,
  formatCalendarDay,
  type Listing,
} from '@benchmarket/shared';
import { useId, type ReactNode } from 'react';
import { SolidIcon } from '@/components/ui/icon';

const EXCLAMATION_TRIANGLE_PATH =
  'M8.49 2.9c.66-1.2 2.36-1.2 3.02 0l6.28 11.3c.64 1.16-.2 2.6-1.51 2.6H3.72c-1.31 0-2.15-1.44-1.51-2.6L8.49 2.9ZM10 6a.9.9 0 0 0-.9.9v3.6a.9.9 0 0 0 1.8 0V6.9A.9.9 0 0 0 10 6Zm0 8.75a1.1 1.1 0 1 0 0-2.2 1.1 1.1 0 0 0 0 2.2Z';

/** Whether a buyer may contact the seller only after confirming to be a licensed professional (issue 15). */
export function isRestrictedSale(listing: Pick<Listing, 'regulatory'>): boolean {
  return listing.regulatory?.sale_restriction === 'licensed_professionals';
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** 'Seller ships (freight), ships within 5 days'; the lead time alone when the shipping is not stated. */
function shippingText(listing: Listing): string | null {
  const shipping = listing.shipping ? SHIPPING_LABELS[listing.shipping] : null;
  const lead = typeof listing.lead_time_days === 'number' ? plural(listing.lead_time_days, 'day', 'days') : null;
  if (shipping && lead) return `${shipping}, ships within ${lead}`;
  if (lead) return `Ships within ${lead}`;
  return shipping;
}

/** 'Decontaminated (January 2, 2025)': the statement with its date. */
export function decontaminationText(decontamination: NonNullable<Listing['decontamination']>): string {
  const label = DECONTAMINATION_LABELS[decontamination.status];
  return decontamination.date ? `${label} (${formatCalendarDay(decontamination.date)})` : label;
}

/** The rows the listing has values for, in the order a buyer reads them. */
function specificationRows(listing: Listing): Array<{ label: string; value: ReactNode }> {
  const rows: Array<{ label: string; value: ReactNode }> = [];
  const add = (label: string, value: ReactNode) => {
    if (value !== null && value !== undefined && value !== '') rows.push({ label, value });
  };
  const regulatory = listing.regulatory;
  add('Manufacturer', listing.manufacturer);
  add('Model', listing.model);
  add('Year of manufacture', listing.year_of_manufacture);
  add('Hours of use', typeof listing.hours_of_use === 'number' ? plural(listing.hours_of_use, 'hour', 'hours') : null);
  add('Warranty', listing.warranty ? WARRANTY_LABELS[listing.warranty] : null);
  add('Shipping', shippingText(listing));
  const accessories = listing.included_accessories ?? [];
  add(
    'Included accessories',
    accessories.length > 0 ? (
      <ul className="list-disc space-y-0.5 pl-5">
        {accessories.map((accessory) => (
          <li key={accessory}>{accessory}</li>
        ))}
      </ul>
    ) : null,
  );
  add('Device class', regulatory?.device_class ? DEVICE_CLASS_LABELS[regulatory.device_class] : null);
  add('FDA 510(k)', regulatory?.fda_510k_number);
  add('CE marking', typeof regulatory?.ce_marking === 'boolean' ? (regulatory.ce_marking ? 'Yes' : 'No') : null);
  add('Sale restriction', isRestrictedSale(listing) ? SALE_RESTRICTION_LABELS.licensed_professionals : null);
  add('Decontamination', listing.decontamination ? decontaminationText(listing.decontamination) : null);
  // Only the owner's response carries it.
  add('Serial number', listing.serial_number);
  return rows;
}

/** Issue 15: the listing's specifications and regulatory facts, only those it states; nothing when none. */
export function SpecificationsTable({ listing }: { listing: Listing }) {
  const headingId = useId();
  const rows = specificationRows(listing);
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-10 max-w-3xl">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Specifications
      </h2>
      <dl className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white text-sm">
        {rows.map(({ label, value }) => (
          <div key={label} className="grid gap-1 px-4 py-2.5 sm:grid-cols-[12rem_1fr] sm:gap-4">
            <dt className="font-medium text-slate-500">{label}</dt>
            <dd className="break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Note({ children }: { children: ReactNode }) {
  return (
    <div role="note" className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900">
      <SolidIcon className="size-4 shrink-0" d={EXCLAMATION_TRIANGLE_PATH} />
      <p className="text-sm">{children}</p>
    </div>
  );
}

/** Issue 15: a device for licensed professionals only says so next to its price and the contact form. */
export function RestrictedSaleNotice({ listing }: { listing: Listing }) {
  if (!isRestrictedSale(listing)) return null;
  return (
    <Note>
      <strong className="font-semibold">{SALE_RESTRICTION_LABELS.licensed_professionals}.</strong> <span>{RESTRICTED_SALE_NOTICE}</span>
    </Note>
  );
}

/**
 * Issue 15: used equipment whose seller made no decontamination statement gets a caution (not
 * an error). A listing from before the field existed (no `decontamination` at all) gets none.
 */
export function DecontaminationCaution({ listing }: { listing: Listing }) {
  if (listing.decontamination !== null) return null;
  if (listing.condition === 'new' || listing.condition === 'new-other') return null;
  return (
    <Note>
      <strong className="font-semibold">Caution:</strong> <span>{NO_DECONTAMINATION_CAUTION}</span>
    </Note>
  );
}
