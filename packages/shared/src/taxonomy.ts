/**
 * The equipment taxonomy, kept as data: families of lab and medical equipment with the
 * words, model lines and brands that identify them. Used to categorise listings
 * (`categorize`), to expand search queries (`SYNONYM_GROUPS`, `synonymsOf`) and to check
 * that a listing's price is plausible (`typicalPriceRange`).
 *
 * Matching is on normalised text (see `normalizeForMatch`): lower case, accents and
 * punctuation removed, simple plurals folded, so 'UV-Vis', 'uv vis' and 'UV/VIS' are one
 * phrase and '-80°C' reads '80 c'. Bare model numbers and common English words are avoided
 * as keywords (they are paired with a brand or a product word instead), because a keyword
 * hit anywhere in a description counts.
 */

import { CATEGORY_NAMES } from './category-names.js';

export interface EquipmentFamily {
  /** Stable kebab-case id, stored as a listing's category. */
  id: string;
  /** Display name. */
  name: string;
  /** Words, phrases and model lines that point to this family. */
  keywords: readonly string[];
  /** Groups of interchangeable phrases (for query expansion); also used as keywords. */
  synonyms: readonly (readonly string[])[];
  /** Usual price range in USD, from used or refurbished to new. */
  typicalPriceRange: readonly [number, number];
  /** Real manufacturers and brands of this kind of equipment. */
  manufacturers: readonly string[];
}

