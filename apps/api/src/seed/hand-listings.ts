import { findCountry, findFamily } from '@benchmarket/shared';
import { CATALOG } from './catalog-data.js';
import type { PlannedListing } from './catalog.js';

/**
 * A listing written by hand for a demo beside the catalog (moderation, payments): the
 * catalog's texts, placed by taxonomy family id and country code instead of generated.
 */
export interface HandListing extends Pick<
  PlannedListing,
  'key' | 'owner' | 'manufacturer' | 'model' | 'title' | 'description' | 'priceCents' | 'condition'
> {
  family: string;
  countryCode: string;
}

/** When and in which state a hand-written listing is planned: each demo dates its own. */
export type HandListingDates = Pick<PlannedListing, 'state' | 'durationMonths' | 'createdAt' | 'expiryDate'>;

/**
 * The planned listing of a hand-written one, drawn like the catalog's (its family's
 * illustration and colour). `demo` names the demo in the error for an unknown family or country.
 */
export function plannedFromHand(demo: string, hand: HandListing, dates: HandListingDates): PlannedListing {
  const family = CATALOG.find((f) => f.id === hand.family);
  const country = findCountry(hand.countryCode);
  if (!family || !country) throw new Error(`${demo} ${hand.key}: unknown family or country`);
  return {
    key: hand.key,
    owner: hand.owner,
    state: dates.state,
    category: family.id,
    manufacturer: hand.manufacturer,
    model: hand.model,
    title: hand.title,
    description: hand.description,
    priceCents: hand.priceCents,
    condition: hand.condition,
    location: country.name,
    locationCode: country.code,
    durationMonths: dates.durationMonths,
    createdAt: dates.createdAt,
    expiryDate: dates.expiryDate,
    deletedAt: null,
    photo: {
      illustration: family.illustration,
      color: family.color,
      familyName: findFamily(family.id)?.name ?? family.id,
      manufacturer: hand.manufacturer,
      model: hand.model,
    },
  };
}
