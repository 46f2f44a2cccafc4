import type { Condition } from '@benchmarket/shared';

/**
 * The search vocabulary, kept as data: what buyers type and what it means. It extends the
 * shared taxonomy (`packages/shared/src/taxonomy.ts`: families, keywords, synonym groups,
 * manufacturers) with the words of search rather than of listings — the generic names of
 * each family, buyer wording and abbreviations, brand short forms, common misspellings,
 * condition words and the filler of natural-language queries. `query-understanding.ts`
 * only applies it; nothing here is code.
 *
 * Phrases are matched on normalised text (`normalizeForMatch`: lower case, punctuation as
 * spaces, simple plurals folded), so 'UV-Vis', 'uv vis' and 'UV/VIS' are one phrase.
 */

export interface FamilyVocabulary {
  /** How an explanation names the family ('a thermal cycler (PCR)'). */
  label: string;
  /**
   * Names of the family as a whole: a buyer who types one of these wants any listing of the
   * family ('pcr machine' → every thermal cycler). Mixed families (defibrillators and ECG)
   * have only umbrella terms here; their kinds are groups.
   */
  generic: readonly string[];
  /**
   * More interchangeable phrases for kinds within the family (abbreviations, buyer
   * wording). A buyer who types one wants that kind; other kinds of the family are only
   * somewhat relevant. Merged with the taxonomy's synonym groups.
   */
  groups: readonly (readonly string[])[];
}