export const TAXONOMY: readonly EquipmentFamily[] = [
  {
    id: 'centrifuges',
    name: CATEGORY_NAMES['centrifuges'],
    keywords: [
      'centrifuge', 'microcentrifuge', 'ultracentrifuge', 'refrigerated centrifuge',
      'benchtop centrifuge', 'floor centrifuge', 'high speed centrifuge', 'clinical centrifuge',
      'cytocentrifuge', 'cytospin', 'swing bucket rotor', 'swinging bucket rotor', 'fixed angle rotor',
      'centrifuge rotor', 'sorvall', 'sorvall legend', 'sorvall st16', 'sorvall st40', 'sorvall rc 6',
      'sorvall lynx', 'sorvall evolution', 'avanti', 'avanti j-26', 'avanti j-e', 'avanti jxn',
      'allegra', 'allegra x-15r', 'allegra x-30r', 'allegra 6r', 'optima xe', 'optima xpn',
      'optima l-90k', 'optima l-100k', 'optima max', 'optima tlx', 'microfuge', 'multifuge',
      'megafuge', 'heraeus multifuge', 'heraeus megafuge', 'heraeus biofuge', 'biofuge',
      'eppendorf 5424', '5424r', '5430r', '5417r', '5415r', '5415d', '5418r', '5702r', '5804r',
      '5810r', '5910r', '5920r', 'eppendorf 5810', 'eppendorf 5702', 'minispin', 'centrifuge 5424',
      'centrifuge 5810', 'hettich rotina', 'rotina 380', 'rotanta', 'hettich universal 320',
      'mikro 220r', 'sigma 3-16', 'sigma 4-16', 'hermle z 326', 'kubota 5922', 'himac',
      'j6-mi', 'j2-21', 'statspin', 'labnet prism', 'galaxy ministar', 'drucker centrifuge',
    ],
    synonyms: [
      ['microcentrifuge', 'micro centrifuge', 'microfuge', 'mini centrifuge', 'minifuge'],
      ['ultracentrifuge', 'ultra centrifuge', 'ultra-centrifuge'],
      ['refrigerated centrifuge', 'cooled centrifuge', 'chilled centrifuge'],
      ['benchtop centrifuge', 'tabletop centrifuge', 'bench top centrifuge', 'table top centrifuge'],
      ['floor centrifuge', 'floor-standing centrifuge', 'floor model centrifuge'],
    ],
    typicalPriceRange: [300, 60000],
    manufacturers: [
      'Eppendorf', 'Thermo Fisher Scientific', 'Sorvall', 'Heraeus', 'Beckman Coulter', 'Hettich',
      'Sigma Laborzentrifugen', 'Hermle', 'Kubota', 'Hitachi Koki', 'Labnet', 'Drucker Diagnostics',
      'Corning', 'Benchmark Scientific',
    ],
  },
  {
    id: 'microscopes',
    name: CATEGORY_NAMES['microscopes'],
    keywords: [
      'microscope', 'stereo microscope', 'stereomicroscope', 'inverted microscope',
      'upright microscope', 'confocal', 'confocal microscope', 'fluorescence microscope',
      'phase contrast microscope', 'compound microscope', 'dissecting microscope',
      'digital microscope', 'electron microscope', 'scanning electron microscope',
      'transmission electron microscope', 'microscope objective', 'objective lens',
      'microscope camera', 'ckx41', 'ckx53', 'ix51', 'ix71', 'ix73', 'ix81', 'ix83', 'bx41', 'bx43',
      'bx46', 'bx51', 'bx53', 'bx60', 'bx61', 'cx23', 'cx31', 'cx41', 'cx43', 'szx7', 'szx10', 'szx16',
      'sz61', 'fluoview', 'fv1000', 'fv3000', 'nikon eclipse', 'eclipse ti2', 'eclipse ti', 'eclipse te2000',
      'eclipse e200', 'eclipse e600', 'eclipse 80i', 'eclipse 90i', 'eclipse ni', 'nikon a1r', 'smz1500',
      'smz745', 'smz18', 'smz25', 'axio observer', 'axio imager', 'axiovert', 'axioskop', 'axioplan',
      'axio lab', 'axioscope', 'axio zoom', 'zeiss lsm', 'lsm 700', 'lsm 710', 'lsm 780', 'lsm 880',
      'lsm 980', 'primo star', 'primovert', 'stemi', 'leica dm500', 'leica dm750', 'leica dm1000',
      'leica dm2000', 'leica dm2500', 'leica dm4000', 'leica dmi8', 'leica dmil', 'dmi6000', 'leica m80',
      'leica m125', 'leica m165', 'leica m205', 'leica sp5', 'leica sp8', 'leica stellaris', 'stellaris 5',
      'stellaris 8', 'evos', 'evos fl', 'evos m5000', 'evos m7000', 'keyence bz-x', 'bz-x800', 'jeol jsm',
      'jeol jem', 'phenom', 'zeiss evo', 'zeiss sigma sem', 'tecnai', 'talos', 'motic',
    ],
    synonyms: [
      ['stereo microscope', 'stereomicroscope', 'dissecting microscope', 'dissection microscope', 'stereo zoom microscope'],
      ['inverted microscope', 'inverted scope', 'inverted phase contrast microscope'],
      ['confocal microscope', 'confocal', 'laser scanning microscope', 'laser scanning confocal microscope'],
      ['fluorescence microscope', 'fluorescent microscope', 'epifluorescence microscope'],
      ['scanning electron microscope', 'sem'],
      ['transmission electron microscope', 'tem'],
      ['compound microscope', 'light microscope', 'biological microscope', 'upright microscope'],
    ],
    typicalPriceRange: [200, 500000],
    manufacturers: [
      'Olympus', 'Evident', 'Nikon', 'Zeiss', 'Leica', 'Keyence', 'Motic', 'Meiji', 'JEOL', 'Hitachi',
      'Thermo Fisher Scientific', 'FEI', 'Labomed', 'AmScope',
    ],
  },
  {
    id: 'incubators',
    name: CATEGORY_NAMES['incubators'],
    keywords: [
      'incubator', 'co2 incubator', 'cell culture incubator', 'bacteriological incubator',
      'microbiological incubator', 'refrigerated incubator', 'bod incubator', 'low temperature incubator',
      'hypoxia incubator', 'tri-gas incubator', 'anaerobic chamber', 'anaerobic workstation',
      'heracell', 'heracell 150i', 'heracell 240i', 'heracell vios', 'forma',
      'forma series ii', 'forma steri-cycle', 'steri-cycle', 'steri cycle', 'galaxy 170', 'galaxy 170s',
      'galaxy 48', 'new brunswick galaxy', 'mco-170ai', 'mco-19aic', 'mco-230aic', 'mco-18aic',
      'mco-170m', 'incusafe', 'cytomat', 'cellxpert', 'heratherm incubator', 'isotemp incubator',
      'binder cb', 'binder kb', 'binder bd', 'binder bf', 'memmert in', 'memmert icp', 'nuaire autoflow',
      'autoflow', 'percival', 'conviron', 'growth chamber', 'plant growth chamber', 'environmental chamber',
      'stability chamber', 'humidity chamber', 'bactron', 'whitley a35', 'coy anaerobic',
    ],
    synonyms: [
      ['co2 incubator', 'carbon dioxide incubator', 'cell culture incubator', 'tissue culture incubator', 'co2 cell incubator'],
      ['bod incubator', 'low temperature incubator', 'refrigerated incubator', 'cooled incubator'],
      ['anaerobic chamber', 'anaerobic workstation', 'anaerobic glove box'],
      ['environmental chamber', 'climate chamber', 'stability chamber', 'humidity chamber', 'growth chamber'],
      ['microbiological incubator', 'bacteriological incubator', 'lab incubator', 'laboratory incubator'],
    ],
    typicalPriceRange: [500, 30000],
    manufacturers: [
      'Thermo Fisher Scientific', 'PHCbi', 'Panasonic', 'Sanyo', 'Eppendorf', 'New Brunswick', 'Binder',
      'Memmert', 'NuAire', 'Caron', 'Percival', 'Conviron', 'Baker Ruskinn', 'Coy Laboratory Products',
      'Heraeus', 'Sheldon Manufacturing', 'Esco', 'Don Whitley Scientific',
    ],
  },
  {
    id: 'freezers-refrigerators',
    name: CATEGORY_NAMES['freezers-refrigerators'],
    keywords: [
      'freezer', 'ultra low freezer', 'ultra-low temperature freezer', 'ult freezer', 'ult', '80 freezer',
      '80 c freezer', '80c freezer', 'minus 80', '86 c', '86c', '20 c freezer', '30 c freezer',
      '150 c freezer', 'cryogenic freezer', 'liquid nitrogen freezer', 'ln2 freezer', 'liquid nitrogen dewar',
      'dewar', 'cryogenic storage', 'cryostorage', 'lab refrigerator', 'laboratory refrigerator',
      'pharmacy refrigerator', 'vaccine refrigerator', 'blood bank refrigerator', 'plasma freezer',
      'chromatography refrigerator', 'explosion proof refrigerator', 'flammable storage refrigerator',
      'undercounter refrigerator', 'refrigerator', 'fridge', 'herafreeze', 'thermo tsx', 'tsx series',
      'tsx600', 'tsx400', 'revco', 'revco exf', 'revco ultima', 'forma 900', 'forma 88000', 'forma 88300', 'forma 88400',
      'forma 88600', 'forma 8600', 'forma 7000', 'mdf-u76vc', 'mdf-du702vh', 'mdf-u74v', 'mdf-c8v', 'vip series', 'vip plus', 'vip eco',
      'twinguard', 'cryoplus', 'locator plus', 'taylor-wharton', 'chart mve', 'mve', 'helmer', 'so-low',
      'stirling ultracold', 'su780', 'innova u725', 'cryocube', 'arctiko', 'follett', 'accucold',
    ],
    synonyms: [
      ['ultra low freezer', 'ult freezer', '-80 freezer', 'minus 80 freezer', 'ultra-low temperature freezer', '-86 freezer', 'deep freezer'],
      ['lab refrigerator', 'laboratory refrigerator', 'lab fridge', 'laboratory fridge'],
      ['cryogenic freezer', 'liquid nitrogen freezer', 'ln2 freezer', 'cryo freezer', 'cryogenic storage'],
      ['vaccine refrigerator', 'pharmacy refrigerator', 'medical refrigerator', 'pharmaceutical refrigerator'],
      ['blood bank refrigerator', 'blood refrigerator'],
      ['lab freezer', 'laboratory freezer', '-20 freezer', '-30 freezer'],
    ],
    typicalPriceRange: [300, 25000],
    manufacturers: [
      'Thermo Fisher Scientific', 'PHCbi', 'Panasonic', 'Sanyo', 'Eppendorf', 'Stirling Ultracold',
      'Helmer Scientific', 'Haier Biomedical', 'So-Low', 'Arctiko', 'Liebherr', 'Follett', 'Chart MVE',
      'Taylor-Wharton', 'Revco', 'Fisher Scientific', 'Accucold', 'Froilabo',
    ],
  },
  {
    id: 'thermal-cyclers',
    name: CATEGORY_NAMES['thermal-cyclers'],
    keywords: [
      'pcr', 'qpcr', 'rt-pcr', 'real-time pcr', 'real time pcr', 'thermal cycler', 'thermocycler',
      'pcr machine', 'pcr system', 'digital pcr', 'dpcr', 'ddpcr', 'droplet digital pcr', 'quantstudio',
      'quantstudio 3', 'quantstudio 5', 'quantstudio 6', 'quantstudio 7', 'quantstudio 12k', 'quantstudio absolute q',
      'stepone', 'steponeplus', 'step one plus', '7500 fast', '7500 real-time', '7900ht', 'viia 7', 'viia7',
      'veriti', 'proflex', 'simpliamp', 'geneamp', 'geneamp 9700', 'geneamp 2720', 'mastercycler',
      'mastercycler nexus', 'mastercycler pro', 'mastercycler x50', 'realplex', 'cfx96', 'cfx384',
      'cfx opus', 'cfx connect', 'cfx duet', 'c1000 touch', 'c1000', 's1000', 't100', 'mycycler', 'icycler',
      'iq5', 'minione', 'lightcycler', 'lightcycler 480', 'lightcycler 96', 'rotor-gene', 'rotor-gene q',
      'qiaquant', 'mx3005p', 'mx3000p', 'aria mx', 'biometra tone', 'biometra trio', 'tadvanced', 'qx200',
      'qx100', 'qx one', 'qx600', 'ptc-200', 'ptc-100', 'dna engine', 'tetrad 2', 'opticon', 'chromo4',
      'eco real-time', 'smartcycler', 'genexpert', 'cobas z 480', 'techne prime', 'bioer',
    ],
    synonyms: [
      ['pcr machine', 'thermal cycler', 'thermocycler', 'pcr', 'pcr system', 'pcr cycler', 'qpcr', 'real-time pcr'],
      ['qpcr', 'real-time pcr', 'real time pcr', 'rt-pcr', 'quantitative pcr', 'rt-qpcr', 'qpcr system'],
      ['digital pcr', 'dpcr', 'droplet digital pcr', 'ddpcr'],
    ],
    typicalPriceRange: [1000, 90000],
    manufacturers: [
      'Applied Biosystems', 'Thermo Fisher Scientific', 'Bio-Rad', 'Eppendorf', 'Roche', 'Qiagen',
      'Agilent', 'Analytik Jena', 'Biometra', 'Cepheid', 'MJ Research', 'Stratagene', 'Techne', 'Bioer',
    ],
  },
  {
    id: 'chromatography',
    name: CATEGORY_NAMES['chromatography'],
    keywords: [
      'hplc', 'uhplc', 'uplc', 'fplc', 'gas chromatograph', 'gas chromatography', 'liquid chromatography',
      'liquid chromatograph', 'hplc system', 'lc system', 'chromatography', 'chromatograph',
      'ion chromatography', 'ion chromatograph', 'preparative hplc', 'prep hplc', 'flash chromatography',
      'hplc pump', 'quaternary pump', 'binary pump', 'isocratic pump', 'hplc autosampler', 'gc autosampler',
      'column oven', 'column compartment', 'hplc column', 'gc column', 'uv detector', 'diode array detector',
      'refractive index detector', 'ri detector', 'fluorescence detector', 'elsd', 'gpc', 'size exclusion',
      'acquity', 'acquity uplc', 'acquity h-class', 'acquity i-class', 'alliance', 'alliance e2695',
      'waters e2695', 'waters 2695', 'waters 2690', 'waters 2489', 'waters 2998', 'breeze 2', 'agilent 1100',
      'agilent 1200', 'agilent 1260', 'agilent 1290', '1260 infinity', '1290 infinity', 'infinity ii',
      'agilent 7890', '7890a', '7890b', 'agilent 8890', 'agilent 6890', '6890n', 'agilent 7820', 'agilent 8860',
      'agilent 7693', 'vanquish', 'ultimate 3000', 'dionex', 'ics-5000', 'ics-6000', 'ics-2100', 'ics-1100',
      'nexera', 'prominence', 'lc-20ad', 'lc-2030', 'lc-2040', 'gc-2010', 'gc-2014', 'gc-2030', 'nexis gc-2030',
      'akta', 'akta pure', 'akta start', 'akta avant', 'akta explorer', 'akta prime', 'akta purifier',
      'ngc chromatography', 'biologic duoflow', 'combiflash', 'isolera', 'biotage selekt', 'trace 1300',
      'trace 1310', 'trace gc', 'focus gc', 'perkinelmer clarus', 'clarus 580', 'clarus 590', 'clarus 680',
      'clarus 690', 'flexar', 'chromaster', 'lachrom', 'headspace sampler', 'headspace autosampler',
      'purge and trap', 'gc-ms', 'gcms', 'lc-ms', 'lcms', 'gc-fid', 'flame ionization detector', 'pal autosampler',
    ],
    synonyms: [
      ['hplc', 'high performance liquid chromatography', 'high pressure liquid chromatography', 'liquid chromatograph', 'lc system', 'hplc system'],
      ['uhplc', 'uplc', 'ultra high performance liquid chromatography', 'ultra performance liquid chromatography'],
      ['fplc', 'fast protein liquid chromatography', 'protein purification system', 'akta'],
      ['gc', 'gas chromatograph', 'gas chromatography', 'gc system'],
      ['gc-ms', 'gcms', 'gas chromatography mass spectrometry', 'gc/ms'],
      ['lc-ms', 'lcms', 'liquid chromatography mass spectrometry', 'lc/ms'],
      ['ion chromatography', 'ion chromatograph', 'ic system'],
      ['flash chromatography', 'flash purification system', 'flash chromatograph'],
      ['diode array detector', 'dad', 'pda detector', 'photodiode array detector'],
    ],
    typicalPriceRange: [1000, 150000],
    manufacturers: [
      'Agilent', 'Waters', 'Thermo Fisher Scientific', 'Dionex', 'Shimadzu', 'PerkinElmer', 'Cytiva',
      'GE Healthcare', 'Bio-Rad', 'Teledyne ISCO', 'Biotage', 'Hitachi', 'JASCO', 'Gilson', 'Knauer',
      'Metrohm', 'CTC Analytics',
    ],
  },
  {
    id: 'mass-spectrometry',
    name: CATEGORY_NAMES['mass-spectrometry'],
    keywords: [
      'mass spectrometer', 'mass spec', 'mass spectrometry', 'tandem mass spectrometer', 'triple quad',
      'triple quadrupole', 'single quad', 'single quadrupole', 'qqq', 'qtof', 'q-tof', 'time of flight',
      'maldi', 'maldi-tof', 'orbitrap', 'q exactive', 'q exactive plus', 'q exactive hf', 'orbitrap exploris',
      'exploris 480', 'orbitrap fusion', 'fusion lumos', 'orbitrap eclipse', 'ltq', 'ltq orbitrap', 'ltq velos',
      'ltq xl', 'tsq', 'tsq quantum', 'tsq altis', 'tsq quantiva', 'tsq endura', 'tsq 8000', 'ion trap',
      'icp-ms', 'icpms', 'msd', 'mass selective detector', '5975c', '5977a', '5977b', '5973n', '5975 msd',
      '5977 msd', 'agilent 6460', 'agilent 6470', 'agilent 6495', 'agilent 6545', 'agilent 6546',
      'agilent 6230', 'agilent 7700', 'agilent 7800', 'agilent 7900', 'qtrap', 'qtrap 4500', 'qtrap 5500',
      'qtrap 6500', 'api 3200', 'api 4000', 'api 5000', 'sciex 5500', 'sciex 6500', 'sciex 7500',
      'triple tof', 'tripletof', 'zenotof', 'xevo', 'xevo tq-s', 'xevo tq-xs', 'xevo g2-xs', 'synapt',
      'synapt g2', 'quattro micro', 'quattro premier', 'micromass', 'lcms-8030', 'lcms-8040', 'lcms-8050',
      'lcms-8060', 'gcms-qp2010', 'qp2010', 'qp2020', 'timstof', 'autoflex', 'ultraflex', 'microflex',
      'maldi biotyper', 'isq', 'itq', 'icap rq', 'icap tq', 'nexion', 'residual gas analyzer',
    ],
    synonyms: [
      ['mass spectrometer', 'mass spec', 'mass spectrometry', 'ms system'],
      ['triple quadrupole', 'triple quad', 'qqq', 'tandem quadrupole', 'lc-ms/ms'],
      ['q-tof', 'qtof', 'quadrupole time of flight', 'time of flight mass spectrometer', 'tof ms'],
      ['maldi-tof', 'maldi tof', 'maldi', 'maldi mass spectrometer'],
      ['icp-ms', 'icpms', 'inductively coupled plasma mass spectrometer'],
      ['msd', 'mass selective detector'],
    ],
    typicalPriceRange: [5000, 1000000],
    manufacturers: [
      'Agilent', 'Thermo Fisher Scientific', 'Waters', 'SCIEX', 'AB Sciex', 'Applied Biosystems', 'Bruker',
      'Shimadzu', 'PerkinElmer', 'Micromass', 'JEOL', 'Hiden Analytical',
    ],
  },
  {
    id: 'spectrophotometers',
    name: CATEGORY_NAMES['spectrophotometers'],
    keywords: [
      'spectrophotometer', 'spectrometer', 'uv-vis', 'uv-visible', 'visible spectrophotometer', 'nanodrop',
      'nanodrop one', 'nanodrop onec', 'nanodrop 1000', 'nanodrop 2000', 'nanodrop 2000c', 'nanodrop 8000',
      'nanophotometer', 'denovix ds-11', 'qubit', 'qubit 4', 'qubit 3', 'fluorometer', 'spectrofluorometer',
      'fluorimeter', 'plate reader', 'microplate reader', 'multimode reader', 'multi-mode reader',
      'elisa reader', 'absorbance reader', 'luminometer', 'spectramax', 'spectramax m5', 'spectramax m2',
      'spectramax i3x', 'spectramax plus 384', 'spectramax id5', 'flexstation', 'spectramax gemini',
      'synergy h1', 'synergy ht', 'synergy 2', 'synergy neo', 'synergy htx', 'synergy lx', 'synergy mx',
      'biotek epoch', 'epoch 2', 'cytation', 'cytation 5', 'envision multilabel', 'victor x3', 'victor3',
      'victor nivo', 'wallac victor', 'infinite m200', 'infinite 200 pro', 'infinite m1000', 'tecan spark',
      'tecan sunrise', 'safire', 'clariostar', 'fluostar', 'pherastar', 'polarstar', 'varioskan', 'multiskan',
      'multiskan go', 'multiskan sky', 'genesys 10s', 'genesys 20', 'genesys 30', 'genesys 150',
      'evolution 201', 'evolution 220', 'evolution 300', 'cary 60', 'cary 100', 'cary 300', 'cary 3500',
      'cary 5000', 'cary eclipse', 'lambda 25', 'lambda 35', 'lambda 365', 'lambda 950', 'uv-1800',
      'uv-1900', 'uv-2600', 'uv-2700', 'uv-3600', 'du 730', 'du 800', 'biophotometer', 'biospectrometer',
      'smartspec', 'ultrospec', 'novaspec', 'cuvette', 'ftir', 'ft-ir', 'infrared spectrometer', 'nicolet',
      'nicolet is5', 'nicolet is10', 'nicolet is50', 'spectrum two', 'bruker alpha', 'bruker tensor',
      'raman spectrometer', 'raman microscope', 'atomic absorption', 'atomic absorption spectrometer',
      'icp-oes', 'icp oes', 'optima 8300', 'optima 7300', 'avio 500', 'agilent 5110', 'agilent 5800',
      'icap 7400', 'icap pro', 'fluorolog', 'fluoromax', 'colorimeter',
    ],
    synonyms: [
      ['uv-vis spectrophotometer', 'uv vis spectrophotometer', 'uv-visible spectrophotometer', 'uv/vis spectrophotometer', 'spectrophotometer'],
      ['nanodrop', 'microvolume spectrophotometer', 'micro-volume spectrophotometer', 'nanophotometer'],
      ['plate reader', 'microplate reader', 'elisa reader', 'multimode reader', 'multi-mode plate reader', 'microplate spectrophotometer'],
      ['fluorometer', 'fluorimeter', 'spectrofluorometer', 'fluorescence spectrometer'],
      ['ftir', 'ft-ir', 'fourier transform infrared spectrometer', 'infrared spectrometer', 'ir spectrometer'],
      ['atomic absorption', 'aas', 'atomic absorption spectrometer', 'aa spectrometer'],
      ['icp-oes', 'icp oes', 'icp optical emission spectrometer', 'icp-aes'],
    ],
    typicalPriceRange: [500, 150000],
    manufacturers: [
      'Thermo Fisher Scientific', 'Agilent', 'Shimadzu', 'PerkinElmer', 'Molecular Devices', 'BioTek',
      'Tecan', 'BMG Labtech', 'Beckman Coulter', 'Implen', 'DeNovix', 'Eppendorf', 'Hitachi', 'JASCO',
      'Bruker', 'Horiba', 'Biochrom', 'Varian', 'Hach',
    ],
  },
  {
    id: 'biosafety-cabinets',
    name: CATEGORY_NAMES['biosafety-cabinets'],
    keywords: [
      'biosafety cabinet', 'biological safety cabinet', 'bsc', 'class ii a2', 'class ii type a2',
      'class ii b2', 'class ii biosafety', 'type a2', 'a2 cabinet', 'b2 cabinet', 'laminar flow',
      'laminar flow hood', 'laminar flow cabinet', 'laminar airflow', 'clean bench', 'flow hood',
      'tissue culture hood', 'cell culture hood', 'fume hood', 'fume cupboard', 'chemical fume hood',
      'ductless fume hood', 'pcr workstation', 'pcr hood', 'pcr cabinet', 'glove box', 'glovebox',
      'isolator', 'compounding aseptic isolator', 'cytotoxic cabinet', 'powder weighing hood',
      'balance enclosure', 'purifier logic', 'logic+', 'labconco purifier', 'labconco protector',
      'airstream', 'labculture', 'streamline', '1300 series a2', '1300 series b2', 'thermo 1300 series',
      'msc-advantage', 'herasafe', 'maxisafe', 'nu-425', 'nu-540', 'nu-543', 'nu-602', 'labgard',
      'sterilgard', 'sterilgard e3', 'sterilgard iii', 'bioprotect', 'safe 2020', 'vertical laminar flow',
      'horizontal laminar flow', 'hood',
    ],
    synonyms: [
      ['biosafety cabinet', 'biological safety cabinet', 'bsc', 'biosafety hood', 'bio safety cabinet', 'tissue culture hood', 'cell culture hood', 'class ii cabinet'],
      ['laminar flow hood', 'laminar flow cabinet', 'laminar flow bench', 'clean bench', 'flow hood', 'laminar airflow cabinet'],
      ['fume hood', 'fume cupboard', 'chemical fume hood', 'exhaust hood', 'ductless fume hood'],
      ['pcr workstation', 'pcr hood', 'pcr cabinet', 'dead air box'],
      ['glove box', 'glovebox', 'isolator'],
    ],
    typicalPriceRange: [800, 25000],
    manufacturers: [
      'Labconco', 'NuAire', 'Thermo Fisher Scientific', 'Esco', 'The Baker Company', 'Kewaunee',
      'Air Science', 'Erlab', 'Telstar', 'Berner', 'Heal Force', 'AirClean Systems', 'Germfree',
      'Mystaire', 'Fisher Hamilton',
    ],
  },
  {
    id: 'autoclaves-sterilizers',
    name: CATEGORY_NAMES['autoclaves-sterilizers'],
    keywords: [
      'autoclave', 'steam sterilizer', 'sterilizer', 'steriliser', 'benchtop autoclave', 'tabletop autoclave',
      'vertical autoclave', 'horizontal autoclave', 'pass-through autoclave', 'pass through autoclave',
      'laboratory autoclave', 'eto sterilizer', 'ethylene oxide sterilizer', 'eo sterilizer',
      'hydrogen peroxide sterilizer', 'plasma sterilizer', 'low temperature sterilizer', 'dry heat sterilizer',
      'sterrad', 'sterrad 100s', 'sterrad nx', 'sterrad 100nx', 'v-pro', 'v-pro max', 'amsco', 'amsco century',
      'amsco evolution', 'amsco 3000', 'amsco eagle', 'eagle 3000', 'steri-vac', 'getinge hs33',
      'getinge hs66', 'getinge gss', 'tuttnauer 2540', '2540e', '2540ea', '2540m', '3870ea', '3870elv',
      '3850elv', 'tuttnauer 3870', 'tuttnauer 5075', 'elara 11', 'tuttnauer ez9', 'tuttnauer ez10',
      'tuttnauer ez11', 'valueklave', 'midmark m11', 'midmark m9', 'ultraclave', 'm11 ultraclave',
      'm9 ultraclave', 'ritter m11', 'statim', 'statim 2000', 'statim 5000', 'melag', 'vacuklav',
      'lisa 500', 'w and h lisa', 'systec', 'priorclave', 'consolidated sterilizer', 'market forge',
      'sterilmatic', 'astell', 'hirayama', 'hiclave', 'yamato sq',
    ],
    synonyms: [
      ['autoclave', 'steam sterilizer', 'steam autoclave', 'sterilizer', 'autoclave sterilizer', 'steriliser'],
      ['benchtop autoclave', 'tabletop autoclave', 'table top autoclave', 'countertop autoclave', 'bench top autoclave'],
      ['eto sterilizer', 'ethylene oxide sterilizer', 'eo sterilizer', 'gas sterilizer'],
      ['hydrogen peroxide sterilizer', 'plasma sterilizer', 'vaporized hydrogen peroxide sterilizer', 'low temperature sterilizer'],
    ],
    typicalPriceRange: [1000, 150000],
    manufacturers: [
      'Tuttnauer', 'Getinge', 'Steris', 'Midmark', 'SciCan', 'Systec', 'Priorclave',
      'Consolidated Stills and Sterilizers', 'Market Forge', 'Astell', 'Yamato', 'Hirayama', 'W&H', 'Melag',
      'Advanced Sterilization Products', 'Belimed', 'Matachana', '3M',
    ],
  },
  {
    id: 'patient-monitors',
    name: CATEGORY_NAMES['patient-monitors'],
    keywords: [
      'patient monitor', 'vital signs monitor', 'vital signs', 'multiparameter monitor',
      'multi-parameter monitor', 'bedside monitor', 'cardiac monitor', 'central station',
      'central monitoring', 'telemetry', 'pulse oximeter', 'oximeter', 'spo2', 'nibp', 'capnograph',
      'capnography', 'etco2', 'fetal monitor', 'maternal fetal monitor', 'cardiotocograph', 'intellivue',
      'intellivue mx450', 'intellivue mx500', 'intellivue mx700', 'intellivue mx800', 'intellivue mp2',
      'intellivue mp5', 'intellivue mp30', 'intellivue mp50', 'intellivue mp70', 'intellivue x2', 'intellivue x3',
      'mx450', 'mx550', 'mx750', 'suresigns', 'suresigns vs4', 'suresigns vm6', 'expression mr400', 'efficia',
      'carescape', 'carescape b450', 'carescape b650', 'carescape b850', 'carescape v100', 'dash 3000',
      'dash 4000', 'dash 5000', 'solar 8000', 'ge b40', 'ge b105', 'ge b125', 'ge b155', 'passport 2',
      'passport 12', 'passport 12m', 'beneview', 'beneview t5', 'beneview t8', 'epm 10', 'epm 12', 'epm 15',
      'mindray vs-900', 'mindray ipm', 'connex', 'connex vsm', 'connex spot', 'spot vital signs', 'propaq',
      'propaq md', 'propaq cs', 'xprezzon', 'spacelabs', 'infinity delta', 'infinity kappa', 'delta xl',
      'drager m540', 'life scope', 'bsm-3562', 'bsm-6701', 'nellcor n-595', 'nellcor n-600x', 'radical-7',
      'rad-97', 'masimo root', 'corometrics', 'corometrics 250', 'avalon fm20', 'avalon fm30', 'avalon fm50',
    ],
    synonyms: [
      ['patient monitor', 'vital signs monitor', 'bedside monitor', 'multiparameter monitor', 'multi-parameter monitor', 'physiological monitor', 'vitals monitor'],
      ['pulse oximeter', 'oximeter', 'spo2 monitor', 'pulse ox'],
      ['capnograph', 'capnography monitor', 'etco2 monitor', 'co2 monitor'],
      ['fetal monitor', 'maternal fetal monitor', 'cardiotocograph', 'ctg machine', 'fetal heart monitor'],
      ['central station', 'central monitoring station', 'central monitoring system'],
    ],
    typicalPriceRange: [200, 20000],
    manufacturers: [
      'Philips', 'GE Healthcare', 'Mindray', 'Welch Allyn', 'Hillrom', 'Baxter', 'Spacelabs', 'Dräger',
      'Nihon Kohden', 'Masimo', 'Nellcor', 'Medtronic', 'Datascope', 'Edan', 'Criticare', 'Zoll', 'Schiller',
    ],
  },
  {
    id: 'ultrasound',
    name: CATEGORY_NAMES['ultrasound'],
    keywords: [
      'ultrasound', 'ultrasound machine', 'ultrasound system', 'sonography', 'sonogram', 'doppler',
      'echocardiography', 'echo machine', 'cardiac ultrasound', 'portable ultrasound',
      'point of care ultrasound', 'pocus', 'ultrasound probe', 'ultrasound transducer', 'convex probe',
      'linear probe', 'phased array probe', 'transvaginal probe', 'tee probe', 'logiq', 'logiq e9',
      'logiq e10', 'logiq s8', 'logiq p9', 'logiq e', 'vivid e9', 'vivid e95', 'vivid iq', 'vivid s6', 'vivid s70',
      'vivid t8', 'vivid q', 'voluson', 'voluson e8', 'voluson e10', 'voluson s10', 'venue 40', 'venue go',
      'vscan', 'epiq', 'epiq 7', 'epiq elite', 'affiniti', 'affiniti 70', 'affiniti 50', 'iu22', 'ie33', 'hd11',
      'hd15', 'cx50', 'clearvue', 'lumify', 'sparq', 'acuson', 'acuson s2000', 'acuson sequoia',
      'acuson juniper', 'acuson x300', 'acuson nx3', 'aplio', 'aplio i800', 'aplio 500', 'xario', 'viamo',
      'arietta', 'noblus', 'sonosite', 'sonosite edge', 'm-turbo', 's-nerve', 'x-porte', 'sonosite px',
      'butterfly iq', 'resona 7', 'mindray dc-70', 'mindray dc-80', 'mindray m9', 'mindray te7', 'mindray z60',
      'hs70a', 'ws80a', 'rs80a', 'hs40', 'accuvix', 'ugeo', 'mylab', 'mylab seven', 'mylab x8',
      'bk medical', 'flex focus', 'bladder scanner', 'bladderscan', 'bvi 9400',
    ],
    synonyms: [
      ['ultrasound', 'ultrasound machine', 'ultrasound system', 'sonography machine', 'ultrasound scanner', 'ultrasonography'],
      ['echocardiography', 'echo machine', 'cardiac ultrasound', 'echocardiogram machine'],
      ['portable ultrasound', 'point of care ultrasound', 'pocus', 'handheld ultrasound'],
      ['ultrasound probe', 'ultrasound transducer', 'transducer'],
      ['bladder scanner', 'bladderscan', 'bladder ultrasound'],
    ],
    typicalPriceRange: [1000, 200000],
    manufacturers: [
      'GE Healthcare', 'Philips', 'Siemens Healthineers', 'Canon Medical', 'Toshiba', 'Hitachi Aloka',
      'Fujifilm Sonosite', 'Samsung Medison', 'Mindray', 'Esaote', 'BK Medical', 'Butterfly Network',
      'Verathon', 'Chison', 'SonoScape',
    ],
  },
  {
    id: 'infusion-pumps',
    name: CATEGORY_NAMES['infusion-pumps'],
    keywords: [
      'infusion pump', 'syringe pump', 'volumetric pump', 'volumetric infusion pump', 'large volume pump',
      'lvp', 'pca pump', 'patient controlled analgesia', 'enteral pump', 'feeding pump', 'enteral feeding pump',
      'ambulatory pump', 'ambulatory infusion pump', 'insulin pump', 'infusion system', 'alaris',
      'alaris 8100', 'alaris 8015', 'alaris pc', 'alaris medley', 'medley 8000', '8100 pump module',
      '8015 pc unit', 'sigma spectrum', 'spectrum iq', 'baxter spectrum', 'baxter colleague', 'colleague 3',
      'colleague cx', 'flo-gard', 'plum a+', 'plum 360', 'plum a', 'lifecare', 'gemstar', 'symbiq',
      'infusomat', 'infusomat space', 'perfusor', 'perfusor space', 'space pump', 'medfusion',
      'medfusion 3500', 'medfusion 4000', 'cadd', 'cadd prizm', 'cadd solis', 'cadd legacy', 'kangaroo joey',
      'kangaroo epump', 'kangaroo 924', 'freego', 'curlin', 'bodyguard 323', 'agilia', 'volumat',
      'outlook 400', 'outlook 100', 'harvard apparatus', 'pump 11 elite', 'phd ultra', 'kd scientific',
      'legato 100', 'legato 200', 'new era pump', 'ne-1000', 'ne-300', 'chemyx', 'fusion 100', 'fusion 200',
    ],
    synonyms: [
      ['infusion pump', 'iv pump', 'drip pump', 'volumetric pump', 'large volume pump', 'iv infusion pump'],
      ['syringe pump', 'syringe driver', 'syringe infusion pump'],
      ['pca pump', 'patient controlled analgesia pump', 'pain pump'],
      ['enteral pump', 'feeding pump', 'enteral feeding pump', 'tube feeding pump'],
      ['ambulatory pump', 'ambulatory infusion pump', 'portable infusion pump'],
    ],
    typicalPriceRange: [100, 8000],
    manufacturers: [
      'BD', 'Becton Dickinson', 'CareFusion', 'Baxter', 'ICU Medical', 'Hospira', 'B. Braun', 'Fresenius Kabi',
      'Smiths Medical', 'Moog', 'Cardinal Health', 'Medtronic', 'Harvard Apparatus', 'KD Scientific',
      'New Era Pump Systems', 'Chemyx', 'Zyno Medical', 'Mindray',
    ],
  },
  {
    id: 'medical-imaging',
    name: CATEGORY_NAMES['medical-imaging'],
    keywords: [
      'x-ray', 'xray', 'radiography', 'digital radiography', 'dr panel', 'dr detector', 'flat panel detector',
      'cr reader', 'computed radiography', 'c-arm', 'mini c-arm', 'fluoroscopy', 'fluoroscope',
      'portable x-ray', 'mobile x-ray', 'ct scanner', 'ct system', 'computed tomography', 'cat scan', 'mri',
      'magnetic resonance', 'mri scanner', 'mammography', 'mammogram', 'tomosynthesis', 'bone densitometer',
      'dexa', 'dxa', 'pet/ct', 'pet-ct', 'spect', 'gamma camera', 'nuclear medicine', 'cath lab',
      'angiography', 'interventional radiology', 'x-ray tube', 'x-ray generator', 'radiographic table',
      'bucky', 'oec 9800', 'oec 9900', 'oec elite', 'ziehm', 'ziehm vision', 'arcadis', 'cios alpha',
      'cios spin', 'siremobil', 'brightspeed', 'lightspeed', 'optima ct', 'revolution ct', 'discovery ct750',
      'somatom', 'somatom definition', 'somatom emotion', 'somatom sensation', 'somatom go', 'ingenuity ct',
      'brilliance ct', 'brilliance 64', 'incisive ct', 'aquilion', 'aquilion one', 'activion', 'signa',
      'signa hdxt', 'signa explorer', 'signa creator', 'magnetom', 'magnetom aera', 'magnetom skyra',
      'magnetom avanto', 'magnetom espree', 'achieva', 'ingenia', 'vantage titan', 'vantage galan', 'selenia',
      'selenia dimensions', '3dimensions', 'senographe', 'mammomat', 'lorad', 'hologic horizon', 'discovery dxa',
      'lunar prodigy', 'lunar idxa', 'ge lunar', 'drx-revolution', 'drx-1', 'amx 4', 'amx-4', 'optima xr220',
      'optima xr240', 'definium', 'proteus xr', 'multix', 'mobilett', 'ysio', 'digitaldiagnost', 'allura',
      'allura xper', 'innova igs', 'artis zee', 'artis q', 'azurion',
    ],
    synonyms: [
      ['x-ray', 'x ray', 'xray', 'radiography', 'radiographic system', 'x-ray machine'],
      ['c-arm', 'c arm', 'mobile c-arm', 'fluoroscopy', 'fluoroscopy c-arm', 'mini c-arm'],
      ['ct scanner', 'ct', 'computed tomography', 'cat scanner', 'cat scan', 'ct system'],
      ['mri', 'mri scanner', 'magnetic resonance imaging', 'mr scanner', 'mr system'],
      ['mammography', 'mammogram', 'mammography system', 'mammo unit'],
      ['bone densitometer', 'dexa', 'dxa', 'bone density scanner', 'dexa scanner'],
      ['dr panel', 'dr detector', 'flat panel detector', 'digital x-ray detector'],
      ['cr reader', 'computed radiography', 'cr system'],
      ['pet/ct', 'pet ct', 'pet-ct scanner'],
    ],
    typicalPriceRange: [2000, 2000000],
    manufacturers: [
      'GE Healthcare', 'Siemens Healthineers', 'Philips', 'Canon Medical', 'Toshiba', 'Hitachi', 'Hologic',
      'Fujifilm', 'Carestream', 'Agfa', 'Shimadzu', 'Ziehm', 'OEC', 'Konica Minolta', 'Samsung',
      'United Imaging', 'Varex', 'Esaote',
    ],
  },
  {
    id: 'defibrillators-ecg',
    name: CATEGORY_NAMES['defibrillators-ecg'],
    keywords: [
      'defibrillator', 'aed', 'automated external defibrillator', 'defib', 'monitor defibrillator',
      'manual defibrillator', 'ecg', 'ekg', 'electrocardiograph', 'ecg machine', 'ekg machine', '12 lead',
      '12-lead ecg', 'holter', 'holter monitor', 'stress test system', 'cardiac stress test', 'treadmill stress',
      'event monitor', 'lifepak', 'lifepak 12', 'lifepak 15', 'lifepak 20', 'lifepak 20e', 'lifepak 1000',
      'lifepak cr plus', 'lifepak cr2', 'zoll m series', 'zoll r series', 'zoll x series', 'zoll e series',
      'aed plus', 'aed pro', 'aed 3', 'heartstart', 'heartstart mrx', 'heartstart xl', 'heartstart frx',
      'heartstart onsite', 'heartstart fr3', 'heartstart xl+', 'powerheart', 'powerheart g3', 'powerheart g5',
      'heartsine', 'samaritan pad', 'samaritan 350p', 'samaritan 500p', 'defigard', 'benehart', 'cardioserv',
      'mac 5500', 'mac 1200', 'mac 1600', 'mac 2000', 'mac 5000', 'mac 600', 'mac 800', 'mac vu360',
      'pagewriter', 'pagewriter tc30', 'pagewriter tc50', 'pagewriter tc70', 'cardiosoft', 'case 8000',
      'case stress', 'quinton', 'q-stress', 'burdick', 'eli 150', 'eli 250', 'eli 280', 'eli 350', 'mortara',
      'cardiovit', 'cardiovit at-102', 'schiller at-10', 'cardiofax', 'ecg-1250', 'ecg-1350', 'seer 1000',
    ],
    synonyms: [
      ['defibrillator', 'defib', 'defibrillator monitor', 'monitor/defibrillator'],
      ['aed', 'automated external defibrillator', 'automatic external defibrillator', 'public access defibrillator'],
      ['ecg', 'ekg', 'electrocardiograph', 'ecg machine', 'ekg machine', 'electrocardiogram machine', '12 lead ecg', '12-lead ekg'],
      ['holter', 'holter monitor', 'holter recorder', 'ambulatory ecg'],
      ['stress test system', 'cardiac stress test', 'treadmill stress system', 'exercise ecg'],
    ],
    typicalPriceRange: [200, 30000],
    manufacturers: [
      'Physio-Control', 'Stryker', 'Zoll', 'Philips', 'Cardiac Science', 'HeartSine', 'Mindray', 'Schiller',
      'Nihon Kohden', 'GE Healthcare', 'Welch Allyn', 'Burdick', 'Mortara', 'Hillrom', 'Baxter', 'Edan',
      'Fukuda Denshi',
    ],
  },
  {
    id: 'ventilators-anesthesia',
    name: CATEGORY_NAMES['ventilators-anesthesia'],
    keywords: [
      'ventilator', 'mechanical ventilator', 'icu ventilator', 'transport ventilator', 'portable ventilator',
      'mechanical ventilation', 'noninvasive ventilation', 'non-invasive ventilation', 'cpap', 'bipap',
      'bilevel', 'high flow nasal cannula', 'high flow oxygen', 'anesthesia machine', 'anaesthesia machine',
      'anesthesia workstation', 'anesthesia system', 'vaporizer', 'sevoflurane vaporizer',
      'isoflurane vaporizer', 'desflurane vaporizer', 'tec 7', 'tec 6', 'tec 5', 'd-vapor', 'vapor 2000',
      'vapor 3000', 'oxygen concentrator', 'puritan bennett', 'pb 840', 'pb 980', 'pb840', 'pb980',
      'servo-i', 'servo-u', 'servo-s', 'servo-air', 'evita', 'evita xl', 'evita v500', 'evita infinity v500',
      'savina', 'savina 300', 'oxylog', 'oxylog 3000', 'babylog', 'avea', 'vela ventilator', 'ltv 1200',
      'ltv 1150', 'ltv 950', 'trilogy 100', 'trilogy 202', 'trilogy evo', 'respironics v60', 'v60 ventilator',
      'v680', 'esprit ventilator', 'bellavista', 'hamilton c1', 'hamilton c3', 'hamilton c6', 'hamilton g5',
      'hamilton t1', 'hamilton galileo', 'hamilton raphael', 'newport ht70', 'newport e360', 'vivo 50',
      'astral 150', 'stellar 150', 'airvo', 'airvo 2', 'optiflow', 'aisys', 'aisys cs2', 'aespire',
      'aespire 7900', 'avance cs2', 'ge avance', 'excel 210', 'aestiva', 'aestiva 5', 'fabius', 'fabius gs',
      'fabius plus', 'fabius tiro', 'drager apollo', 'drager primus', 'perseus a500', 'drager atlan',
      'narkomed', 'narkomed 2b', 'narkomed 6000', 'wato ex-65', 'mindray a7', 'maquet flow-i', 'flow-c',
      'datex-ohmeda', 'ohmeda', 'everflo', 'perfecto2', 'simplygo', 'inogen one',
    ],
    synonyms: [
      ['ventilator', 'mechanical ventilator', 'breathing machine', 'life support ventilator', 'icu ventilator', 'critical care ventilator'],
      ['anesthesia machine', 'anaesthesia machine', 'anesthesia workstation', 'anesthesia system', 'anesthesia unit', 'gas machine'],
      ['cpap', 'cpap machine', 'continuous positive airway pressure'],
      ['bipap', 'bilevel', 'bi-level', 'bpap'],
      ['vaporizer', 'anesthesia vaporizer', 'anaesthetic vaporiser', 'vaporiser'],
      ['oxygen concentrator', 'o2 concentrator', 'oxygen generator'],
      ['high flow nasal cannula', 'high flow oxygen', 'hfnc'],
    ],
    typicalPriceRange: [300, 60000],
    manufacturers: [
      'Medtronic', 'Puritan Bennett', 'Covidien', 'Maquet', 'Getinge', 'Dräger', 'Hamilton Medical',
      'Philips Respironics', 'ResMed', 'GE Healthcare', 'Datex-Ohmeda', 'Mindray', 'Vyaire', 'CareFusion',
      'Fisher & Paykel', 'Zoll', 'Smiths Medical', 'Inogen', 'Invacare',
    ],
  },
  {
    id: 'balances-scales',
    name: CATEGORY_NAMES['balances-scales'],
    keywords: [
      'balance', 'analytical balance', 'precision balance', 'semi-micro balance', 'semi micro balance',
      'microbalance', 'ultra-microbalance', 'top loading balance', 'top loader balance', 'moisture analyzer',
      'moisture balance', 'scale', 'lab scale', 'laboratory scale', 'bench scale', 'platform scale',
      'floor scale', 'weighing scale', 'patient scale', 'baby scale', 'infant scale', 'wheelchair scale',
      'bed scale', 'digital scale', 'weighing', 'counting scale', 'xs205', 'xs105', 'xs204', 'xp205', 'xpe205',
      'xpr205', 'xpr', 'xsr', 'xse', 'xa205', 'ml204', 'ms204', 'ms104', 'ms105', 'ms205', 'me204', 'me104',
      'al204', 'ag204', 'ab204', 'ab104', 'ab204-s', 'pg503', 'pb3002', 'mettler excellence', 'newclassic',
      'quintix', 'secura', 'cubis', 'cubis ii', 'entris', 'practum', 'cp225d', 'bp211d', 'ohaus adventurer',
      'adventurer pro', 'ohaus explorer', 'explorer pro', 'ohaus pioneer', 'ohaus scout', 'scout pro',
      'ohaus navigator', 'ohaus valor', 'ohaus defender', 'ohaus ranger', 'ax224', 'ex224', 'aus220', 'auw220d',
      'aux220', 'ap225wd', 'gr-202', 'hr-250az', 'fx-300i', 'health o meter', 'seca 769', 'seca 703',
      'seca 374', 'seca 813', 'seca 284', 'detecto', 'tanita', 'scale-tronix',
    ],
    synonyms: [
      ['analytical balance', 'analytical scale', 'lab balance', 'laboratory balance', 'precision balance', 'weighing balance'],
      ['microbalance', 'micro balance', 'ultra-microbalance', 'semi-micro balance'],
      ['scale', 'weighing scale', 'digital scale', 'bench scale', 'platform scale'],
      ['patient scale', 'medical scale', 'physician scale', 'wheelchair scale', 'bed scale'],
      ['baby scale', 'infant scale', 'pediatric scale', 'neonatal scale'],
      ['moisture analyzer', 'moisture balance', 'moisture meter'],
    ],
    typicalPriceRange: [50, 15000],
    manufacturers: [
      'Mettler Toledo', 'Sartorius', 'Ohaus', 'A&D', 'Shimadzu', 'Adam Equipment', 'Radwag', 'Precisa',
      'Kern', 'Denver Instrument', 'Seca', 'Detecto', 'Health o meter', 'Tanita', 'Scale-Tronix',
    ],
  },
  {
    id: 'pipettes-liquid-handling',
    name: CATEGORY_NAMES['pipettes-liquid-handling'],
    keywords: [
      'pipette', 'pipettor', 'micropipette', 'multichannel pipette', 'multi-channel pipette', '8-channel pipette',
      '12-channel pipette', 'electronic pipette', 'pipette controller', 'pipet aid', 'pipet-aid', 'pipetboy',
      'repeater pipette', 'repeat pipette', 'bottle top dispenser', 'bottle-top dispenser', 'dispensette',
      'burette', 'digital burette', 'liquid handler', 'liquid handling', 'liquid handling robot',
      'liquid handling workstation', 'automated liquid handler', 'pipetting robot', 'pipetting station',
      'reagent dispenser', 'microplate washer', 'plate washer', 'bulk dispenser', 'multidrop', 'multidrop combi',
      'multiflo', 'elx405', 'elx50', '405 ts', 'hydroflex', 'aquamax', 'pipetman', 'pipetman classic',
      'pipetman l', 'pipetman m', 'research plus', 'eppendorf reference', 'eppendorf xplorer', 'xplorer plus',
      'multipette', 'multipette e3', 'repeater e3', 'repeater m4', 'easypet', 'finnpipette',
      'finnpipette f1', 'finnpipette novus', 'e1-cliptip', 'cliptip', 'pipet-lite', 'rainin lts', 'e4 xls',
      'l-200xls', 'l-20xls', 'biohit', 'proline plus', 'sartorius picus', 'picus', 'tacta', 'transferpette',
      'socorex acura', 'biomek', 'biomek fx', 'biomek fxp', 'biomek nx', 'biomek i5', 'biomek i7', 'biomek 4000',
      'janus', 'epmotion', 'epmotion 5070', 'epmotion 5075', 'freedom evo', 'tecan evo', 'tecan fluent',
      'microlab star', 'hamilton star', 'hamilton vantage', 'microlab nimbus', 'opentrons', 'ot-2',
      'opentrons flex', 'agilent bravo', 'vprep', 'echo 525', 'echo 550', 'echo 650', 'mosquito lv',
      'mosquito hv', 'dragonfly discovery', 'andrew alliance', 'viaflo', 'integra viaflo', 'integra voyager',
      'assist plus', 'mantis', 'certus flex', 'i.dot', 'd300e',
    ],
    synonyms: [
      ['pipette', 'pipettor', 'micropipette', 'pipet', 'micro pipette'],
      ['multichannel pipette', 'multi-channel pipette', '8-channel pipette', '12-channel pipette', 'multichannel pipettor'],
      ['electronic pipette', 'motorized pipette', 'electronic pipettor'],
      ['pipette controller', 'pipet aid', 'pipette filler', 'pipet controller', 'pipette aid'],
      ['repeater pipette', 'repeat pipette', 'stepper pipette', 'repeating pipette', 'multipette'],
      ['liquid handler', 'liquid handling robot', 'automated liquid handler', 'pipetting robot', 'liquid handling workstation', 'liquid handling system'],
      ['plate washer', 'microplate washer', 'elisa washer'],
      ['bottle top dispenser', 'bottle-top dispenser', 'dispensette'],
    ],
    typicalPriceRange: [50, 250000],
    manufacturers: [
      'Eppendorf', 'Gilson', 'Rainin', 'Mettler Toledo', 'Thermo Fisher Scientific', 'Sartorius', 'Biohit',
      'Brand', 'Socorex', 'Drummond', 'Integra Biosciences', 'Hamilton', 'Beckman Coulter', 'Tecan', 'Agilent',
      'PerkinElmer', 'Opentrons', 'Labcyte', 'SPT Labtech', 'BioTek', 'Formulatrix',
    ],
  },
  {
    id: 'shakers-mixers-stirrers',
    name: CATEGORY_NAMES['shakers-mixers-stirrers'],
    keywords: [
      'shaker', 'orbital shaker', 'incubator shaker', 'shaking incubator', 'platform shaker', 'rocker',
      'rocking platform', 'nutator', 'rotator', 'tube rotator', 'roller mixer', 'tube roller', 'vortex',
      'vortex mixer', 'vortexer', 'vortex genie', 'vortex-genie 2', 'mixer', 'magnetic stirrer', 'stirrer',
      'stir plate', 'hot plate stirrer', 'hotplate stirrer', 'hot plate', 'hotplate', 'overhead stirrer',
      'homogenizer', 'tissue homogenizer', 'bead mill', 'bead beater', 'bead ruptor', 'tissuelyser',
      'precellys', 'fastprep', 'polytron', 'ultra-turrax', 'sonicator', 'ultrasonic homogenizer',
      'probe sonicator', 'sonifier', 'cell disruptor', 'thermomixer', 'thermomixer c', 'thermomixer r',
      'thermomixer comfort', 'thermoshaker', 'new brunswick innova', 'innova 40', 'innova 42', 'innova 43',
      'innova 44', 'innova 2000', 'innova 2300', 'innova 4000', 'innova 4300', 'innova 4430', 'excella e24',
      'maxq', 'maxq 2000', 'maxq 4000', 'maxq 4450', 'maxq 6000', 'maxq 8000', 'multitron', 'kuhner',
      'ika rct', 'rct basic', 'c-mag', 'ika ms3', 'ms 3 basic', 'genius 3', 'eurostar', 't25 digital',
      'cimarec', 'isotemp hot plate', 'pc-420d', 'pc-620d', 'pc-351', 'benchrocker', 'mini-rocker',
      'labquake', 'hulamixer', 'branson sonifier', 'qsonica', 'misonix sonicator', 'q500 sonicator',
      'q700 sonicator', 'vibra-cell', 'covaris', 'bioruptor',
    ],
    synonyms: [
      ['orbital shaker', 'shaker', 'platform shaker', 'lab shaker', 'shaker table'],
      ['incubator shaker', 'shaking incubator', 'incubated shaker', 'orbital incubator shaker'],
      ['vortex mixer', 'vortex', 'vortexer', 'vortex genie', 'touch mixer'],
      ['magnetic stirrer', 'stir plate', 'stirrer', 'magnetic stir plate'],
      ['hot plate stirrer', 'hotplate stirrer', 'stirring hot plate', 'heated stirrer', 'hot plate'],
      ['homogenizer', 'tissue homogenizer', 'homogeniser', 'disperser'],
      ['bead mill', 'bead beater', 'bead homogenizer', 'bead ruptor'],
      ['sonicator', 'ultrasonic homogenizer', 'probe sonicator', 'sonifier', 'cell disruptor', 'ultrasonic processor'],
      ['rocker', 'rocking platform', 'see-saw rocker', 'rocking shaker'],
      ['tube rotator', 'rotator', 'rotating mixer', 'end-over-end mixer', 'nutator'],
      ['thermomixer', 'heated shaker', 'thermoshaker', 'thermal mixer'],
    ],
    typicalPriceRange: [100, 30000],
    manufacturers: [
      'Eppendorf', 'New Brunswick', 'Thermo Fisher Scientific', 'IKA', 'Corning', 'Scientific Industries',
      'Benchmark Scientific', 'Heidolph', 'Grant Instruments', 'Kuhner', 'Infors HT', 'Boekel', 'Thermolyne',
      'Branson', 'Qsonica', 'Sonics & Materials', 'Misonix', 'Covaris', 'Diagenode', 'Qiagen',
      'MP Biomedicals', 'Bertin Technologies', 'Omni International', 'Stuart',
    ],
  },
  {
    id: 'water-baths-circulators',
    name: CATEGORY_NAMES['water-baths-circulators'],
    keywords: [
      'water bath', 'shaking water bath', 'circulating water bath', 'dry bath', 'dry block heater',
      'heat block', 'heating block', 'block heater', 'dry bath incubator', 'bead bath', 'lab armor',
      'circulator', 'recirculator', 'recirculating chiller', 'chiller', 'recirculating bath',
      'refrigerated circulator', 'heating circulator', 'immersion circulator', 'isotemp water bath',
      'precision water bath', 'precision gp', 'tsgp', 'julabo', 'julabo f12', 'julabo f25', 'julabo corio',
      'julabo presto', 'lauda', 'lauda eco', 'lauda alpha', 'lauda proline', 'neslab', 'neslab rte',
      'neslab merlin', 'thermoflex', 'haake', 'haake dc10', 'polystat', 'polyscience', 'grant sub', 'grant jb',
      'memmert wnb', 'wnb 14', 'digital dry bath', 'accublock', 'thermostat plus', 'dri-block',
      'techne dri-block', 'huber ministat', 'ministat', 'unistat',
    ],
    synonyms: [
      ['water bath', 'waterbath', 'lab water bath', 'laboratory water bath', 'thermostatic water bath', 'heated water bath'],
      ['dry bath', 'dry block heater', 'heat block', 'heating block', 'dry bath incubator', 'block heater', 'digital dry bath'],
      ['circulator', 'recirculator', 'circulating bath', 'recirculating bath', 'heating circulator', 'refrigerated circulator', 'circulating water bath'],
      ['chiller', 'recirculating chiller', 'recirculating cooler', 'water chiller', 'lab chiller'],
    ],
    typicalPriceRange: [100, 20000],
    manufacturers: [
      'Thermo Fisher Scientific', 'Julabo', 'Lauda', 'PolyScience', 'Grant Instruments', 'Memmert', 'Huber',
      'Neslab', 'Haake', 'Boekel', 'Benchmark Scientific', 'Techne', 'Cole-Parmer', 'Precision Scientific',
    ],
  },
  {
    id: 'electrophoresis-gel-imaging',
    name: CATEGORY_NAMES['electrophoresis-gel-imaging'],
    keywords: [
      'electrophoresis', 'gel electrophoresis', 'gel box', 'gel tank', 'gel rig', 'horizontal gel',
      'vertical gel', 'sds-page', 'western blot', 'blotting', 'blotting system', 'semi-dry transfer',
      'trans-blot', 'trans-blot turbo', 'mini-protean', 'mini-protean tetra', 'criterion cell',
      'criterion blotter', 'sub-cell', 'sub-cell gt', 'xcell surelock', 'surelock', 'iblot', 'iblot 2',
      'ibright', 'ibright fl1000', 'ibright cl1500', 'electrophoresis power supply', 'powerpac',
      'powerpac basic', 'powerpac hc', 'powerpac universal', 'ev243', 'gel doc', 'gel documentation',
      'gel imager', 'gel imaging system', 'gel doc ez', 'gel doc xr', 'chemidoc', 'chemidoc mp', 'chemidoc xrs',
      'chemidoc touch', 'licor odyssey', 'odyssey clx', 'odyssey fc', 'odyssey xf', 'amersham imager',
      'imagequant', 'imagequant las 4000', 'las-4000', 'typhoon fla', 'typhoon fla 9500', 'typhoon 9400',
      'amersham typhoon', 'fusion fx', 'azure c300', 'azure c400', 'azure c600', 'g:box', 'syngene', 'uvp',
      'transilluminator', 'uv transilluminator', 'blue light transilluminator', 'safe imager',
      'capillary electrophoresis', 'bioanalyzer', '2100 bioanalyzer', 'tapestation', 'tapestation 4200',
      'tapestation 4150', 'fragment analyzer', 'labchip gx', 'experion', 'qiaxcel', 'pulsed field',
      'pulsed field gel electrophoresis', 'chef-dr', 'chef mapper', 'isoelectric focusing', 'protean i12',
      'pippin prep', 'blue pippin', 'e-gel',
    ],
    synonyms: [
      ['gel electrophoresis', 'electrophoresis system', 'gel box', 'gel tank', 'gel rig', 'electrophoresis cell', 'electrophoresis apparatus'],
      ['western blot', 'western blotting', 'blotting system', 'transfer system', 'blot transfer'],
      ['gel doc', 'gel documentation system', 'gel imager', 'gel imaging system', 'gel documentation', 'chemiluminescence imager', 'blot imager'],
      ['transilluminator', 'uv transilluminator', 'uv box', 'blue light transilluminator'],
      ['electrophoresis power supply', 'power pack', 'powerpac', 'gel power supply'],
      ['bioanalyzer', 'tapestation', 'fragment analyzer', 'capillary electrophoresis', 'automated electrophoresis'],
    ],
    typicalPriceRange: [100, 80000],
    manufacturers: [
      'Bio-Rad', 'Thermo Fisher Scientific', 'Invitrogen', 'Cytiva', 'GE Healthcare', 'Amersham', 'LI-COR',
      'Azure Biosystems', 'Syngene', 'UVP', 'Analytik Jena', 'Agilent', 'Hoefer', 'Owl', 'Sage Science',
      'Cleaver Scientific', 'PerkinElmer',
    ],
  },
  {
    id: 'flow-cytometry',
    name: CATEGORY_NAMES['flow-cytometry'],
    keywords: [
      'flow cytometer', 'flow cytometry', 'cell sorter', 'facs', 'cytometer', 'spectral cytometer',
      'spectral flow cytometer', 'mass cytometer', 'cytof', 'facscalibur', 'facscanto', 'facscanto ii',
      'facsaria', 'facsaria iii', 'facsaria fusion', 'facsverse', 'facslyric', 'facsymphony', 'facsmelody',
      'fortessa', 'lsrfortessa', 'lsr ii', 'lsrii', 'accuri', 'accuri c6', 'accuri c6 plus', 'bd influx',
      'canto ii', 'attune', 'attune nxt', 'cytoflex', 'cytoflex s', 'cytoflex lx', 'cytoflex srt', 'gallios',
      'navios', 'navios ex', 'dxflex', 'moflo', 'moflo astrios', 'astrios', 'epics xl', 'fc500', 'cyan adp',
      'guava', 'guava easycyte', 'easycyte', 'macsquant', 'macsquant analyzer 10', 'macsquant vyb',
      'novocyte', 'novocyte quanteon', 'cytek aurora', 'cytek northern lights', 'ze5', 's3e', 'sh800',
      'sh800s', 'sa3800', 'id7000', 'imagestream', 'amnis', 'bigfoot', 'ma900', 'cyflow', 'quanteon',
      'penteon',
    ],
    synonyms: [
      ['flow cytometer', 'flow cytometry analyzer', 'facs machine', 'facs', 'cytometer', 'flow analyzer'],
      ['cell sorter', 'facs sorter', 'flow sorter', 'fluorescence activated cell sorter'],
      ['spectral cytometer', 'spectral flow cytometer', 'spectral analyzer'],
      ['mass cytometer', 'cytof', 'mass cytometry'],
    ],
    typicalPriceRange: [5000, 500000],
    manufacturers: [
      'BD Biosciences', 'Becton Dickinson', 'Beckman Coulter', 'Cytek', 'Thermo Fisher Scientific',
      'Agilent', 'ACEA Biosciences', 'Miltenyi Biotec', 'Sony Biotechnology', 'Bio-Rad', 'Luminex',
      'Millipore', 'Sysmex Partec', 'Standard BioTools',
    ],
  },
  {
    id: 'cell-counters',
    name: CATEGORY_NAMES['cell-counters'],
    keywords: [
      'cell counter', 'automated cell counter', 'cell viability analyzer', 'cell viability', 'hemocytometer',
      'haemocytometer', 'coulter counter', 'colony counter', 'bacterial colony counter', 'vi-cell',
      'vi-cell xr', 'vi-cell blu', 'vicell', 'countess', 'countess ii', 'countess 3', 'countess ii fl',
      'tc20', 'tc10', 'cellometer', 'cellometer auto 2000', 'cellometer k2', 'cellometer mini',
      'nucleocounter', 'nc-200', 'nc-3000', 'luna-ii', 'luna ii', 'luna-fl', 'luna fl', 'scepter', 'multisizer',
      'multisizer 3', 'multisizer 4', 'coulter z1', 'coulter z2', 'cedex', 'cedex hires', 'moxi z', 'moxi go',
      'interscience scan', 'scan 500', 'scan 1200', 'acolyte', 'qcount', 'automated colony counter',
    ],
    synonyms: [
      ['cell counter', 'automated cell counter', 'cell counting system', 'cell viability analyzer', 'cell viability counter'],
      ['hemocytometer', 'haemocytometer', 'counting chamber', 'neubauer chamber'],
      ['coulter counter', 'particle counter', 'coulter principle counter'],
      ['colony counter', 'bacterial colony counter', 'automated colony counter', 'colony reader'],
    ],
    typicalPriceRange: [300, 60000],
    manufacturers: [
      'Beckman Coulter', 'Thermo Fisher Scientific', 'Invitrogen', 'Bio-Rad', 'Nexcelom', 'ChemoMetec',
      'Logos Biosystems', 'Millipore', 'Roche', 'Orflo', 'Synbiosis', 'Interscience', 'Revvity',
    ],
  },
  {
    id: 'clinical-analyzers',
    name: CATEGORY_NAMES['clinical-analyzers'],
    keywords: [
      'hematology analyzer', 'haematology analyser', 'cbc analyzer', 'chemistry analyzer',
      'clinical chemistry analyzer', 'biochemistry analyzer', 'immunoassay analyzer', 'blood gas analyzer',
      'electrolyte analyzer', 'coagulation analyzer', 'urine analyzer', 'urinalysis analyzer', 'hba1c analyzer',
      'glucose analyzer', 'lactate analyzer', 'ysi 2950', 'ysi 2900', 'sysmex', 'sysmex xn', 'xn-1000',
      'xn-550', 'xn-450', 'xs-1000i', 'xt-2000i', 'xt-4000i', 'kx-21n', 'cell-dyn', 'cell-dyn ruby',
      'cell-dyn sapphire', 'dxh 800', 'dxh 900', 'dxh 500', 'lh 750', 'lh 780', 'coulter act', 'ac-t diff',
      'advia', 'advia 2120', 'advia 1800', 'advia centaur', 'dimension exl', 'dimension rxl', 'dimension xpand',
      'atellica', 'cobas', 'cobas c311', 'cobas c501', 'cobas e411', 'cobas 6000', 'cobas 8000', 'cobas b 221',
      'au480', 'au680', 'au5800', 'dxc 700', 'unicel dxc', 'access 2', 'dxi 800', 'architect ci4100',
      'architect i1000', 'architect i2000', 'architect c4000', 'architect c8000', 'abbott architect', 'alinity',
      'vitros', 'vitros 350', 'vitros 5600', 'vitros eci', 'piccolo xpress', 'vetscan', 'vetscan vs2',
      'catalyst one', 'procyte dx', 'i-stat', 'istat', 'abl800', 'abl90', 'abl90 flex', 'rapidpoint',
      'rapidlab', 'gem premier', 'gem premier 4000', 'gem premier 5000', 'epoc blood analysis',
      'stat profile', 'cs-2500', 'ca-1500', 'ca-600', 'sta compact', 'sta-r', 'acl top', 'acl elite',
      'clinitek', 'clinitek status', 'urisys', 'ux-2000', 'iq200', 'bc-3000', 'bc-5380', 'bc-6800',
      'bs-200', 'bs-380', 'bs-480', 'erba xl-200', 'pentra 60', 'micros 60', 'yumizen', 'medonic', 'swelab',
      'tosoh g8', 'variant ii', 'afinion', 'dca vantage', 'minividas', 'vidas', 'liaison xl', 'immulite',
      'immulite 2000', 'evolis', 'elisa processor',
    ],
    synonyms: [
      ['hematology analyzer', 'haematology analyser', 'cbc analyzer', 'blood cell counter', 'hematology analyser', 'blood counter'],
      ['chemistry analyzer', 'clinical chemistry analyzer', 'biochemistry analyzer', 'chemistry analyser', 'blood chemistry analyzer'],
      ['immunoassay analyzer', 'immunoassay system', 'immunoanalyzer', 'elisa analyzer'],
      ['blood gas analyzer', 'blood gas analyser', 'abg analyzer', 'blood gas machine'],
      ['coagulation analyzer', 'coagulometer', 'coag analyzer', 'hemostasis analyzer'],
      ['urine analyzer', 'urinalysis analyzer', 'urine chemistry analyzer', 'urinalysis system'],
    ],
    typicalPriceRange: [1000, 300000],
    manufacturers: [
      'Sysmex', 'Beckman Coulter', 'Abbott', 'Siemens Healthineers', 'Roche', 'Ortho Clinical Diagnostics',
      'Radiometer', 'Werfen', 'Instrumentation Laboratory', 'Nova Biomedical', 'Mindray', 'Horiba', 'Abaxis',
      'IDEXX', 'Tosoh', 'bioMérieux', 'DiaSorin', 'Stago', 'Bio-Rad', 'YSI',
    ],
  },
  {
    id: 'dental',
    name: CATEGORY_NAMES['dental'],
    keywords: [
      'dental', 'dental chair', 'dental unit', 'dental operatory', 'operatory', 'dental delivery unit',
      'dental light', 'dental x-ray', 'intraoral x-ray', 'panoramic x-ray', 'panoramic', 'pano', 'cephalometric',
      'ceph', 'cone beam', 'cbct', 'cone beam ct', 'intraoral scanner', 'intraoral camera', 'intra-oral camera',
      'dental sensor', 'intraoral sensor', 'phosphor plate scanner', 'scanx', 'dental handpiece',
      'high speed handpiece', 'low speed handpiece', 'air rotor', 'curing light', 'ultrasonic scaler',
      'piezo scaler', 'cavitron', 'apex locator', 'endo motor', 'x-smart', 'dental compressor',
      'dental vacuum', 'dental suction', 'amalgamator', 'dental milling', 'milling unit', 'cerec',
      'cerec primescan', 'cerec omnicam', 'cerec bluecam', 'primescan', 'omnicam', 'itero', 'itero element',
      '3shape trios', 'trios 3', 'trios 4', 'trios 5', 'medit i500', 'medit i700', 'planmeca', 'planmeca promax',
      'promax 3d', 'proline xc', 'cs 8100', 'cs 9300', 'cs 8200', 'cs 3600', 'cs 3700', 'orthophos',
      'orthophos xg', 'orthophos sl', 'galileos', 'heliodent', 'xios', 'xios xg', 'schick 33', 'schick elite',
      'dexis', 'dexis titanium', 'kavo', 'op 3d pro', 'op300', 'a-dec', 'a-dec 500', 'a-dec 300', 'adec',
      'belmont', 'pelton crane', 'pelton and crane', 'spirit 3000', 'pax-i', 'green ct', 'newtom',
      'veraviewepocs', 'piezotome', 'waterlase', 'epic x', 'programat', 'dental furnace', 'porcelain furnace',
      'zirconia furnace', 'sintering furnace', 'model trimmer', 'articulator',
    ],
    synonyms: [
      ['dental chair', 'dental unit', 'dental operatory', 'dental chair unit', 'dentist chair'],
      ['panoramic x-ray', 'panoramic', 'pano', 'opg', 'orthopantomograph', 'panoramic unit'],
      ['cone beam ct', 'cbct', 'cone beam', '3d dental imaging', 'dental ct'],
      ['intraoral scanner', 'intra-oral scanner', 'digital impression scanner'],
      ['intraoral sensor', 'dental sensor', 'digital x-ray sensor', 'rvg sensor'],
      ['dental handpiece', 'handpiece', 'high speed handpiece', 'air rotor', 'dental drill'],
      ['curing light', 'dental curing light', 'led curing light', 'polymerization light'],
      ['ultrasonic scaler', 'piezo scaler', 'dental scaler', 'cavitron'],
    ],
    typicalPriceRange: [200, 150000],
    manufacturers: [
      'Dentsply Sirona', 'Sirona', 'Planmeca', 'KaVo', 'Carestream Dental', 'Vatech', 'A-dec', 'Midmark',
      'Belmont', 'Pelton & Crane', '3Shape', 'Align Technology', 'Medit', 'Dexis', 'Schick', 'NSK', 'W&H',
      'Bien-Air', 'Ivoclar', 'Instrumentarium', 'J. Morita', 'Biolase', 'Acteon',
    ],
  },
  {
    id: 'ophthalmic',
    name: CATEGORY_NAMES['ophthalmic'],
    keywords: [
      'ophthalmic', 'ophthalmology', 'optometry', 'slit lamp', 'phoropter', 'refractor', 'auto refractor',
      'autorefractor', 'autorefractor keratometer', 'keratometer', 'lensmeter', 'lensometer', 'auto lensmeter',
      'tonometer', 'non-contact tonometer', 'applanation tonometer', 'ophthalmoscope', 'indirect ophthalmoscope',
      'retinoscope', 'fundus camera', 'retinal camera', 'optical coherence tomography', 'oct scanner',
      'oct machine', 'sd-oct', 'hd-oct', 'oct angiography', 'visual field analyzer', 'visual field perimeter',
      'humphrey field analyzer', 'humphrey hfa', 'hfa ii', 'hfa 750i', 'hfa3', 'octopus 900', 'octopus perimeter',
      'biometer', 'iolmaster', 'iolmaster 500', 'iolmaster 700', 'lenstar', 'a-scan', 'b-scan', 'pachymeter',
      'corneal topographer', 'topographer', 'pentacam', 'specular microscope', 'ophthalmic chair',
      'refraction chair', 'ophthalmic stand', 'chart projector', 'acuity chart', 'visual acuity chart',
      'phacoemulsification', 'phaco', 'centurion vision system', 'infiniti vision system',
      'constellation vision system', 'stellaris pc', 'excimer laser', 'yag laser', 'slt laser',
      'photocoagulator', 'cirrus hd-oct', 'cirrus 5000', 'cirrus 6000', 'spectralis', 'stratus oct',
      'rs-3000', 'topcon triton', 'topcon maestro', 'maestro2', '3d oct', '3d oct-1', '3d oct-2000', 'oct-1 maestro', 'visucam', 'clarus 500', 'clarus 700', 'optos',
      'optomap', 'optos daytona', 'optos california', 'topcon sl-d7', 'haag-streit', 'bq 900', 'bm 900',
      'reichert 7', 'tono-pen', 'tonopen', 'icare ic100', 'icare ic200', 'icare tonometer',
      'goldmann tonometer', 'nidek ark', 'ark-1', 'ark-510a', 'tonoref', 'lm-1800', 'marco ultramatic',
      'ultramatic rx', 'canon rk-f2', 'huvitz', 'visionix', 'lombart', 'welch allyn panoptic', 'panoptic',
    ],
    synonyms: [
      ['slit lamp', 'slit-lamp', 'slit lamp microscope', 'biomicroscope'],
      ['phoropter', 'refractor', 'refractor head', 'vision tester'],
      ['autorefractor', 'auto refractor', 'autorefractometer', 'auto-refractor', 'autorefractor keratometer'],
      ['lensmeter', 'lensometer', 'focimeter', 'auto lensmeter'],
      ['tonometer', 'non-contact tonometer', 'air puff tonometer', 'applanation tonometer', 'iop tonometer'],
      ['fundus camera', 'retinal camera', 'retinal imaging system', 'fundus imaging'],
      ['optical coherence tomography', 'oct scanner', 'oct machine', 'retinal oct'],
      ['visual field analyzer', 'visual field perimeter', 'humphrey field analyzer', 'perimeter'],
      ['ophthalmic chair', 'refraction chair', 'eye exam chair', 'ophthalmic stand', 'refraction stand'],
      ['optical biometer', 'biometer', 'iolmaster', 'lenstar'],
    ],
    typicalPriceRange: [200, 150000],
    manufacturers: [
      'Zeiss', 'Topcon', 'Haag-Streit', 'Reichert', 'Nidek', 'Canon', 'Optos', 'Heidelberg Engineering',
      'Alcon', 'Bausch + Lomb', 'Johnson & Johnson Vision', 'Keeler', 'Heine', 'Welch Allyn', 'Marco',
      'Huvitz', 'Tomey', 'Icare', 'Oculus', 'Lumenis', 'Ellex', 'Luneau',
    ],
  },
  {
    id: 'sequencing',
    name: CATEGORY_NAMES['sequencing'],
    keywords: [
      'sequencer', 'dna sequencer', 'sequencing', 'next generation sequencing', 'next-generation sequencing',
      'ngs', 'sanger sequencing', 'genetic analyzer', 'capillary sequencer', 'miseq', 'miseq dx', 'nextseq',
      'nextseq 500', 'nextseq 550', 'nextseq 1000', 'nextseq 2000', 'novaseq', 'novaseq 6000', 'novaseq x',
      'hiseq', 'hiseq 2500', 'hiseq 4000', 'hiseq x', 'iseq', 'iseq 100', 'miniseq', 'genome analyzer',
      'ion torrent', 'ion s5', 'ion pgm', 'ion proton', 'ion genestudio', 'genexus', 'ion chef', '3130xl',
      'abi 3130', '3500xl', 'abi 3500', '3500 genetic analyzer', '3730xl', 'abi 3730', 'seqstudio',
      'nanopore minion', 'minion mk1c', 'minion mk1b', 'gridion', 'promethion', 'flongle', 'oxford nanopore',
      'pacbio', 'pacbio sequel', 'sequel ii', 'sequel iie', 'revio', 'pacbio rs ii', 'element aviti', 'aviti',
      'dnbseq', 'dnbseq-g400', 'bgiseq', 'mgiseq', 'singular g4', 'gs flx', 'gs junior', 'cbot',
      '10x chromium', 'chromium controller', 'chromium x', 'ncounter', 'microarray scanner',
      'genechip scanner', 'iscan', 'pyromark', 'pyromark q24', 'pyromark q48', 'pyrosequencer',
    ],
    synonyms: [
      ['dna sequencer', 'sequencer', 'sequencing system', 'genome sequencer', 'gene sequencer'],
      ['next generation sequencing', 'next-generation sequencing', 'ngs', 'ngs sequencer', 'high-throughput sequencing', 'massively parallel sequencing'],
      ['sanger sequencer', 'capillary sequencer', 'genetic analyzer', 'capillary electrophoresis sequencer', 'sanger sequencing'],
      ['nanopore sequencer', 'nanopore sequencing', 'long-read sequencer', 'long read sequencing'],
    ],
    typicalPriceRange: [5000, 1000000],
    manufacturers: [
      'Illumina', 'Thermo Fisher Scientific', 'Applied Biosystems', 'Ion Torrent', 'Oxford Nanopore', 'PacBio',
      'MGI', 'BGI', 'Element Biosciences', 'Roche 454', '10x Genomics', 'NanoString', 'Qiagen',
      'Singular Genomics',
    ],
  },
  {
    id: 'ovens-furnaces',
    name: CATEGORY_NAMES['ovens-furnaces'],
    keywords: [
      'oven', 'lab oven', 'laboratory oven', 'drying oven', 'vacuum oven', 'gravity convection oven',
      'mechanical convection oven', 'forced air oven', 'hybridization oven', 'hybridisation oven',
      'cleanroom oven', 'muffle furnace', 'furnace', 'tube furnace', 'box furnace', 'ashing furnace',
      'high temperature furnace', 'heratherm oven', 'heratherm', 'isotemp oven', 'precision oven', 'lindberg',
      'lindberg blue m', 'blue m', 'thermolyne furnace', 'f48055', 'f47925', 'f6010', 'carbolite', 'nabertherm',
      'vulcan furnace', 'binder fd', 'binder ed', 'binder vd', 'memmert un', 'memmert uf', 'memmert ve',
      'yamato dx', 'yamato dkn', 'yamato adp', 'shel lab', 'quincy lab', 'grieve oven', 'despatch oven',
      'hybaid', 'robbins scientific',
    ],
    synonyms: [
      ['lab oven', 'laboratory oven', 'drying oven', 'drying cabinet', 'hot air oven', 'forced air oven', 'convection oven'],
      ['vacuum oven', 'vacuum drying oven'],
      ['muffle furnace', 'ashing furnace', 'box furnace', 'high temperature furnace', 'lab furnace'],
      ['tube furnace', 'tubular furnace', 'split tube furnace'],
      ['hybridization oven', 'hybridisation oven', 'hyb oven', 'hybridization incubator'],
    ],
    typicalPriceRange: [200, 30000],
    manufacturers: [
      'Thermo Fisher Scientific', 'Binder', 'Memmert', 'Yamato', 'Sheldon Manufacturing', 'Carbolite Gero',
      'Nabertherm', 'Lindberg/Blue M', 'Thermolyne', 'Quincy Lab', 'Grieve', 'Despatch', 'Cole-Parmer',
      'Across International', 'MTI Corporation',
    ],
  },
  {
    id: 'ph-meters-titrators',
    name: CATEGORY_NAMES['ph-meters-titrators'],
    keywords: [
      'ph meter', 'benchtop ph meter', 'portable ph meter', 'ph electrode', 'ph probe', 'ph/mv meter',
      'ion meter', 'ise meter', 'ion selective electrode', 'conductivity meter', 'dissolved oxygen meter',
      'do meter', 'multiparameter meter', 'titrator', 'autotitrator', 'auto titrator', 'potentiometric titrator',
      'karl fischer', 'karl fischer titrator', 'kf titrator', 'coulometric titrator', 'volumetric titrator',
      'seveneasy', 'sevencompact', 'sevenexcellence', 'sevenmulti', 'fiveeasy', 'sevengo', 'inlab',
      'orion star', 'orion star a211', 'orion star a111', 'orion star a215', 'orion versa star',
      'orion 3 star', 'accumet', 'accumet ab150', 'accumet ab15', 'accumet xl', 'ph 700', 'oakton',
      'hanna hi', 'hi 2211', 'hi 5221', 'hanna edge', 'titrando', '905 titrando', '888 titrando',
      '907 titrando', 'metrohm omnis', 'ti-touch', 'eco titrator', '870 kf', '831 kf', '851 titrando',
      'titrator g20', 'titrator t50', 'excellence t50', 'mettler t50', 'mettler t70', 'mettler t90',
      'mettler v20', 'mettler v30', 'mettler c20', 'mettler c30', 'dl15', 'dl22', 'dl50', 'dl53', 'dl55',
      'dl58', 'dl39', 'titroline', 'hach hq40d', 'hq40d', 'hq440d', 'sension', 'ysi pro plus',
      'ysi professional plus', 'ysi 556', 'laqua', 'horiba laqua',
    ],
    synonyms: [
      ['ph meter', 'ph analyzer', 'ph tester', 'ph/ion meter', 'benchtop ph meter'],
      ['ph electrode', 'ph probe', 'ph sensor', 'combination electrode'],
      ['conductivity meter', 'ec meter', 'conductivity tester', 'tds meter'],
      ['dissolved oxygen meter', 'do meter', 'oxygen meter', 'do probe'],
      ['titrator', 'autotitrator', 'automatic titrator', 'auto titrator', 'potentiometric titrator', 'titration system'],
      ['karl fischer titrator', 'kf titrator', 'karl fischer', 'moisture titrator', 'coulometric titrator'],
    ],
    typicalPriceRange: [50, 40000],
    manufacturers: [
      'Mettler Toledo', 'Thermo Fisher Scientific', 'Orion', 'Hanna Instruments', 'Metrohm', 'Hach', 'YSI',
      'Horiba', 'Oakton', 'Fisher Scientific', 'Sartorius', 'Denver Instrument', 'Radiometer', 'Xylem',
      'SI Analytics', 'Schott',
    ],
  },
  {
    id: 'hospital-beds-furniture',
    name: CATEGORY_NAMES['hospital-beds-furniture'],
    keywords: [
      'hospital bed', 'medical bed', 'icu bed', 'electric hospital bed', 'semi-electric bed', 'bariatric bed',
      'birthing bed', 'labor and delivery bed', 'hospital crib', 'pediatric crib', 'stretcher', 'gurney',
      'transport stretcher', 'procedure chair', 'exam table', 'examination table', 'power exam table',
      'treatment table', 'procedure table', 'blood drawing chair', 'phlebotomy chair', 'medical recliner',
      'overbed table', 'over bed table', 'bedside cabinet', 'patient lift', 'hoyer lift', 'ceiling lift',
      'sit to stand lift', 'wheelchair', 'transport chair', 'infant warmer', 'radiant warmer', 'bassinet',
      'infant incubator', 'neonatal incubator', 'isolette', 'giraffe omnibed', 'giraffe warmer',
      'panda warmer', 'babytherm', 'resuscitaire', 'medication cart', 'crash cart', 'emergency cart',
      'anesthesia cart', 'supply cart', 'procedure cart', 'isolation cart', 'iv pole', 'iv stand',
      'mayo stand', 'privacy screen', 'pressure relief mattress', 'alternating pressure mattress',
      'hospital mattress', 'totalcare', 'versacare', 'advanta 2', 'centrella', 'progressa', 'hill-rom 1000',
      'hill-rom 900', 'affinity 4', 'stryker secure ii', 's3 med surg', 'spirit select', 'stryker intouch',
      'prime series stretcher', 'stryker prime', 'stryker 1105', 'big wheel stretcher', 'stryker go bed',
      'epic ii', 'midmark 623', 'midmark 625', 'midmark 626', 'midmark 630', 'midmark 641', 'ritter 204',
      'ritter 224', 'ritter 230', 'umf medical', 'brewer access', 'hausmann', 'joerns', 'sizewise', 'linet',
      'span-america', 'harloff', 'waterloo cart', 'lionville', 'pyxis', 'pyxis medstation', 'medstation',
    ],
    synonyms: [
      ['hospital bed', 'medical bed', 'patient bed', 'electric hospital bed', 'icu bed', 'med surg bed'],
      ['stretcher', 'gurney', 'transport stretcher', 'patient stretcher', 'patient trolley'],
      ['exam table', 'examination table', 'exam chair', 'power exam table', 'treatment table', 'medical exam table'],
      ['blood drawing chair', 'phlebotomy chair', 'blood draw chair'],
      ['patient lift', 'hoyer lift', 'patient hoist', 'mechanical lift', 'sit to stand lift', 'ceiling lift'],
      ['crash cart', 'emergency cart', 'code cart', 'resuscitation cart'],
      ['medication cart', 'med cart', 'medicine cart', 'drug cart'],
      ['overbed table', 'over bed table', 'over-bed table', 'bed table'],
      ['infant warmer', 'radiant warmer', 'baby warmer', 'neonatal warmer'],
      ['infant incubator', 'neonatal incubator', 'baby incubator', 'isolette'],
    ],
    typicalPriceRange: [100, 40000],
    manufacturers: [
      'Hillrom', 'Hill-Rom', 'Stryker', 'Invacare', 'Linet', 'Joerns', 'Drive Medical', 'Midmark', 'Ritter',
      'Brewer', 'UMF Medical', 'Hausmann', 'Graham-Field', 'Span-America', 'Harloff', 'Waterloo Healthcare',
      'Omnicell', 'BD Pyxis', 'Medline', 'Dräger', 'GE Healthcare', 'Arjo',
    ],
  },
  {
    id: 'washers-disinfectors',
    name: CATEGORY_NAMES['washers-disinfectors'],
    keywords: [
      'glassware washer', 'lab glassware washer', 'laboratory glassware washer', 'washer disinfector',
      'washer-disinfector', 'instrument washer', 'surgical instrument washer', 'cart washer', 'cage washer',
      'tunnel washer', 'endoscope washer', 'endoscope reprocessor', 'automated endoscope reprocessor',
      'bedpan washer', 'ultrasonic cleaner', 'ultrasonic bath', 'ultrasonic cleaning bath', 'ultrasonic washer',
      'endoscope drying cabinet', 'lab dishwasher', 'undercounter washer', 'steris reliance', 'reliance 444',
      'reliance synergy', 'amsco reliance', 'getinge 46-5', 'getinge 46 series', 'getinge 86', 'getinge 88 turbo',
      'miele professional', 'miele g7883', 'pg 8583', 'pg 8593', 'pg 8535', 'pg 8536', 'lancer 1600',
      'lancer 910', 'lancer 1400', 'flaskscrubber', 'steamscrubber', 'belimed wd', 'medivators',
      'medivators advantage', 'dsd edge', 'olympus oer', 'oer-pro', 'oer-elite', 'soluscope', 'bransonic',
      'branson 2510', 'branson 3510', 'branson 5510', 'branson 8510', 'elmasonic', 'cpxh', 'sweepzone',
      'sonicor', 'steelco',
    ],
    synonyms: [
      ['glassware washer', 'lab glassware washer', 'laboratory washer', 'lab dishwasher', 'glassware washing machine'],
      ['washer disinfector', 'washer-disinfector', 'instrument washer', 'surgical instrument washer', 'thermal disinfector'],
      ['ultrasonic cleaner', 'ultrasonic bath', 'ultrasonic cleaning bath', 'sonic cleaner', 'ultrasonic washer', 'sonicator bath'],
      ['endoscope reprocessor', 'automated endoscope reprocessor', 'endoscope washer', 'scope washer'],
      ['cart washer', 'cage washer', 'tunnel washer', 'rack washer'],
    ],
    typicalPriceRange: [200, 120000],
    manufacturers: [
      'Steris', 'Getinge', 'Miele', 'Lancer', 'Labconco', 'Belimed', 'Medivators', 'Cantel Medical',
      'Olympus', 'Branson', 'Elma', 'Tuttnauer', 'Steelco', 'Smeg', 'L&R Ultrasonics',
    ],
  },
  {
    id: 'endoscopy',
    name: CATEGORY_NAMES['endoscopy'],
    keywords: [
      'endoscope', 'endoscopy', 'gastroscope', 'colonoscope', 'bronchoscope', 'duodenoscope', 'cystoscope',
      'ureteroscope', 'hysteroscope', 'laryngoscope', 'video laryngoscope', 'nasopharyngoscope', 'arthroscope',
      'laparoscope', 'laparoscopy', 'laparoscopic tower', 'endoscopy tower', 'video processor',
      'xenon light source', 'endoscopic light source', 'camera control unit', 'insufflator',
      'co2 insufflator', 'arthroscopy pump', 'shaver system', 'evis exera', 'exera ii', 'exera iii',
      'evis lucera', 'cv-180', 'cv-190', 'cv-170', 'clv-180', 'clv-190', 'gif-h180', 'gif-h190', 'cf-h180al',
      'cf-h190l', 'cf-hq190l', 'bf-q180', 'tjf-q180v', 'tjf-q190v', 'epk-i', 'epk-i7000', 'epk-i7010',
      'epk-3000', 'eg-2990i', 'ec-3890li', 'fujinon', 'eluxeo', 'vp-7000', 'ep-6000', 'stryker 1488',
      'stryker 1588', 'stryker 1688', '1488 hd', '1588 aim', '1688 aim', 'stryker l9000', 'stryker x8000',
      'sdc3', 'sdc ultra', 'storz image1', 'image1 s', 'tele pack', 'telepack', 'karl storz', 'xenon 300',
      'xenon nova', 'richard wolf', 'visera', 'visera elite', 'visera 4k', 'otv-s190', 'glidescope',
      'glidescope avl', 'c-mac', 'mcgrath mac', 'airtraq', 'king vision', 'ambu ascope', 'ascope', 'pillcam',
      'capsule endoscopy',
    ],
    synonyms: [
      ['endoscope', 'flexible endoscope', 'video endoscope', 'endoscopy scope'],
      ['gastroscope', 'upper gi scope', 'egd scope', 'video gastroscope'],
      ['colonoscope', 'colon scope', 'video colonoscope', 'lower gi scope'],
      ['bronchoscope', 'video bronchoscope', 'flexible bronchoscope'],
      ['laparoscope', 'laparoscopic camera', 'laparoscopy system', 'laparoscopic tower', 'endoscopy tower', 'video tower'],
      ['video laryngoscope', 'videolaryngoscope', 'intubation scope', 'laryngoscope'],
      ['cystoscope', 'flexible cystoscope', 'urology scope'],
      ['xenon light source', 'endoscopic light source', 'cold light source'],
    ],
    typicalPriceRange: [300, 150000],
    manufacturers: [
      'Olympus', 'Pentax Medical', 'Fujifilm', 'Karl Storz', 'Stryker', 'Richard Wolf', 'Smith & Nephew',
      'Arthrex', 'Conmed', 'Ambu', 'Verathon', 'Medtronic', 'Boston Scientific', 'Cook Medical',
    ],
  },
  {
    id: 'surgical-equipment',
    name: CATEGORY_NAMES['surgical-equipment'],
    keywords: [
      'surgical', 'electrosurgical unit', 'electrosurgical generator', 'esu', 'electrocautery', 'cautery',
      'bovie', 'diathermy', 'vessel sealer', 'vessel sealing', 'ligasure', 'force fx', 'forcetriad', 'ft10',
      'valleylab', 'valleylab ls10', 'conmed system 5000', 'conmed 2450', 'erbe', 'erbe vio', 'vio 300d',
      'icc 200', 'megadyne', 'harmonic scalpel', 'harmonic generator', 'harmonic ace', 'gen11', 'gen 11',
      'thunderbeat', 'enseal', 'sonicision', 'cusa', 'surgical light', 'operating light', 'surgical lamp',
      'operating room light', 'surgical table', 'operating table', 'operating room table', 'smoke evacuator',
      'surgical smoke evacuator', 'tourniquet system', 'surgical tourniquet', 'zimmer ats', 'ats 3000',
      'ats 4000', 'sequential compression device', 'kendall scd', 'scd 700', 'scd express', 'surgical suction',
      'surgical drill', 'sternal saw', 'bone saw', 'dermatome', 'stryker system 7', 'stryker system 8',
      'conmed hall', 'microaire', 'core console', 'warming cabinet', 'blanket warmer', 'fluid warmer',
      'patient warmer', 'bair hugger', 'bair hugger 775', 'level 1 hotline', 'level 1 h-1000', 'ranger blood warmer',
      'skytron', 'amsco 3085', 'amsco 3080', 'steris 4085', 'maquet alphamaxx', 'alphamaxx', 'alphastar',
      'berchtold', 'trumpf', 'steris harmony', 'harmony led', 'harmony vlx', 'hanaulux', 'volista', 'powerled',
      'chromophare',
    ],
    synonyms: [
      ['electrosurgical unit', 'electrosurgical generator', 'esu', 'electrocautery unit', 'cautery machine', 'bovie', 'diathermy machine'],
      ['surgical light', 'operating light', 'operating room light', 'surgical lamp', 'surgical lighting'],
      ['surgical table', 'operating table', 'operating room table', 'surgery table'],
      ['smoke evacuator', 'surgical smoke evacuator', 'smoke evacuation system'],
      ['tourniquet system', 'surgical tourniquet', 'pneumatic tourniquet'],
      ['sequential compression device', 'scd', 'dvt pump', 'compression pump'],
      ['patient warmer', 'warming unit', 'forced air warmer', 'bair hugger'],
      ['blanket warmer', 'warming cabinet', 'fluid warming cabinet'],
      ['vessel sealer', 'vessel sealing system', 'ligasure'],
    ],
    typicalPriceRange: [200, 80000],
    manufacturers: [
      'Medtronic', 'Covidien', 'Valleylab', 'Conmed', 'Erbe', 'Ethicon', 'Olympus', 'Stryker', 'Zimmer',
      'Steris', 'Skytron', 'Maquet', 'Getinge', 'Berchtold', 'Trumpf', '3M', 'Smiths Medical', 'Integra',
      'MicroAire', 'Megadyne',
    ],
  },
  {
    id: 'evaporators-concentrators',
    name: CATEGORY_NAMES['evaporators-concentrators'],
    keywords: [
      'rotary evaporator', 'rotovap', 'rotavapor', 'rotavap', 'evaporator', 'nitrogen evaporator', 'n-evap',
      'turbovap', 'multivap', 'vacuum concentrator', 'centrifugal concentrator', 'centrifugal evaporator',
      'speedvac', 'speed vac', 'savant', 'savant speedvac', 'spd111v', 'spd131dda', 'spd1010', 'spd2010',
      'concentrator plus', 'vacufuge', 'vacufuge plus', 'centrivap', 'genevac', 'genevac ez-2', 'genevac ht-4x',
      'freeze dryer', 'lyophilizer', 'freeze drier', 'lyophiliser', 'lyophilization', 'freezone',
      'freezone 2.5', 'freezone 4.5', 'freezone 6', 'freezone 12', 'virtis', 'virtis genesis', 'sp scientific',
      'virtis advantage', 'millrock', 'harvest right', 'christ alpha', 'alpha 1-2', 'alpha 2-4', 'epsilon 2-4',
      'buchi r-100', 'buchi r-200', 'buchi r-210', 'buchi r-215', 'buchi r-300', 'hei-vap', 'laborota',
      'ika rv 10', 'rv 10 digital', 'rotary evap', 'vacuum pump', 'diaphragm pump', 'rotary vane pump',
      'vacuum controller', 'cold trap', 'refrigerated vapor trap', 'vapor trap', 'vacuubrand', 'welch vacuum',
      'welch 1400', 'duoseal', 'edwards rv8', 'edwards rv12', 'edwards rv5', 'nxds', 'scroll pump',
      'turbo pump', 'turbomolecular pump', 'knf laboport',
    ],
    synonyms: [
      ['rotary evaporator', 'rotovap', 'rotavapor', 'rotavap', 'rotary evap', 'rotoevaporator'],
      ['vacuum concentrator', 'centrifugal concentrator', 'centrifugal evaporator', 'speedvac', 'speed vac', 'speed-vac', 'vacuum centrifuge'],
      ['freeze dryer', 'lyophilizer', 'freeze drier', 'lyophiliser', 'lyophilization system', 'freeze drying system'],
      ['nitrogen evaporator', 'n-evap', 'nitrogen blowdown evaporator', 'sample concentrator', 'turbovap'],
      ['vacuum pump', 'lab vacuum pump', 'laboratory vacuum pump', 'diaphragm pump', 'rotary vane pump'],
      ['cold trap', 'vapor trap', 'refrigerated vapor trap', 'vacuum trap'],
    ],
    typicalPriceRange: [200, 80000],
    manufacturers: [
      'Buchi', 'Heidolph', 'IKA', 'Thermo Fisher Scientific', 'Savant', 'Eppendorf', 'Labconco', 'Genevac',
      'SP Scientific', 'VirTis', 'Martin Christ', 'Millrock', 'Organomation', 'Biotage', 'Vacuubrand',
      'Welch', 'Edwards', 'KNF', 'Agilent', 'Pfeiffer Vacuum',
    ],
  },
  {
    id: 'general-lab',
    name: CATEGORY_NAMES['general-lab'],
    keywords: [
      'lab equipment', 'laboratory equipment', 'lab instrument', 'laboratory instrument',
      'water purification', 'water purification system', 'ultrapure water', 'milli-q', 'milliq', 'elga',
      'purelab', 'purelab flex', 'purelab chorus', 'barnstead', 'nanopure', 'e-pure', 'reverse osmosis',
      'di water system', 'deionizer', 'water still', 'distiller', 'microtome', 'rotary microtome', 'cryostat',
      'cryotome', 'tissue processor', 'embedding station', 'tissue embedding', 'slide stainer', 'coverslipper',
      'histology', 'leica cm1950', 'leica cm1860', 'leica cm3050', 'leica rm2235', 'leica rm2255', 'leica rm2125',
      'hm 355s', 'hm 525', 'leica asp300', 'peloris', 'tissue-tek', 'tissue-tek vip', 'histocore', 'autostainer',
      'refractometer', 'viscometer', 'rheometer', 'polarimeter', 'melting point apparatus', 'density meter',
      'osmometer', 'particle size analyzer', 'mastersizer', 'zetasizer', 'nanosight', 'tensiometer',
      'bioreactor', 'fermenter', 'fermentor', 'biostat', 'applikon', 'bioflo', 'celligen', 'dasgip',
      'colony picker', 'lab glassware', 'desiccator', 'dessicator', 'vacuum desiccator', 'lab bench',
      'lab furniture', 'laboratory furniture', 'flammable cabinet', 'flammable storage cabinet', 'acid cabinet',
      'corrosive cabinet', 'chemical storage cabinet', 'lab cart', 'ice machine', 'ice maker',
      'flake ice machine', 'eyewash station', 'safety shower', 'gas regulator', 'thermometer', 'data logger',
      'temperature logger', 'microwave digestion', 'digestion system', 'kjeldahl', 'soxhlet',
      'solid phase extraction', 'spe manifold', 'vacuum manifold', 'vacuum filtration', 'ball mill',
      'planetary ball mill', 'cryomill', 'retsch', 'mixer mill', 'jaw crusher', 'sieve shaker', 'test sieve',
      'uv crosslinker', 'stratalinker', 'magnetic separator', 'dynamag',
    ],
    synonyms: [
      ['water purification system', 'ultrapure water system', 'pure water system', 'milli-q', 'di water system', 'lab water system', 'water purifier'],
      ['microtome', 'rotary microtome', 'sliding microtome'],
      ['cryostat', 'cryotome', 'cryostat microtome', 'frozen section cryostat'],
      ['tissue processor', 'tissue processing system', 'histology processor'],
      ['bioreactor', 'fermenter', 'fermentor', 'cell culture bioreactor'],
      ['flammable cabinet', 'flammable storage cabinet', 'safety storage cabinet', 'flammables cabinet'],
      ['ice machine', 'ice maker', 'flake ice machine', 'ice flaker'],
      ['eyewash station', 'emergency eyewash', 'eye wash station', 'safety shower'],
      ['desiccator', 'dessicator', 'vacuum desiccator', 'desiccator cabinet', 'dry cabinet'],
      ['ball mill', 'planetary ball mill', 'mixer mill', 'grinding mill', 'laboratory mill'],
      ['uv crosslinker', 'uv cross-linker', 'stratalinker'],
      ['viscometer', 'viscosimeter', 'rheometer'],
      ['refractometer', 'abbe refractometer', 'digital refractometer'],
      ['particle size analyzer', 'particle sizer', 'laser diffraction analyzer'],
    ],
    typicalPriceRange: [20, 100000],
    manufacturers: [
      'Thermo Fisher Scientific', 'Merck Millipore', 'MilliporeSigma', 'Elga', 'Veolia', 'Sartorius',
      'Leica Biosystems', 'Sakura Finetek', 'Epredia', 'Retsch', 'Fritsch', 'Anton Paar', 'Brookfield',
      'Malvern Panalytical', 'Eppendorf', 'Applikon', 'Justrite', 'Scotsman', 'Hoshizaki', 'Kewaunee',
      'Corning', 'Cole-Parmer', 'Bel-Art', 'Fisher Scientific',
    ],
  },
];

