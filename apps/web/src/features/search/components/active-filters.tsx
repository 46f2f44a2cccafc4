import { SHIPPING_LABELS, WARRANTY_LABELS, conditionLabel, findCountry, formatPrice } from '@benchmarket/shared';
import type { SearchFilters } from '../search-criteria';
import { CloseIcon } from '@/components/ui/close-button';
import { CountryFlag } from '@/components/country-flag';

interface ActiveFiltersProps {
  filters: SearchFilters;
  onRemove: (filter: keyof SearchFilters) => void;
}

/** The filters of the search on show, each removable with one click. */
export function ActiveFilters({ filters, onRemove }: ActiveFiltersProps) {
  const chips: Array<{ filter: keyof SearchFilters; label: string; countryCode?: string }> = [];
  if (filters.minPrice) chips.push({ filter: 'minPrice', label: `From ${formatPrice(Number(filters.minPrice))}` });
  if (filters.maxPrice) chips.push({ filter: 'maxPrice', label: `Up to ${formatPrice(Number(filters.maxPrice))}` });
  if (filters.condition) chips.push({ filter: 'condition', label: conditionLabel(filters.condition) });
  if (filters.location) {
    const country = findCountry(filters.location);
    chips.push({ filter: 'location', label: country?.name ?? filters.location, countryCode: country?.code });
  }
  // Issue 15: the specifications filters.
  if (filters.manufacturer) chips.push({ filter: 'manufacturer', label: filters.manufacturer });
  if (filters.yearFrom) chips.push({ filter: 'yearFrom', label: `Made in ${filters.yearFrom} or later` });
  if (filters.yearTo) chips.push({ filter: 'yearTo', label: `Made in ${filters.yearTo} or earlier` });
  if (filters.warranty) chips.push({ filter: 'warranty', label: `Warranty: ${WARRANTY_LABELS[filters.warranty]}` });
  if (filters.shipping) chips.push({ filter: 'shipping', label: SHIPPING_LABELS[filters.shipping] });
  if (chips.length === 0) return null;

  return (
    <ul aria-label="Active filters" className="mt-3 flex flex-wrap gap-2">
      {chips.map(({ filter, label, countryCode }) => (
        <li key={filter}>
          <button
            type="button"
            onClick={() => {
              onRemove(filter);
            }}
            aria-label={`Remove filter: ${label}`}
            className="inline-flex items-center gap-1.5 rounded-full border border-teal-200 bg-teal-50 py-1 pr-2 pl-3 text-sm font-medium text-teal-900 hover:border-teal-400 hover:bg-teal-100 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
          >
            {countryCode && <CountryFlag code={countryCode} />}
            {label}
            <CloseIcon className="size-3.5" strokeWidth={2.2} />
          </button>
        </li>
      ))}
    </ul>
  );
}