/** Every family of the shared taxonomy has an entry (checked by a unit test). */
export const FAMILY_VOCABULARY: Readonly<Record<string, FamilyVocabulary>> = {
  centrifuges: {
    label: 'centrifuge',
    generic: ['centrifuge', 'lab centrifuge', 'laboratory centrifuge', 'centrifuge machine', 'spinner centrifuge'],
    groups: [
      ['high speed centrifuge', 'superspeed centrifuge', 'high-speed floor centrifuge', 'superspeed floor centrifuge'],
      ['clinical centrifuge', 'blood centrifuge', 'serofuge'],
      ['centrifuge rotor', 'rotor', 'swing bucket rotor', 'swinging bucket rotor', 'fixed angle rotor'],
      ['refrigerated centrifuge', 'refrigerated benchtop centrifuge', 'cold centrifuge', 'cooling centrifuge'],
      ['microcentrifuge', 'refrigerated microcentrifuge', 'micro centrifuge'],
    ],
  },
  microscopes: {
    label: 'microscope',
    generic: ['microscope', 'microscopy', 'lab microscope', 'laboratory microscope'],
    groups: [
      ['phase contrast microscope', 'phase contrast', 'inverted phase contrast microscope'],
      ['research microscope', 'upright research microscope', 'inverted research microscope'],
      ['fluorescence microscope', 'fluorescent microscope', 'epifluorescence', 'upright fluorescence microscope', 'inverted fluorescence microscope'],
      ['confocal', 'confocal microscope', 'lsm', 'laser scanning confocal'],
      ['digital microscope', 'all in one microscope', 'all-in-one fluorescence microscope'],
    ],
  },
  incubators: {
    label: 'incubator',
    generic: ['incubator', 'lab incubator', 'laboratory incubator'],
    groups: [
      ['CO2 incubator', 'co2 incubators', 'cell culture incubator', 'tc incubator', 'tissue culture incubator', 'carbon dioxide incubator', 'co2 cell culture incubator'],
      ['microbiological incubator', 'bacteriological incubator', 'gravity convection incubator', 'compact microbiological incubator'],
      ['anaerobic chamber', 'anaerobic workstation', 'anaerobic cabinet'],
    ],
  },
  'freezers-refrigerators': {
    label: 'lab freezer or refrigerator',
    generic: ['cold storage', 'lab cold storage', 'cold storage equipment'],
    groups: [
      ['freezer', 'freezers', 'lab freezer', 'laboratory freezer', 'upright freezer', 'chest freezer', 'medical freezer'],
      ['refrigerator', 'refrigerators', 'fridge', 'lab fridge', 'medical fridge'],
      [
        'ULT freezer', 'ult', 'ultra low freezer', 'ultra-low freezer', 'ultra low temperature freezer', '-80 freezer',
        '-80c freezer', '-80 c freezer', '-80°c freezer', 'minus 80', 'minus 80 freezer', '-86 freezer', '-86 c freezer',
        '-86 °c upright freezer', 'ultracold freezer', 'ultra cold freezer', 'ultra-low upright freezer', 'deep freezer',
        '80 freezer', '86 freezer', '-80 c', '-86 c', '-85 c', '-80 °c', '-86 °c', 'minus 86',
      ],
      ['lab refrigerator', 'laboratory refrigerator', 'under counter refrigerator', 'undercounter refrigerator', 'lab fridge', 'laboratory fridge'],
      ['vaccine refrigerator', 'vaccine fridge', 'pharmacy refrigerator', 'pharmacy vaccine refrigerator', 'medical refrigerator'],
      ['liquid nitrogen freezer', 'ln2 freezer', 'cryogenic freezer', 'cryogenic storage dewar', 'ln2 dewar', 'dewar', 'cryo storage', 'liquid nitrogen dewar', 'cryostorage'],
      ['-20 freezer', '-20c freezer', 'minus 20 freezer', '20 freezer', '-30 freezer', '-20 c freezer', '-20 °c freezer'],
    ],
  },
  'thermal-cyclers': {
    label: 'thermal cycler (PCR)',
    generic: [
      'pcr machine', 'thermal cycler', 'thermocycler', 'thermo cycler', 'thermalcycler', 'pcr', 'pcr system', 'pcr cycler',
      'pcr instrument', 'dna amplifier', 'gene amplifier', 'pcr thermocycler', 'pcr thermal cycler', 'dna thermal cycler',
    ],
    groups: [
      [
        'qPCR', 'q pcr', 'real-time pcr', 'real time pcr', 'realtime pcr', 'qpcr machine', 'qpcr system', 'qpcr instrument',
        'real-time pcr system', 'real-time pcr detection system', 'real time pcr machine', 'rt pcr machine', 'quantitative pcr',
        'qrt-pcr', 'rt-qpcr',
      ],
      ['gradient pcr', 'gradient thermal cycler', 'gradient cycler', 'gradient thermocycler'],
      ['digital PCR', 'dpcr', 'droplet digital pcr', 'ddpcr', 'droplet digital pcr system'],
    ],
  },
  chromatography: {
    label: 'chromatography system',
    generic: ['chromatography', 'chromatograph', 'chromatography system', 'liquid chromatography'],
    groups: [
      ['HPLC', 'hplc system', 'hplc machine', 'hplc instrument', 'hplc separations module', 'hplc pump', 'high performance liquid chromatograph', 'lc system', 'uhplc', 'uplc'],
      ['UHPLC', 'uplc', 'uhplc system', 'uplc system', 'ultra high performance lc'],
      ['FPLC', 'akta', 'äkta', 'protein purification', 'fplc system', 'fplc protein purification system'],
      ['gas chromatograph', 'gc', 'gc system', 'gas chromatography', 'gc machine'],
      ['ion chromatography', 'ion chromatograph', 'ic system'],
    ],
  },
  'mass-spectrometry': {
    label: 'mass spectrometer',
    generic: ['mass spectrometer', 'mass spec', 'mass spectrometry', 'ms system', 'mass spectrometers', 'mass analyzer'],
    groups: [
      ['LC-MS', 'lcms', 'lc ms', 'lc-ms/ms', 'lc ms ms', 'lc-ms/ms system', 'lcmsms', 'triple quadrupole', 'orbitrap', 'qtrap', 'q exactive', 'xevo tq', 'tsq'],
      ['GC-MS', 'gcms', 'gc ms', 'gc/msd', 'gc msd', 'msd'],
      ['triple quad', 'triple quadrupole', 'triple quadrupole mass spectrometer', 'qqq', 'tandem mass spectrometer', 'ms/ms'],
      ['orbitrap', 'high resolution mass spectrometer', 'hrms', 'q exactive', 'orbitrap mass spectrometer'],
      ['MALDI-TOF', 'maldi', 'maldi tof', 'maldi-tof mass spectrometer', 'maldi biotyper'],
      ['Q-TOF', 'qtof', 'tof', 'time of flight'],
    ],
  },
  spectrophotometers: {
    label: 'spectrophotometer or plate reader',
    generic: ['spectroscopy', 'spectroscopy equipment', 'optical instruments'],
    groups: [
      ['spectrophotometer', 'spectrophotometers', 'spectrophotometry', 'spectrometer', 'photometer', 'spectro', 'microplate spectrophotometer'],
      ['UV-Vis spectrophotometer', 'uv-vis', 'uv vis', 'uv/vis', 'uv-visible', 'uv-vis spectrophotometer', 'uv visible spectrophotometer', 'uv spectrophotometer', 'uv vis spec'],
      ['NanoDrop', 'nano drop', 'microvolume spectrophotometer', 'microvolume uv-vis spectrophotometer', 'nanodrop one', 'nanophotometer'],
      ['plate reader', 'microplate reader', 'elisa reader', 'elisa plate reader', 'multimode reader', 'multimode plate reader', 'multi-mode microplate reader', 'multimode microplate reader', 'microplate spectrophotometer', 'absorbance reader'],
      ['fluorometer', 'fluorimeter', 'qubit'],
      ['FTIR spectrometer', 'ftir', 'ft-ir', 'ftir spectrometer', 'infrared spectrometer', 'ir spectrometer'],
    ],
  },
  'biosafety-cabinets': {
    label: 'biosafety cabinet or hood',
    generic: ['hood', 'lab hood', 'laboratory hood', 'safety cabinet', 'containment cabinet', 'lab cabinet'],
    groups: [
      [
        'biosafety cabinet', 'bsc', 'biological safety cabinet', 'bio safety cabinet', 'biosafety hood', 'class ii biosafety cabinet',
        'class 2 biosafety cabinet', 'class ii cabinet', 'class 2 cabinet', 'class ii bsc', 'class 2 bsc', 'class ii a2', 'type a2',
        'tissue culture hood', 'tc hood', 'cell culture hood', 'biohazard hood', 'biohazard cabinet', 'sterile hood', 'bsc hood',
        'class ii type a2 biosafety cabinet', 'class ii biological safety cabinet', 'class ii', 'class 2',
      ],
      ['fume hood', 'fume cupboard', 'chemical fume hood', 'laboratory fume hood', 'ductless fume hood', 'chemical hood'],
      ['laminar flow hood', 'laminar flow', 'laminar hood', 'laminar flow cabinet', 'clean bench', 'lfh'],
      ['pcr workstation', 'pcr hood', 'pcr cabinet', 'pcr enclosure'],
    ],
  },
  'autoclaves-sterilizers': {
    label: 'autoclave (steam sterilizer)',
    generic: ['sterilizer', 'sterilizers', 'steriliser', 'sterilization', 'sterilisation', 'sterilization equipment'],
    groups: [
      [
        'autoclave', 'autoclaves', 'steam sterilizer', 'steam sterilizers', 'steam steriliser', 'steam autoclave', 'autoclave sterilizer',
        'lab autoclave', 'laboratory autoclave', 'steam sterilization', 'benchtop autoclave', 'vertical autoclave', 'class b autoclave',
        'cassette autoclave',
      ],
      ['benchtop autoclave', 'tabletop autoclave', 'table top autoclave', 'countertop autoclave', 'benchtop laboratory autoclave', 'bench autoclave', 'dental autoclave', 'class b autoclave', 'cassette autoclave'],
      ['vertical autoclave', 'vertical laboratory autoclave', 'floor autoclave', 'floor standing autoclave'],
      ['plasma sterilizer', 'hydrogen peroxide sterilizer', 'sterrad', 'low temperature sterilizer', 'hydrogen peroxide plasma sterilizer'],
    ],
  },
  'patient-monitors': {
    label: 'patient monitor',
    generic: ['patient monitoring', 'patient monitoring equipment', 'monitoring equipment'],
    groups: [
      [
        'patient monitor', 'patient monitors', 'vital signs monitor', 'vital sign monitor', 'vitals monitor', 'bedside monitor',
        'multiparameter monitor', 'multi parameter monitor', 'physiological monitor', 'patient monitoring system', 'icu monitor',
        'cardiac monitor', 'hospital monitor', 'vital signs', 'vsm',
      ],
      ['pulse oximeter', 'oximeter', 'spo2', 'pulse ox', 'co-oximeter', 'pulse co-oximeter'],
      ['fetal monitor', 'ctg', 'cardiotocograph', 'maternal fetal monitor'],
      ['spot check monitor', 'vital signs device', 'connex'],
    ],
  },
  ultrasound: {
    label: 'ultrasound system',
    generic: [
      'ultrasound', 'ultrasound machine', 'ultrasound system', 'ultrasound scanner', 'ultrasound unit', 'sonography',
      'sonography machine', 'sonogram machine', 'ultrasonography', 'us machine', 'doppler ultrasound', 'ultrasound device',
    ],
    groups: [
      ['portable ultrasound', 'handheld ultrasound', 'point of care ultrasound', 'pocus', 'laptop ultrasound', 'handheld ultrasound probe', 'point-of-care ultrasound'],
      ['cardiac ultrasound', 'echo machine', 'echocardiography', 'cardiovascular ultrasound', 'echo ultrasound'],
      ['bladder scanner', 'bladderscan', 'bladder ultrasound'],
      ['ultrasound probe', 'ultrasound transducer', 'transducer', 'probe'],
      ['womens health ultrasound', 'obgyn ultrasound', 'ob gyn ultrasound', 'obstetric ultrasound'],
    ],
  },
  'infusion-pumps': {
    label: 'infusion pump',
    generic: ['infusion pump', 'infusion pumps', 'infusion system', 'infusion device', 'iv pump', 'infusion', 'iv infusion pump'],
    groups: [
      ['syringe pump', 'syringe driver', 'lab syringe pump', 'laboratory syringe pump', 'syringe infusion pump'],
      ['volumetric pump', 'volumetric infusion pump', 'large volume pump', 'lvp'],
      ['enteral pump', 'feeding pump', 'enteral feeding pump'],
      ['pca pump', 'patient controlled analgesia pump'],
    ],
  },
  'medical-imaging': {
    label: 'imaging system (X-ray, CT, MRI)',
    generic: ['medical imaging', 'imaging system', 'radiology', 'diagnostic imaging', 'imaging equipment', 'radiology equipment'],
    groups: [
      ['X-ray', 'x ray', 'xray', 'x-ray machine', 'x ray machine', 'xray machine', 'digital radiography', 'dr system', 'portable x-ray', 'mobile x-ray', 'radiography system'],
      ['CT scanner', 'ct', 'cat scanner', 'ct machine', 'computed tomography'],
      ['MRI', 'mri machine', 'mri scanner', 'mr scanner'],
      ['c-arm', 'c arm', 'fluoroscopy', 'fluoro', 'mobile c-arm'],
    ],
  },
  'defibrillators-ecg': {
    label: 'defibrillator or ECG',
    generic: ['cardiology equipment', 'cardiac equipment', 'cardiology'],
    groups: [
      [
        'defibrillator', 'defibrillators', 'defib', 'defibrilator', 'defibrillator monitor', 'monitor defibrillator', 'monitor/defibrillator',
        'defibrillator/monitor', 'manual defibrillator', 'automated external defibrillator', 'lifepak', 'heartstart',
      ],
      ['AED', 'automated external defibrillator', 'public access defibrillator', 'aed trainer'],
      ['ECG machine', 'ecg', 'ekg', 'ecg machine', 'ekg machine', 'electrocardiograph', 'cardiograph', 'ecg cart', '12 lead ecg', '12-lead ecg', '12 lead ekg', 'resting ecg', 'electrocardiogram'],
      ['holter', 'holter monitor', 'holter recorder'],
    ],
  },
  'ventilators-anesthesia': {
    label: 'ventilator or anesthesia machine',
    generic: ['respiratory equipment', 'respiratory care', 'respiratory'],
    groups: [
      ['ventilator', 'ventilators', 'vent', 'icu ventilator', 'critical care ventilator', 'transport ventilator', 'portable ventilator', 'mechanical ventilator', 'breathing machine'],
      ['anesthesia machine', 'anaesthesia machine', 'anesthesia workstation', 'anaesthetic machine', 'anesthetic machine', 'anesthesia', 'anaesthesia', 'anesthesia system', 'anesthesia delivery system'],
      ['high flow', 'high flow humidifier', 'high flow nasal cannula', 'hfnc', 'airvo', 'humidifier'],
      ['CPAP', 'bipap', 'cpap machine', 'niv', 'non invasive ventilator'],
    ],
  },
  'balances-scales': {
    label: 'balance or scale',
    generic: ['balance', 'balances', 'lab balance', 'laboratory balance', 'weighing balance', 'weighing', 'lab scale', 'laboratory scale'],
    groups: [
      ['analytical balance', 'analytical scale', 'analytic balance', '4 place balance', '4-place balance', '0.1 mg balance', 'semi-micro balance', 'semi micro balance', 'semimicro balance'],
      ['precision balance', 'top loading balance', 'top-loading balance', 'toploader', 'toploading balance', '2 place balance'],
      ['microbalance', 'micro balance', 'ultra-microbalance'],
      ['moisture analyzer', 'moisture balance', 'moisture analyser', 'moisture meter'],
    ],
  },
  'pipettes-liquid-handling': {
    label: 'pipette or liquid handler',
    generic: ['liquid handling', 'liquid handling equipment', 'pipetting'],
    groups: [
      ['pipette', 'pipettes', 'pipettor', 'micropipette', 'pipet', 'pipette set', 'pipette kit', 'single channel pipette', 'adjustable pipette', 'pipetman', 'pipette starter kit'],
      ['multichannel pipette', 'multi-channel pipette', '8 channel pipette', '12 channel pipette', '96 channel pipette', 'multichannel'],
      ['electronic pipette', 'motorized pipette', 'electronic pipettor', 'e-pipette'],
      ['liquid handler', 'liquid handling robot', 'pipetting robot', 'automated liquid handler', 'automated pipetting', 'liquid handling workstation', 'automated liquid handling', 'liquid handling system', 'pipetting workstation'],
      ['dispenser', 'reagent dispenser', 'bulk dispenser', 'bottle top dispenser'],
    ],
  },
  'shakers-mixers-stirrers': {
    label: 'shaker, mixer or stirrer',
    generic: ['mixer', 'mixers', 'lab mixer', 'agitator', 'mixing equipment'],
    groups: [
      ['shaker', 'shakers', 'orbital shaker', 'lab shaker', 'platform shaker', 'benchtop orbital shaker', 'shaker table', 'shaking platform'],
      ['incubator shaker', 'shaking incubator', 'incubated shaker', 'stackable shaker', 'climo shaker', 'stackable incubated shaker', 'shaker incubator'],
      ['magnetic stirrer', 'stirrer', 'stir plate', 'stirplate', 'hotplate stirrer', 'hot plate stirrer', 'hotplate', 'hot plate', 'heated stirrer', 'magnetic stirrer with heating'],
      ['vortex', 'vortex mixer', 'vortexer', 'vortex genie'],
      ['sonicator', 'probe sonicator', 'ultrasonic processor', 'sonifier', 'cell disruptor'],
      ['thermomixer', 'heated shaker', 'thermoshaker'],
    ],
  },
  'water-baths-circulators': {
    label: 'water bath or circulator',
    generic: ['temperature control', 'temperature control equipment', 'baths and circulators'],
    groups: [
      ['water bath', 'bath', 'lab bath', 'thermostatic bath', 'laboratory bath', 'waterbath', 'lab water bath', 'general purpose water bath', 'shaking water bath', 'heated water bath'],
      ['circulator', 'recirculator', 'refrigerated circulator', 'heating circulator', 'refrigerated heating circulator', 'circulating bath', 'cooling thermostat', 'thermostat'],
      ['chiller', 'recirculating chiller', 'water chiller', 'lab chiller', 'recirculating cooler'],
      ['dry bath', 'heat block', 'heating block', 'dry block', 'block heater'],
    ],
  },
  'electrophoresis-gel-imaging': {
    label: 'electrophoresis or gel imaging system',
    generic: ['electrophoresis and gel imaging', 'gel equipment'],
    groups: [
      ['electrophoresis', 'electrophoresis equipment', 'electrophoresis system', 'electrophoresis cell'],
      ['gel doc', 'gel imager', 'gel documentation', 'gel documentation system', 'gel imaging', 'gel imaging system', 'chemidoc', 'blot imager', 'western blot imager', 'gel and western blot imager', 'chemiluminescence imager', 'odyssey', 'infrared imaging system'],
      ['gel electrophoresis', 'gel box', 'gel tank', 'gel rig', 'vertical electrophoresis', 'horizontal electrophoresis', 'sds page', 'mini protean'],
      ['western blot', 'western blotting', 'transfer system', 'blot transfer', 'trans-blot', 'iblot', 'trans blot turbo'],
      ['power supply', 'electrophoresis power supply', 'powerpac', 'power pack'],
      ['bioanalyzer', 'tapestation', 'fragment analyzer', 'automated electrophoresis', 'capillary electrophoresis', 'automated electrophoresis system'],
    ],
  },
  'flow-cytometry': {
    label: 'flow cytometer',
    generic: ['flow cytometer', 'flow cytometry', 'flow cytometers', 'cytometer', 'facs', 'facs machine', 'flow analyzer', 'flow cytometry analyzer'],
    groups: [
      ['cell sorter', 'facs sorter', 'sorter', 'flow sorter', 'cell sorting'],
      ['spectral cytometer', 'spectral flow cytometer', 'spectral analyzer', 'aurora'],
      ['personal flow cytometer', 'benchtop flow cytometer', 'accuri', 'attune', 'guava'],
    ],
  },
  'cell-counters': {
    label: 'cell counter',
    generic: ['cell counter', 'cell counters', 'automated cell counter', 'cell counting', 'cell counting system', 'cell viability analyzer', 'viability analyzer'],
    groups: [
      ['fluorescence cell counter', 'dual fluorescence cell counter', 'luna-fl', 'countess'],
      ['colony counter', 'colony counters', 'bacterial colony counter'],
      ['coulter counter', 'multisizer', 'particle counter'],
    ],
  },
  'clinical-analyzers': {
    label: 'clinical analyzer',
    generic: ['clinical analyzer', 'clinical analyser', 'lab analyzer', 'diagnostic analyzer', 'analyzer', 'analyser', 'ivd analyzer', 'clinical lab analyzer'],
    groups: [
      ['hematology analyzer', 'haematology analyser', 'hematology analyser', 'cbc analyzer', 'hematology', 'haematology', 'blood analyzer', 'cbc machine'],
      ['chemistry analyzer', 'chemistry analyser', 'biochemistry analyzer', 'clinical chemistry analyzer', 'chemistry system'],
      ['immunoassay analyzer', 'immunoassay', 'immunoanalyzer'],
      ['blood gas analyzer', 'blood gas analyser', 'abg analyzer', 'blood gas'],
      ['coagulation analyzer', 'coagulation', 'coag analyzer', 'coagulometer'],
      ['urine analyzer', 'urinalysis', 'urinalysis analyzer', 'urine chemistry'],
      ['point of care analyzer', 'poc analyzer', 'point-of-care analyzer', 'i-stat', 'piccolo'],
    ],
  },
  dental: {
    label: 'dental equipment',
    generic: ['dental', 'dental equipment', 'dentistry', 'dentist equipment', 'dental office equipment'],
    groups: [
      ['dental chair', 'dental chair unit', 'dentist chair', 'dental operatory', 'dental unit', 'dental delivery unit'],
      ['dental x-ray', 'dental xray', 'intraoral x-ray', 'intraoral xray', 'panoramic x-ray', 'pano', 'panoramic', 'dental imaging'],
      ['CBCT', 'cone beam', 'cone beam ct', 'dental ct', '3d dental imaging'],
      ['intraoral scanner', 'intra oral scanner', 'dental scanner', 'digital impression'],
      ['dental handpiece', 'handpiece', 'dental drill', 'micromotor'],
      ['dental autoclave', 'dental sterilizer'],
    ],
  },
  ophthalmic: {
    label: 'ophthalmic equipment',
    generic: ['ophthalmic', 'ophthalmic equipment', 'ophthalmology', 'ophthalmology equipment', 'optometry', 'optometry equipment', 'eye equipment', 'eye exam equipment'],
    groups: [
      ['slit lamp', 'slitlamp', 'slit lamp microscope', 'biomicroscope'],
      ['OCT', 'oct scanner', 'oct machine', 'optical coherence tomography', 'retinal oct'],
      ['autorefractor', 'auto refractor', 'autorefractometer', 'auto ref', 'autorefractor keratometer', 'refractometer keratometer'],
      ['fundus camera', 'retinal camera', 'fundus imaging', 'retinal imaging'],
      ['tonometer', 'non contact tonometer', 'nct', 'air puff tonometer'],
      ['phoropter', 'refractor', 'vision tester', 'digital phoropter'],
      ['visual field analyzer', 'visual field', 'perimeter', 'humphrey'],
    ],
  },
  sequencing: {
    label: 'sequencer',
    generic: ['sequencer', 'sequencers', 'dna sequencer', 'sequencing', 'sequencing system', 'genome sequencer', 'gene sequencer', 'sequencing machine', 'sequencing platform'],
    groups: [
      ['NGS sequencer', 'ngs', 'next generation sequencer', 'next generation sequencing', 'next gen sequencer', 'ngs sequencer', 'benchtop sequencer', 'short read sequencer'],
      ['miseq', 'nextseq', 'novaseq', 'iseq', 'hiseq', 'illumina sequencer'],
      ['sanger', 'sanger sequencer', 'capillary sequencer', 'genetic analyzer', 'capillary electrophoresis sequencer'],
      ['nanopore', 'nanopore sequencer', 'minion', 'gridion', 'promethion', 'long read sequencer'],
      ['ion torrent', 'ion s5', 'ion proton', 'semiconductor sequencer'],
    ],
  },
  'ovens-furnaces': {
    label: 'lab oven or furnace',
    generic: ['ovens and furnaces', 'heat treatment', 'thermal processing'],
    groups: [
      ['oven', 'ovens', 'lab oven', 'laboratory oven', 'drying oven', 'drying cabinet', 'convection oven', 'forced air oven', 'gravity oven', 'heating oven', 'hot air oven'],
      ['vacuum oven', 'vacuum drying oven'],
      ['furnace', 'furnaces', 'muffle furnace', 'muffle', 'ashing furnace', 'box furnace', 'lab furnace', 'high temperature furnace', 'chamber furnace'],
      ['tube furnace', 'tubular furnace', 'split tube furnace'],
      ['hybridization oven', 'hyb oven', 'hybridisation oven'],
    ],
  },
  'ph-meters-titrators': {
    label: 'pH meter or titrator',
    generic: ['electrochemistry', 'electrochemistry meter', 'water quality meter', 'benchtop meter'],
    groups: [
      ['pH meter', 'ph', 'ph meters', 'ph tester', 'ph probe', 'ph electrode', 'benchtop ph meter', 'ph/ion meter', 'ph mv meter', 'ph conductivity meter'],
      ['conductivity meter', 'conductivity', 'ec meter', 'tds meter'],
      ['titrator', 'titrators', 'titration', 'autotitrator', 'auto titrator', 'automatic titrator', 'potentiometric titrator'],
      ['karl fischer', 'karl fischer titrator', 'kf titrator', 'coulometric titrator', 'moisture titrator'],
      ['dissolved oxygen meter', 'do meter', 'oxygen meter', 'multiparameter meter'],
    ],
  },
  'hospital-beds-furniture': {
    label: 'hospital bed or patient furniture',
    generic: ['hospital furniture', 'patient furniture', 'medical furniture', 'hospital equipment'],
    groups: [
      ['hospital bed', 'hospital beds', 'medical bed', 'patient bed', 'icu bed', 'electric bed', 'electric hospital bed', 'bed', 'med surg bed', 'homecare bed'],
      ['stretcher', 'gurney', 'transport stretcher', 'patient stretcher', 'trolley'],
      ['exam table', 'examination table', 'exam chair', 'medical exam table', 'treatment table', 'procedure chair', 'procedure table', 'power exam table'],
      ['patient lift', 'hoyer lift', 'patient hoist', 'ceiling lift'],
      ['infant incubator', 'baby incubator', 'neonatal incubator', 'isolette', 'infant warmer', 'radiant warmer'],
      ['medical cart', 'crash cart', 'medication cart', 'emergency cart', 'anesthesia cart'],
    ],
  },
  'washers-disinfectors': {
    label: 'washer or disinfector',
    generic: ['washer', 'washers', 'lab washer', 'disinfector', 'washing machine', 'washer disinfector'],
    groups: [
      ['glassware washer', 'lab glassware washer', 'laboratory glassware washer', 'labware washer', 'lab dishwasher', 'laboratory dishwasher', 'dishwasher'],
      ['instrument washer', 'washer-disinfector', 'surgical instrument washer', 'thermal disinfector'],
      ['ultrasonic cleaner', 'ultrasonic bath', 'ultrasonic cleaning bath', 'sonic cleaner', 'sonicator bath'],
      ['endoscope reprocessor', 'aer', 'scope washer', 'endoscope washer'],
      ['cage washer', 'cart washer', 'tunnel washer', 'rack washer'],
    ],
  },
  endoscopy: {
    label: 'endoscope',
    generic: ['endoscope', 'endoscopes', 'endoscopy', 'endoscopy system', 'endoscopy equipment', 'flexible endoscope', 'video endoscope', 'endoscopy scope'],
    groups: [
      ['endoscopy tower', 'video tower', 'video processor', 'endoscopy processor', 'camera control unit', 'ccu', 'laparoscopic tower', 'endoscopy video system'],
      ['gastroscope', 'video gastroscope', 'upper gi scope'],
      ['colonoscope', 'video colonoscope', 'colonoscopy scope'],
      ['bronchoscope', 'video bronchoscope', 'bronchoscopy'],
      ['laparoscope', 'laparoscopy', 'laparoscopic camera', 'laparoscopic system'],
      ['light source', 'xenon light source', 'led light source', 'endoscopy light source'],
    ],
  },
  'surgical-equipment': {
    label: 'surgical equipment',
    generic: ['surgical equipment', 'surgery equipment', 'or equipment', 'operating room equipment', 'surgical', 'operating theatre equipment'],
    groups: [
      ['electrosurgical unit', 'electrosurgical', 'electrosurgery', 'electrosurgical generator', 'esu', 'bovie', 'cautery', 'diathermy', 'electrocautery'],
      ['surgical light', 'surgical lights', 'or light', 'operating light', 'operating lamp', 'or lamp', 'surgical lamp', 'exam light'],
      ['surgical table', 'or table', 'operating table', 'operating room table', 'surgery table'],
      ['smoke evacuator', 'smoke evacuation'],
      ['tourniquet', 'tourniquet system', 'surgical tourniquet'],
    ],
  },
  'evaporators-concentrators': {
    label: 'evaporator, concentrator or freeze dryer',
    generic: ['evaporation equipment', 'solvent evaporation', 'sample concentration', 'evaporators and concentrators'],
    groups: [
      ['rotary evaporator', 'rotovap', 'rotavap', 'rotavapor', 'rotovapor', 'roto vap', 'rotary evap', 'rotary evaporator system', 'rotoevaporator'],
      ['freeze dryer', 'freeze dryers', 'lyophilizer', 'lyophiliser', 'freeze drier', 'lyo', 'freezedryer', 'benchtop freeze dryer', 'lyophilization'],
      ['speedvac', 'speed vac', 'vacuum concentrator', 'centrifugal evaporator', 'centrifugal concentrator', 'personal evaporator', 'centrivap', 'genevac'],
      ['vacuum pump', 'lab vacuum pump', 'diaphragm pump', 'rotary vane pump', 'chemistry pump'],
      ['nitrogen evaporator', 'n-evap', 'turbovap', 'nitrogen blowdown'],
      ['evaporator', 'evaporators', 'concentrator', 'concentrators'],
    ],
  },
  'general-lab': {
    label: 'general lab equipment',
    generic: ['general lab equipment', 'general laboratory equipment'],
    groups: [
      ['water purification', 'water purification system', 'water system', 'water purifier', 'milli q', 'milliq', 'ultrapure water', 'type 1 water', 'di water', 'pure water system', 'lab water'],
      ['microtome', 'rotary microtome'],
      ['cryostat', 'cryotome', 'cryostat microtome'],
      ['tissue processor', 'tissue processing'],
      ['bioreactor', 'fermenter', 'fermentor'],
      ['ice machine', 'ice maker', 'flake ice machine'],
      ['flammable cabinet', 'flammable storage cabinet', 'safety storage cabinet'],
      ['desiccator', 'dessicator', 'desiccator cabinet', 'dry cabinet'],
    ],
  },
};