/** Every family id, in taxonomy order. */
export const FAMILY_IDS: readonly string[] = TAXONOMY.map((f) => f.id);

/** Every synonym group of every family, for query expansion. */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = TAXONOMY.flatMap((f) => f.synonyms);

const familiesById = new Map(TAXONOMY.map((f) => [f.id, f]));

export function findFamily(id: string | null | undefined): EquipmentFamily | undefined {
  return id ? familiesById.get(id) : undefined;
}

/** Folds a simple English plural so 'centrifuges' matches 'centrifuge'. */
function singular(token: string): string {
  if (token.length <= 3 || /\d/.test(token)) return token;
  if (token.endsWith('ies') && token.length > 4) return `${token.slice(0, -3)}y`;
  if (/(xes|ches|shes|sses)$/.test(token)) return token.slice(0, -2);
  if (token.endsWith('s') && !/(ss|us|is)$/.test(token)) return token.slice(0, -1);
  return token;
}

/**
 * Normal form used for every match: lower case, accents stripped, '&' as 'and', every run
 * of other characters a single space, simple plurals folded.
 */
export function normalizeForMatch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9+]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .map(singular)
    .join(' ');
}

/**
 * The phrases interchangeable with `term` (itself included), from every synonym group
 * that contains it; [] when it is in none.
 */
