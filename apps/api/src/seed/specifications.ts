import type { Condition, DeviceClass, SpecificationsInput, Warranty } from '@benchmarket/shared';
import type { FamilyCatalog, ModelLine } from './catalog-data.js';
import type { Random } from './random.js';

/**
 * Issue 15: a demo listing's specifications, regulatory facts and decontamination statement.
 * What its description already says (hours on the counter, the warranty, how it ships, what
 * comes with it, 'licensed professionals only') is read back from the text, so the table and
 * the words agree; the rest is drawn from the listing's own generator (`rng`, seeded apart
 * from the text's, so adding these fields changed no demo title or description).
 */

/** Medical families: their FDA class and EU MDR class (as the devices are usually classed). */
const MEDICAL_CLASSES: Readonly<Record<string, { fda: DeviceClass; eu: DeviceClass }>> = {
  'patient-monitors': { fda: 'fda_ii', eu: 'eu_iib' },
  ultrasound: { fda: 'fda_ii', eu: 'eu_iia' },
  'infusion-pumps': { fda: 'fda_ii', eu: 'eu_iib' },
  'defibrillators-ecg': { fda: 'fda_iii', eu: 'eu_iib' },
  'ventilators-anesthesia': { fda: 'fda_ii', eu: 'eu_iib' },
};

/** Where the EU MDR (and CE marking) applies: the EU, the EEA, Switzerland and the UK's CE transition. */
const CE_COUNTRIES = new Set([
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL',
  'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'NO', 'IS', 'LI', 'CH', 'GB',
]); // prettier-ignore

const DAY_MS = 86_400_000;

export interface SpecificationsDraft {
  family: FamilyCatalog;
  model: Pick<ModelLine, 'manufacturer' | 'model' | 'includes'>;
  condition: Condition;
  countryCode: string;
  year: number;
  description: string;
  createdAt: Date;
}

export function demoSpecifications(d: SpecificationsDraft, rng: Random, catalogYear: number): SpecificationsInput {
  const used = d.condition !== 'new' && d.condition !== 'new-other';
  const shipping = shippingOf(d, rng);
  return {
    manufacturer: d.model.manufacturer,
    model: d.model.model,
    year_of_manufacture: used ? d.year : catalogYear,
    hours_of_use: used ? hoursIn(d.description) : 0,
    serial_number: rng.chance(0.7) ? `${d.model.manufacturer.slice(0, 2).toUpperCase()}${rng.int(10_000_000, 99_999_999)}` : null,
    warranty: warrantyOf(d, rng),
    shipping,
    lead_time_days: shipping === 'pickup_only' ? null : rng.pick([1, 2, 3, 5, 7, 10]),
    included_accessories: accessoriesIn(d),
    regulatory: regulatoryOf(d, rng),
    decontamination: used ? decontaminationOf(d, rng) : null,
  };
}

/** 'about 4,350 run hours on the counter', 'lamp hours around 1,200' → 4350, 1200; otherwise unknown. */
function hoursIn(description: string): number | null {
  const match = /([\d,]+) (?:run |operating |ventilation )?hours|hours (?:around|of use|powered on) ([\d,]+)|hours around ([\d,]+)/i.exec(
    description,
  );
  const figure = match?.[1] ?? match?.[2] ?? match?.[3];
  return figure ? Number(figure.replace(/,/g, '')) : null;
}

function warrantyOf(d: SpecificationsDraft, rng: Random): Warranty {
  const text = d.description;
  if (/manufacturer warranty/i.test(text)) return 'manufacturer';
  const months = /(\d+)-month (?:parts-and-labor )?warranty/i.exec(text)?.[1];
  if (months) return Number(months) >= 12 ? '365_days' : Number(months) >= 6 ? '180_days' : '90_days';
  if (/90-day warranty/i.test(text)) return '90_days';
  if (/30-day return/i.test(text)) return '30_days';
  switch (d.condition) {
    case 'new':
    case 'new-other':
      return 'manufacturer';
    case 'for-parts':
      return 'none';
    case 'pre-owned':
      return rng.pick(['none', 'none', '30_days'] as const);
    default:
      return rng.pick(['90_days', '180_days'] as const);
  }
}

function shippingOf(d: SpecificationsDraft, rng: Random): SpecificationsInput['shipping'] {
  const text = d.description;
  if (/free shipping/i.test(text)) return 'included';
  if (/courier|within two business days/i.test(text)) return 'parcel';
  if (/palleti[sz]ed|crating|freight/i.test(text)) return 'freight';
  if (rng.chance(0.12)) return 'pickup_only';
  return d.family.freight === 'parcel' ? 'parcel' : 'freight';
}

/** The model's own accessories when the description lists them; nothing otherwise. */
function accessoriesIn(d: SpecificationsDraft): string[] {
  const own = d.model.includes ?? [];
  return own.filter((item) => d.description.includes(item));
}

function regulatoryOf(d: SpecificationsDraft, rng: Random): NonNullable<SpecificationsInput['regulatory']> {
  const medical = MEDICAL_CLASSES[d.family.id];
  const europe = CE_COUNTRIES.has(d.countryCode);
  if (!medical) {
    return {
      device_class: rng.chance(0.6) ? 'not_medical_device' : null,
      fda_510k_number: null,
      ce_marking: europe ? true : rng.chance(0.5) ? true : null,
      sale_restriction: 'none',
    };
  }
  const restricted = /licensed healthcare facilities and professionals only/i.test(d.description) || rng.chance(0.35);
  return {
    device_class: europe ? medical.eu : medical.fda,
    // Illustrative clearance numbers in the 510(k) format (the demo's devices are not real units).
    fda_510k_number: europe ? null : `K${rng.int(100_000, 243_999)}`,
    ce_marking: europe ? true : null,
    sale_restriction: restricted ? 'licensed_professionals' : 'none',
  };
}

/** Most used units are declared decontaminated some days before listing; some with a certificate; some say nothing. */
function decontaminationOf(d: SpecificationsDraft, rng: Random): SpecificationsInput['decontamination'] {
  const roll = rng.next();
  if (roll < 0.25) return null;
  const date = new Date(d.createdAt.getTime() - rng.int(2, 60) * DAY_MS).toISOString().slice(0, 10);
  return { status: roll < 0.45 ? 'certified' : 'decontaminated', date };
}