/**
 * Short forms and other spellings of manufacturers, mapped to the name the taxonomy (or a
 * listing) uses. Every taxonomy manufacturer is a brand on its own; these add what buyers type.
 */
export const BRAND_ALIASES: Readonly<Record<string, readonly string[]>> = {
  'Thermo Fisher Scientific': ['thermo', 'thermo fisher', 'thermofisher', 'thermo scientific', 'thermo electron', 'thermo finnigan'],
  'Beckman Coulter': ['beckman', 'coulter'],
  'Bio-Rad': ['biorad', 'bio rad'],
  'Applied Biosystems': ['abi', 'applied bio', 'applied biosystem'],
  'GE Healthcare': ['ge', 'general electric', 'ge medical'],
  'Siemens Healthineers': ['siemens'],
  'Mettler Toledo': ['mettler', 'mettler-toledo', 'toledo'],
  PerkinElmer: ['perkin elmer', 'perkin-elmer', 'revvity'],
  SCIEX: ['sciex', 'ab sciex', 'absciex'],
  'BD Biosciences': ['bd', 'becton dickinson', 'bd biosciences', 'becton'],
  'Molecular Devices': ['molecular devices', 'moldev'],
  'Philips': ['philips', 'philips healthcare', 'philips medical'],
  'Dräger': ['drager', 'draeger', 'dräger'],
  'Welch Allyn': ['welch allyn', 'welchallyn', 'hillrom welch allyn'],
  'Physio-Control': ['physio control', 'physio', 'lifepak'],
  'Fujifilm Sonosite': ['sonosite', 'fujifilm sonosite'],
  'Samsung Medison': ['samsung', 'medison'],
  'Canon Medical': ['canon', 'toshiba medical'],
  'Nihon Kohden': ['nihon kohden', 'nihon'],
  'Helmer Scientific': ['helmer'],
  'Haier Biomedical': ['haier'],
  'Stirling Ultracold': ['stirling'],
  'Chart MVE': ['chart mve', 'mve'],
  'The Baker Company': ['baker', 'baker company'],
  'Infors HT': ['infors'],
  'Harvard Apparatus': ['harvard'],
  'Smiths Medical': ['smiths', 'smiths medical', 'medfusion'],
  'Fisher & Paykel': ['fisher paykel', 'fisher and paykel', 'f&p'],
  'Advanced Sterilization Products': ['asp', 'sterrad'],
  'B. Braun': ['b braun', 'braun', 'bbraun'],
  'Fresenius Kabi': ['fresenius'],
  'Cardinal Health': ['cardinal', 'alaris'],
  'ICU Medical': ['icu medical', 'hospira', 'plum'],
  'Hamilton Medical': ['hamilton medical'],
  'Hamilton': ['hamilton company', 'hamilton robotics'],
  'Scientific Industries': ['scientific industries'],
  'Logos Biosystems': ['logos'],
  'Azure Biosystems': ['azure'],
  'BMG Labtech': ['bmg', 'bmg labtech'],
  'Butterfly Network': ['butterfly'],
  'LI-COR': ['licor', 'li cor'],
  'Baker Ruskinn': ['ruskinn'],
  'AirClean Systems': ['airclean'],
  'Cardiac Science': ['cardiac science', 'powerheart'],
  Invitrogen: ['invitrogen', 'life technologies'],
  Sartorius: ['sartorius'],
  Eppendorf: ['eppendorf', 'eppendorff', 'epindorf', 'eppendorph'],
  Zeiss: ['zeiss', 'carl zeiss'],
  Leica: ['leica', 'leica microsystems'],
  Olympus: ['olympus', 'evident'],
  Agilent: ['agilent', 'agilent technologies', 'hewlett packard'],
  Waters: ['waters'],
  Shimadzu: ['shimadzu'],
  Mindray: ['mindray'],
  Labconco: ['labconco'],
  NuAire: ['nuaire'],
  Tuttnauer: ['tuttnauer'],
  Medtronic: ['medtronic', 'covidien', 'puritan bennett'],
};