export function synonymsOf(term: string): string[] {
  const key = normalizeForMatch(term);
  if (!key) return [];
  const out = new Set<string>();
  for (const group of SYNONYM_GROUPS) {
    if (group.some((phrase) => normalizeForMatch(phrase) === key)) {
      for (const phrase of group) out.add(phrase);
    }
  }
  return [...out];
}

interface CompiledFamily {
  family: EquipmentFamily;
  /** Normalised phrase → weight. */
  phrases: Map<string, number>;
  manufacturers: string[];
}

/** A longer phrase is more specific, so it weighs more. */
const phraseWeight = (phrase: string) => 1 + 0.5 * (phrase.split(' ').length - 1);
const MANUFACTURER_WEIGHT = 0.25;
const TITLE_WEIGHT = 3;

let compiled: CompiledFamily[] | undefined;
function compile(): CompiledFamily[] {
  compiled ??= TAXONOMY.map((family) => {
    const phrases = new Map<string, number>();
    for (const phrase of family.keywords) {
      const key = normalizeForMatch(phrase);
      if (key) phrases.set(key, phraseWeight(key));
    }
    for (const phrase of family.synonyms.flat()) {
      const key = normalizeForMatch(phrase);
      // Short single-word synonyms ('ct', 'gc', 'sem') help a search but are too ambiguous
      // to categorise free text with; they count only when also listed as keywords.
      if (key && (key.includes(' ') || key.length >= 4)) phrases.set(key, phraseWeight(key));
    }
    const manufacturers = [...new Set(family.manufacturers.map(normalizeForMatch).filter(Boolean))];
    return { family, phrases, manufacturers };
  });
  return compiled;
}

