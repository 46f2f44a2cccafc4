import { describe, expect, it } from 'vitest';
import { FAMILY_IDS, SYNONYM_GROUPS, TAXONOMY, categorize, findFamily, normalizeForMatch, scoreFamilies, synonymsOf } from './taxonomy.js';

describe('taxonomy data', () => {
  it('covers the required families with unique kebab-case ids', () => {
    expect(new Set(FAMILY_IDS).size).toBe(FAMILY_IDS.length);
    for (const id of FAMILY_IDS) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    for (const id of [
      'centrifuges',
      'microscopes',
      'incubators',
      'freezers-refrigerators',
      'thermal-cyclers',
      'chromatography',
      'mass-spectrometry',
      'spectrophotometers',
      'biosafety-cabinets',
      'autoclaves-sterilizers',
      'patient-monitors',
      'ultrasound',
      'infusion-pumps',
      'medical-imaging',
      'defibrillators-ecg',
      'ventilators-anesthesia',
      'balances-scales',
      'pipettes-liquid-handling',
      'shakers-mixers-stirrers',
      'water-baths-circulators',
      'electrophoresis-gel-imaging',
      'flow-cytometry',
      'cell-counters',
      'dental',
      'ophthalmic',
      'sequencing',
      'ovens-furnaces',
      'ph-meters-titrators',
      'hospital-beds-furniture',
      'washers-disinfectors',
      'general-lab',
    ]) {
      expect(findFamily(id)?.id, id).toBe(id);
    }
  });

  it('gives every family keywords, synonym groups, brands and a sensible price range', () => {
    for (const family of TAXONOMY) {
      expect(family.keywords.length, family.id).toBeGreaterThanOrEqual(30);
      expect(family.synonyms.length, family.id).toBeGreaterThanOrEqual(3);
      for (const group of family.synonyms) expect(group.length, family.id).toBeGreaterThanOrEqual(2);
      expect(family.manufacturers.length, family.id).toBeGreaterThanOrEqual(8);
      const [min, max] = family.typicalPriceRange;
      expect(min, family.id).toBeGreaterThan(0);
      expect(max, family.id).toBeGreaterThan(min);
    }
  });

  it('never lists the same phrase under two families', () => {
    const owner = new Map<string, string>();
    for (const family of TAXONOMY) {
      for (const phrase of new Set([...family.keywords, ...family.synonyms.flat()].map(normalizeForMatch))) {
        expect(owner.get(phrase), `'${phrase}' in ${family.id}`).toBeUndefined();
        owner.set(phrase, family.id);
      }
    }
  });

  it('names real brands', () => {
    const brands = new Set(TAXONOMY.flatMap((f) => f.manufacturers));
    for (const brand of [
      'Eppendorf',
      'Thermo Fisher Scientific',
      'Beckman Coulter',
      'Agilent',
      'Waters',
      'Olympus',
      'Zeiss',
      'Nikon',
      'Leica',
      'Bio-Rad',
      'Philips',
      'GE Healthcare',
      'Mindray',
      'Baxter',
      'BD',
      'Tuttnauer',
      'Getinge',
      'Labconco',
      'NuAire',
      'Esco',
    ]) {
      expect(brands.has(brand), brand).toBe(true);
    }
  });

  it('puts a model line alone into its family', () => {
    const cases: Record<string, string> = {
      Sorvall: 'centrifuges',
      Avanti: 'centrifuges',
      QuantStudio: 'thermal-cyclers',
      CFX96: 'thermal-cyclers',
      Nanodrop: 'spectrophotometers',
      'Vi-CELL': 'cell-counters',
      Forma: 'incubators',
      Heracell: 'incubators',
      Herafreeze: 'freezers-refrigerators',
      Acquity: 'chromatography',
      Alliance: 'chromatography',
      'Agilent 1260': 'chromatography',
      'Agilent 7890': 'chromatography',
      IntelliVue: 'patient-monitors',
      LOGIQ: 'ultrasound',
      Alaris: 'infusion-pumps',
    };
    for (const [title, id] of Object.entries(cases)) expect(categorize(title), title).toBe(id);
  });
});