/** The five refurbished conditions (spec §3), for 'refurbished'. */
const REFURBISHED: readonly Condition[] = [
  'certified-refurbished',
  'excellent-refurbished',
  'very-good-refurbished',
  'good-refurbished',
  'seller-refurbished',
];

/**
 * Condition words → the condition values they ask for (spec §3). Longer phrases win, so
 * 'certified refurbished' is one condition and 'refurbished' all five.
 */
export const CONDITION_PHRASES: readonly (readonly [string, readonly Condition[]])[] = [
  ['new', ['new', 'new-other']],
  ['brand new', ['new']],
  ['new in box', ['new']],
  ['nib', ['new']],
  ['unused', ['new', 'new-other']],
  ['factory new', ['new']],
  ['new other', ['new-other']],
  ['new (other)', ['new-other']],
  ['open box', ['new-other']],
  ['new open box', ['new-other']],
  ['new old stock', ['new-other']],
  ['nos', ['new-other']],
  ['like new', ['new-other', 'excellent-refurbished']],
  ['demo unit', ['new-other', 'excellent-refurbished']],
  ['refurbished', REFURBISHED],
  ['refurb', REFURBISHED],
  ['refurbed', REFURBISHED],
  ['reconditioned', REFURBISHED],
  ['remanufactured', REFURBISHED],
  ['renewed', REFURBISHED],
  ['rebuilt', REFURBISHED],
  ['certified refurbished', ['certified-refurbished']],
  ['factory refurbished', ['certified-refurbished']],
  ['oem refurbished', ['certified-refurbished']],
  ['manufacturer refurbished', ['certified-refurbished']],
  ['excellent refurbished', ['excellent-refurbished']],
  ['excellent - refurbished', ['excellent-refurbished']],
  ['very good refurbished', ['very-good-refurbished']],
  ['good refurbished', ['good-refurbished']],
  ['seller refurbished', ['seller-refurbished']],
  ['used', ['pre-owned', ...REFURBISHED]],
  ['second hand', ['pre-owned', ...REFURBISHED]],
  ['secondhand', ['pre-owned', ...REFURBISHED]],
  ['pre owned', ['pre-owned']],
  ['preowned', ['pre-owned']],
  ['previously owned', ['pre-owned']],
  ['pre-owned', ['pre-owned']],
  ['for parts', ['for-parts']],
  ['for parts or not working', ['for-parts']],
  ['parts only', ['for-parts']],
  ['spares or repair', ['for-parts']],
  ['for repair', ['for-parts']],
  ['not working', ['for-parts']],
  ['non working', ['for-parts']],
  ['broken', ['for-parts']],
  ['faulty', ['for-parts']],
  ['defective', ['for-parts']],
  ['as is', ['for-parts']],
  ['parts', ['for-parts']],
  ['working', ['new', 'new-other', ...REFURBISHED, 'pre-owned']],
  ['fully working', ['new', 'new-other', ...REFURBISHED, 'pre-owned']],
  ['tested working', ['new', 'new-other', ...REFURBISHED, 'pre-owned']],
];

