/**
 * The display name of each equipment family (a listing's `category`), without the rest of
 * the taxonomy: a listing page shows the name, and taxonomy.ts with its keywords, synonyms
 * and brands is about 20 KB gzip of JavaScript the page would parse before it can paint.
 * The taxonomy takes its names from here; category-names.test.ts checks both list the same ids.
 */
export const CATEGORY_NAMES = {
  centrifuges: 'Centrifuges',
  microscopes: 'Microscopes',
  incubators: 'Incubators',
  'freezers-refrigerators': 'Freezers & Refrigerators',
  'thermal-cyclers': 'Thermal Cyclers (PCR / qPCR)',
  chromatography: 'Chromatography (HPLC, UHPLC, FPLC, GC)',
  'mass-spectrometry': 'Mass Spectrometry',
  spectrophotometers: 'Spectrophotometers & Plate Readers',
  'biosafety-cabinets': 'Biosafety Cabinets & Fume Hoods',
  'autoclaves-sterilizers': 'Autoclaves & Sterilizers',
  'patient-monitors': 'Patient Monitors',
  ultrasound: 'Ultrasound',
  'infusion-pumps': 'Infusion Pumps',
  'medical-imaging': 'Imaging (X-ray, CT, MRI)',
  'defibrillators-ecg': 'Defibrillators & ECG',
  'ventilators-anesthesia': 'Ventilators & Anesthesia',
  'balances-scales': 'Balances & Scales',
  'pipettes-liquid-handling': 'Pipettes & Liquid Handling',
  'shakers-mixers-stirrers': 'Shakers, Mixers & Stirrers',
  'water-baths-circulators': 'Water Baths & Circulators',
  'electrophoresis-gel-imaging': 'Electrophoresis & Gel Imaging',
  'flow-cytometry': 'Flow Cytometry',
  'cell-counters': 'Cell Counters',
  'clinical-analyzers': 'Clinical Analyzers',
  dental: 'Dental',
  ophthalmic: 'Ophthalmic',
  sequencing: 'Sequencing',
  'ovens-furnaces': 'Lab Ovens & Furnaces',
  'ph-meters-titrators': 'pH Meters & Titrators',
  'hospital-beds-furniture': 'Hospital Beds & Patient Furniture',
  'washers-disinfectors': 'Washers & Disinfectors',
  endoscopy: 'Endoscopy',
  'surgical-equipment': 'Surgical Equipment',
  'evaporators-concentrators': 'Evaporators, Concentrators & Freeze Dryers',
  'general-lab': 'General Lab Equipment',
} as const satisfies Readonly<Record<string, string>>;

export type CategoryId = keyof typeof CATEGORY_NAMES;

/** The display name of a category id; an unknown id is shown as it is. */
export function categoryName(id: string): string {
  return Object.hasOwn(CATEGORY_NAMES, id) ? CATEGORY_NAMES[id as CategoryId] : id;
}
