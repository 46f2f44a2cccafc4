import { findCountry, findFamily } from '@benchmarket/shared';
import { CATALOG } from './catalog-data.js';
import type { PlannedListing } from './catalog.js';
import { createRandom } from './random.js';
import { demoSpecifications } from './specifications.js';

/** Hand-written listings were made in the catalog's years; their year of manufacture is drawn from these. */
const HAND_YEARS = [2016, 2017, 2018, 2019, 2020, 2021, 2022] as const;

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
  const rng = createRandom(`${hand.key}/specs`);
  const line = family.models.find((m) => m.model === hand.model) ?? { manufacturer: hand.manufacturer, model: hand.model };
  const specifications = demoSpecifications(
    { ...hand, family, model: line, countryCode: country.code, year: rng.pick(HAND_YEARS), createdAt: dates.createdAt },
    rng,
    HAND_YEARS[HAND_YEARS.length - 1]!,
  );
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
    specifications,
  };
}