/** How an explanation names what the buyer asked for ('refurbished as asked'). */
export const CONDITION_ASKED_LABELS: readonly (readonly [readonly Condition[], string])[] = [
  [['new', 'new-other'], 'new'],
  [['new'], 'brand new'],
  [REFURBISHED, 'refurbished'],
  [['pre-owned', ...REFURBISHED], 'used'],
  [['for-parts'], 'for parts'],
  [['new', 'new-other', ...REFURBISHED, 'pre-owned'], 'working'],
];

/**
 * Misspellings buyers make that are too far from the word for the automatic correction
 * (one or two letters off), or too short for it. Single words, normalised.
 */
export const MISSPELLINGS: Readonly<Record<string, string>> = {
  centerfuge: 'centrifuge',
  centrafuge: 'centrifuge',
  centrifudge: 'centrifuge',
  centifuge: 'centrifuge',
  sentrifuge: 'centrifuge',
  microscop: 'microscope',
  mircoscope: 'microscope',
  incubater: 'incubator',
  incubtor: 'incubator',
  refridgerator: 'refrigerator',
  refrigerater: 'refrigerator',
  fridgerator: 'refrigerator',
  freezor: 'freezer',
  thermocyler: 'thermocycler',
  thermocylcer: 'thermocycler',
  thermalcyler: 'thermocycler',
  spectrophotmeter: 'spectrophotometer',
  spectophotometer: 'spectrophotometer',
  spectrometre: 'spectrometer',
  autoclav: 'autoclave',
  otoclave: 'autoclave',
  sterilzer: 'sterilizer',
  sterlizer: 'sterilizer',
  biosafty: 'biosafety',
  biosaftey: 'biosafety',
  ultrasoud: 'ultrasound',
  ultrsound: 'ultrasound',
  defibulator: 'defibrillator',
  defibrilator: 'defibrillator',
  defribillator: 'defibrillator',
  ventilater: 'ventilator',
  anesthesa: 'anesthesia',
  anasthesia: 'anesthesia',
  pipete: 'pipette',
  pippette: 'pipette',
  pipett: 'pipette',
  vortx: 'vortex',
  electrophorisis: 'electrophoresis',
  electrophoresys: 'electrophoresis',
  cytometre: 'cytometer',
  sequenser: 'sequencer',
  lyophilizor: 'lyophilizer',
  rotavapour: 'rotavapor',
  cromatography: 'chromatography',
  chromotography: 'chromatography',
  hplcs: 'hplc',
  eppendorff: 'eppendorf',
  epindorf: 'eppendorf',
  eppendorph: 'eppendorf',
  olympos: 'olympus',
  sartorious: 'sartorius',
  agilant: 'agilent',
  shimadsu: 'shimadzu',
  beckmann: 'beckman',
  phillips: 'philips',
};