describe('normalizeForMatch', () => {
  it('folds case, punctuation, accents and simple plurals', () => {
    expect(normalizeForMatch('UV-Vis Spectrophotometers')).toBe('uv vis spectrophotometer');
    expect(normalizeForMatch('-80°C Freezer')).toBe('80 c freezer');
    expect(normalizeForMatch('Dräger Anesthesia Machines')).toBe('drager anesthesia machine');
    expect(normalizeForMatch('CO₂ incubator')).toBe('co2 incubator');
    expect(normalizeForMatch('glass')).toBe('glass');
  });

  it('keeps an abbreviation ending in "s" whole, as the full-text index does', () => {
    expect(normalizeForMatch('Shimadzu GCMS-QP2020')).toBe('shimadzu gcms qp2020');
    expect(normalizeForMatch('nXDS pumps')).toBe('nxds pump');
    expect(normalizeForMatch('ECGs and AEDs')).toBe('ecg and aed');
  });
});

describe('synonyms', () => {
  it('keeps the PCR group interchangeable', () => {
    expect(SYNONYM_GROUPS).toContainEqual(expect.arrayContaining(['pcr machine', 'thermal cycler', 'pcr', 'qpcr', 'real-time pcr']));
    expect(synonymsOf('PCR Machine')).toEqual(expect.arrayContaining(['thermal cycler', 'thermocycler', 'qpcr']));
  });

  it('expands across spellings', () => {
    expect(synonymsOf('ULT freezer')).toContain('-80 freezer');
    expect(synonymsOf('fume cupboard')).toContain('fume hood');
    expect(synonymsOf('syringe driver')).toContain('syringe pump');
  });

  it('has nothing for an unknown term', () => {
    expect(synonymsOf('banana')).toEqual([]);
  });
});