function scoreText(padded: string, entry: CompiledFamily): { keywords: number; brands: number } {
  let keywords = 0;
  for (const [phrase, weight] of entry.phrases) {
    if (padded.includes(` ${phrase} `)) keywords += weight;
  }
  let brands = 0;
  for (const brand of entry.manufacturers) {
    if (padded.includes(` ${brand} `)) brands += MANUFACTURER_WEIGHT;
  }
  return { keywords, brands };
}

export interface FamilyScore {
  id: string;
  score: number;
}

export type CategorizeInput = string | { title: string; description?: string | null };

/**
 * Every family with a keyword hit, best first. A hit in the title counts three times as
 * much as one in the description; a phrase of n words weighs 1 + (n − 1)/2; a brand name
 * only adds a little (brands make many kinds of equipment). Ties keep taxonomy order.
 */
export function scoreFamilies(input: CategorizeInput): FamilyScore[] {
  const title = typeof input === 'string' ? input : input.title;
  const description = typeof input === 'string' ? '' : (input.description ?? '');
  const paddedTitle = ` ${normalizeForMatch(title)} `;
  const paddedDescription = ` ${normalizeForMatch(description)} `;
  const scores: FamilyScore[] = [];
  for (const entry of compile()) {
    const t = scoreText(paddedTitle, entry);
    const d = description ? scoreText(paddedDescription, entry) : { keywords: 0, brands: 0 };
    const keywordScore = TITLE_WEIGHT * t.keywords + d.keywords;
    if (keywordScore === 0) continue;
    scores.push({ id: entry.family.id, score: keywordScore + TITLE_WEIGHT * t.brands + d.brands });
  }
  // Array.prototype.sort is stable, so equal scores keep taxonomy order.
  return scores.sort((a, b) => b.score - a.score);
}

/** The best-matching family id for a listing's text, or null when nothing matches. */
export function categorize(input: CategorizeInput): string | null {
  return scoreFamilies(input)[0]?.id ?? null;
}