/**
 * Words of natural-language queries that say nothing about the equipment ('looking for a
 * cheap …'). Dropped after phrases are matched, so 'lab oven' and 'pcr machine' still match.
 */
export const FILLER_WORDS: ReadonlySet<string> = new Set([
  'looking', 'look', 'need', 'needed', 'want', 'wanted', 'buy', 'buying', 'purchase', 'sale', 'sell', 'selling', 'seller',
  'cheap', 'cheapest', 'affordable', 'inexpensive', 'budget', 'please', 'equipment', 'instrument', 'instrumentation',
  'device', 'unit', 'machine', 'system', 'lab', 'laboratory', 'medical', 'clinical', 'hospital', 'condition', 'good',
  'great', 'excellent', 'nice', 'quality', 'available', 'ship', 'shipping', 'shipped', 'near', 'me', 'price', 'priced',
  'cost', 'costing', 'deal', 'offer', 'anything', 'something', 'item', 'listing', 'listed', 'located', 'based', 'somewhere',
  'usd', 'dollar', 'buck', 'eur', 'euro', 'gbp', 'pound', 'money', 'k', 'grand', 'around', 'approximately', 'approx',
  'roughly', 'about', 'model', 'brand', 'make', 'type', 'kind', 'sort', 'one', 'recent', 'latest', 'newest',
  'max', 'maximum', 'min', 'minimum', 'also', 'any', 'like', 'ideally', 'preferably', 'prefer', 'must', 'should', 'would', 'could', 'get', 'find', 'show',
]);