describe('categorize', () => {
  it('places realistic listing titles', () => {
    const cases: [string, string][] = [
      ['Eppendorf 5810R Refrigerated Centrifuge with A-4-62 rotor', 'centrifuges'],
      ['Beckman Coulter Avanti J-26 XP High Speed Centrifuge', 'centrifuges'],
      ['Thermo Scientific Heracell 150i CO2 Incubator', 'incubators'],
      ['Thermo Forma 88400 ULT', 'freezers-refrigerators'],
      ['Thermo Scientific TSX600 -80°C Ultra Low Freezer', 'freezers-refrigerators'],
      ['Bio-Rad CFX96 Touch Real-Time PCR Detection System', 'thermal-cyclers'],
      ['Waters Acquity UPLC H-Class with PDA detector', 'chromatography'],
      ['Agilent 7890B GC with FID', 'chromatography'],
      ['SCIEX QTRAP 5500 LC-MS/MS', 'mass-spectrometry'],
      ['Thermo Q Exactive Plus Orbitrap', 'mass-spectrometry'],
      ['Thermo NanoDrop One UV-Vis Spectrophotometer', 'spectrophotometers'],
      ['BioTek Synergy H1 Hybrid Multi-Mode Reader', 'spectrophotometers'],
      ['Labconco Purifier Logic+ Class II A2 Biosafety Cabinet 4ft', 'biosafety-cabinets'],
      ['Kewaunee 6ft chemical fume hood', 'biosafety-cabinets'],
      ['Tuttnauer 3870EA Autoclave', 'autoclaves-sterilizers'],
      ['Philips IntelliVue MX450 Patient Monitor', 'patient-monitors'],
      ['GE LOGIQ E9 Ultrasound System with 3 probes', 'ultrasound'],
      ['BD Alaris 8100 Infusion Pump Module', 'infusion-pumps'],
      ['GE OEC 9900 Elite C-Arm', 'medical-imaging'],
      ['Siemens Magnetom Aera 1.5T MRI', 'medical-imaging'],
      ['Physio-Control LifePak 15 Monitor/Defibrillator', 'defibrillators-ecg'],
      ['GE MAC 5500 HD 12 lead ECG', 'defibrillators-ecg'],
      ['Drager Evita V500 ventilator', 'ventilators-anesthesia'],
      ['GE Aisys CS2 Anesthesia Machine', 'ventilators-anesthesia'],
      ['Mettler Toledo XS205 Analytical Balance', 'balances-scales'],
      ['Rainin E4 XLS electronic pipette set', 'pipettes-liquid-handling'],
      ['Beckman Biomek FXp liquid handler', 'pipettes-liquid-handling'],
      ['New Brunswick Innova 44R Incubator Shaker', 'shakers-mixers-stirrers'],
      ['Corning PC-420D hot plate stirrer', 'shakers-mixers-stirrers'],
      ['Julabo F25 refrigerated circulator', 'water-baths-circulators'],
      ['Bio-Rad ChemiDoc MP Imaging System', 'electrophoresis-gel-imaging'],
      ['BD FACSCanto II Flow Cytometer', 'flow-cytometry'],
      ['Beckman Coulter Vi-CELL XR Cell Viability Analyzer', 'cell-counters'],
      ['Sysmex XN-1000 hematology analyzer', 'clinical-analyzers'],
      ['A-dec 500 dental chair', 'dental'],
      ['Haag-Streit BQ 900 slit lamp', 'ophthalmic'],
      ['Topcon 3D OCT-1 Maestro', 'ophthalmic'],
      ['Illumina MiSeq', 'sequencing'],
      ['Thermolyne F48055 muffle furnace', 'ovens-furnaces'],
      ['Metrohm 905 Titrando', 'ph-meters-titrators'],
      ['Hill-Rom VersaCare hospital bed', 'hospital-beds-furniture'],
      ['Drager Isolette C2000 infant incubator', 'hospital-beds-furniture'],
      ['Miele PG 8583 lab glassware washer', 'washers-disinfectors'],
      ['Branson 5510 ultrasonic cleaner', 'washers-disinfectors'],
      ['Olympus GIF-H190 gastroscope', 'endoscopy'],
      ['Valleylab ForceTriad electrosurgical generator', 'surgical-equipment'],
      ['Buchi R-210 Rotavapor', 'evaporators-concentrators'],
      ['Labconco FreeZone 4.5 L freeze dryer', 'evaporators-concentrators'],
      ['Millipore Milli-Q Advantage A10 water purification system', 'general-lab'],
      ['Olympus CKX41 inverted microscope', 'microscopes'],
      ['Nikon Eclipse Ti2 inverted microscope', 'microscopes'],
    ];
    for (const [title, id] of cases) expect(categorize(title), title).toBe(id);
  });

  it('reads what a title names after "with", "w/" or "for" as what comes with the thing, not the thing', () => {
    expect(
      categorize({
        title: 'Shimadzu AA-7000 AAS w/ GFA-7000 furnace',
        description: 'Atomic absorption with graphite furnace atomizer and ASC-7000 autosampler.',
      }),
    ).toBe('spectrophotometers');
    expect(categorize('Waters Xevo TQ-S with Acquity I-Class UPLC')).toBe('mass-spectrometry');
    expect(
      categorize({
        title: 'Olympus ESG-100 HF generator for endoscopy',
        description: 'ESG-100 electrosurgical generator, self test passes.',
      }),
    ).toBe('surgical-equipment');
    // Nothing named before it: the whole title decides, as before.
    expect(categorize('Filters for biosafety cabinets')).toBe('biosafety-cabinets');
    expect(categorize('Eppendorf 5810R Refrigerated Centrifuge with A-4-62 rotor')).toBe('centrifuges');
  });

  it('reads plurals and loose spelling', () => {
    expect(categorize('Lot of 3 microcentrifuges')).toBe('centrifuges');
    expect(categorize('UV/VIS spectrophotometer')).toBe('spectrophotometers');
  });

  it('weighs the title above the description', () => {
    const listing = {
      title: 'Vortex mixer',
      description: 'Used next to our centrifuge and the PCR machine in a molecular biology lab.',
    };
    expect(categorize(listing)).toBe('shakers-mixers-stirrers');
    expect(scoreFamilies(listing).map((s) => s.id)).toEqual(
      expect.arrayContaining(['shakers-mixers-stirrers', 'centrifuges', 'thermal-cyclers']),
    );
  });

  it('uses the description when the title says little', () => {
    expect(categorize({ title: 'Model 3110, lightly used', description: 'Water jacketed CO2 incubator, 184 L.' })).toBe('incubators');
  });

  it('returns null when nothing matches, even with a brand name', () => {
    expect(categorize('Office chair, black')).toBeNull();
    expect(categorize('Thermo Fisher Scientific')).toBeNull();
    expect(categorize('')).toBeNull();
  });
});