/**
 * PostgreSQL's English stop words (tsearch_data/english.stop): the full-text index never
 * holds them, so a query phrase made only of them would match nothing.
 */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set([
  'i', 'me', 'my', 'myself', 'we', 'our', 'ours', 'ourselves', 'you', 'your', 'yours', 'yourself', 'yourselves', 'he',
  'him', 'his', 'himself', 'she', 'her', 'hers', 'herself', 'it', 'its', 'itself', 'they', 'them', 'their', 'theirs',
  'themselves', 'what', 'which', 'who', 'whom', 'this', 'that', 'these', 'those', 'am', 'is', 'are', 'was', 'were', 'be',
  'been', 'being', 'have', 'has', 'had', 'having', 'do', 'does', 'did', 'doing', 'a', 'an', 'the', 'and', 'but', 'if',
  'or', 'because', 'as', 'until', 'while', 'of', 'at', 'by', 'for', 'with', 'about', 'against', 'between', 'into',
  'through', 'during', 'before', 'after', 'above', 'below', 'to', 'from', 'up', 'down', 'in', 'out', 'on', 'off', 'over',
  'under', 'again', 'further', 'then', 'once', 'here', 'there', 'when', 'where', 'why', 'how', 'all', 'any', 'both',
  'each', 'few', 'more', 'most', 'other', 'some', 'such', 'no', 'nor', 'not', 'only', 'own', 'same', 'so', 'than', 'too',
  'very', 's', 't', 'can', 'will', 'just', 'don', 'should', 'now',
]);

/**
 * Phrases whose taxonomy groups name families that are not what a buyer means by them: the
 * shared taxonomy files LC-MS and GC-MS under chromatography, but a buyer asking for an LC-MS
 * wants a mass spectrometer, not an HPLC. The phrase's concept names only these families.
 */
export const PHRASE_FAMILIES: Readonly<Record<string, readonly string[]>> = {
  'lc-ms': ['mass-spectrometry'],
  lcms: ['mass-spectrometry'],
  'lc ms': ['mass-spectrometry'],
  'lc/ms': ['mass-spectrometry'],
  'lc-ms/ms': ['mass-spectrometry'],
  'liquid chromatography mass spectrometry': ['mass-spectrometry'],
  'gc-ms': ['mass-spectrometry', 'chromatography'],
  gcms: ['mass-spectrometry', 'chromatography'],
};

/** Words that introduce a country ('in Germany', 'ships from the UK'). */
export const COUNTRY_LEAD_WORDS: ReadonlySet<string> = new Set(['in', 'from', 'within', 'inside']);

/**
 * Country names that are also ordinary words or brands in this domain; they count as a
 * country only after 'in' or 'from' ('in Chad', not 'Turkey baster').
 */
export const AMBIGUOUS_COUNTRY_WORDS: ReadonlySet<string> = new Set([
  'chad', 'turkey', 'jersey', 'georgia', 'guinea', 'jordan', 'niger', 'china', 'japan', 'canada', 'israel', 'panama',
  'mali', 'oman', 'peru', 'cuba', 'togo', 'wales', 'england', 'america', 'holland', 'korea', 'congo',
]);

/** Short country forms buyers write without a lead word ('UK', 'USA'). */
export const SAFE_COUNTRY_SHORT_FORMS: ReadonlySet<string> = new Set(['uk', 'usa', 'uae', 'u s a', 'u k']);

/** Price phrase words (see query-understanding.ts for the patterns that use them). */
export const PRICE_WORDS = {
  max: ['under', 'below', 'less than', 'cheaper than', 'lower than', 'max', 'maximum', 'up to', 'at most', 'no more than', 'not more than', 'within', 'budget', 'budget of', 'budget is', 'below or equal', 'less then', 'under than', 'upto', 'till', '<', '<=', '≤'],
  min: ['over', 'above', 'more than', 'at least', 'min', 'minimum', 'starting at', 'starting from', 'greater than', 'higher than', 'no less than', 'not less than', '>', '>=', '≥'],
  around: ['around', 'about', 'approximately', 'approx', 'roughly', 'near', 'circa', '~'],
} as const;
