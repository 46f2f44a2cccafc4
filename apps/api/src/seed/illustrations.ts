/**
 * Flat illustrations of each equipment family for the demo catalog's generated photos:
 * SVG drawn on a 1200 × 720 area (the caption band below is added per listing). Shapes
 * only; every colour comes from the family's palette or the neutrals here.
 */

interface Palette {
  main: string;
  dark: string;
  light: string;
  pale: string;
}

const BODY = '#f4f6f9';
const WHITE = '#ffffff';
const SHADE = '#dfe4ea';
const LINE = '#9aa5b1';
const INK = '#27313d';
const SCREEN = '#17212c';
const GLASS = '#d8edf8';
const SHADOW = 'rgba(15,23,42,0.10)';
const GREEN = '#34d399';
const CYAN = '#38bdf8';
const YELLOW = '#fbbf24';

function hexToRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function mix(hex: string, toward: [number, number, number], amount: number): string {
  const rgb = hexToRgb(hex);
  const out = rgb.map((c, i) => Math.round(c + ((toward[i] ?? 0) - c) * amount));
  return `#${out.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

export function paletteOf(color: string): Palette {
  return {
    main: color,
    dark: mix(color, [0, 0, 0], 0.4),
    light: mix(color, [255, 255, 255], 0.55),
    pale: mix(color, [255, 255, 255], 0.9),
  };
}

const shadow = (cx: number, cy: number, rx: number) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${Math.round(rx / 12)}" fill="${SHADOW}"/>`;

function centrifuge(p: Palette): string {
  return `${shadow(600, 650, 380)}
  <rect x="250" y="370" width="700" height="270" rx="48" fill="${BODY}"/>
  <rect x="250" y="560" width="700" height="80" rx="36" fill="${SHADE}"/>
  <path d="M285 392 Q290 235 600 222 Q910 235 915 392 Z" fill="${p.main}"/>
  <path d="M350 330 Q410 270 560 252" stroke="${p.light}" stroke-width="14" fill="none" stroke-linecap="round"/>
  <ellipse cx="600" cy="338" rx="170" ry="44" fill="${p.dark}"/>
  <ellipse cx="600" cy="338" rx="120" ry="28" fill="${INK}"/>
  <ellipse cx="528" cy="338" rx="30" ry="11" fill="${p.light}"/>
  <ellipse cx="672" cy="338" rx="30" ry="11" fill="${p.light}"/>
  <ellipse cx="600" cy="322" rx="24" ry="8" fill="${p.light}"/>
  <ellipse cx="600" cy="354" rx="24" ry="8" fill="${p.light}"/>
  <circle cx="600" cy="338" r="10" fill="${LINE}"/>
  <rect x="390" y="435" width="420" height="120" rx="20" fill="${SCREEN}"/>
  <rect x="416" y="460" width="190" height="70" rx="10" fill="#0f3b33"/>
  <rect x="432" y="478" width="34" height="34" rx="4" fill="${GREEN}"/>
  <rect x="474" y="478" width="34" height="34" rx="4" fill="${GREEN}"/>
  <rect x="516" y="478" width="34" height="34" rx="4" fill="${GREEN}"/>
  <rect x="558" y="478" width="34" height="34" rx="4" fill="${GREEN}"/>
  <circle cx="660" cy="495" r="22" fill="${p.main}"/>
  <circle cx="722" cy="495" r="22" fill="${p.light}"/>
  <circle cx="778" cy="495" r="14" fill="${LINE}"/>
  <rect x="300" y="636" width="60" height="18" rx="6" fill="${INK}"/>
  <rect x="840" y="636" width="60" height="18" rx="6" fill="${INK}"/>`;
}

function microscope(p: Palette): string {
  return `${shadow(600, 668, 300)}
  <rect x="360" y="600" width="460" height="64" rx="24" fill="${p.dark}"/>
  <circle cx="520" cy="600" r="26" fill="#fde68a"/>
  <path d="M690 610 L690 330 Q690 236 598 236 L470 236 L470 296 L600 296 Q630 296 630 326 L630 610 Z" fill="${p.main}"/>
  <g transform="rotate(-32 470 250)">
    <rect x="300" y="226" width="190" height="50" rx="12" fill="${INK}"/>
    <rect x="270" y="220" width="48" height="62" rx="10" fill="${p.dark}"/>
  </g>
  <g transform="rotate(-32 470 200)">
    <rect x="330" y="176" width="150" height="40" rx="10" fill="${SCREEN}"/>
    <rect x="300" y="171" width="44" height="50" rx="9" fill="${p.dark}"/>
  </g>
  <path d="M440 296 L560 296 L545 346 L455 346 Z" fill="${INK}"/>
  <rect x="462" y="342" width="22" height="56" rx="6" fill="${LINE}" transform="rotate(12 473 342)"/>
  <rect x="491" y="344" width="22" height="66" rx="6" fill="${SHADE}"/>
  <rect x="520" y="342" width="22" height="56" rx="6" fill="${LINE}" transform="rotate(-12 531 342)"/>
  <rect x="360" y="432" width="330" height="24" rx="8" fill="${INK}"/>
  <rect x="430" y="418" width="120" height="14" rx="4" fill="${GLASS}"/>
  <rect x="482" y="456" width="56" height="44" rx="8" fill="${SCREEN}"/>
  <circle cx="690" cy="520" r="40" fill="${p.dark}"/>
  <circle cx="690" cy="520" r="20" fill="${p.light}"/>
  <circle cx="690" cy="420" r="22" fill="${p.dark}"/>`;
}

function incubator(p: Palette): string {
  const flasks = [0, 1, 2]
    .map((row) => {
      const y = 300 + row * 110;
      return `<rect x="450" y="${y + 54}" width="300" height="8" rx="3" fill="${LINE}"/>
      <path d="M470 ${y + 54} L470 ${y + 14} L540 ${y + 14} L560 ${y} L580 ${y + 8} L562 ${y + 24} L562 ${y + 54} Z" fill="${p.light}"/>
      <path d="M600 ${y + 54} L600 ${y + 14} L670 ${y + 14} L690 ${y} L710 ${y + 8} L692 ${y + 24} L692 ${y + 54} Z" fill="#f9a8d4"/>`;
    })
    .join('');
  return `${shadow(600, 672, 260)}
  <rect x="370" y="100" width="460" height="560" rx="26" fill="${BODY}"/>
  <rect x="370" y="600" width="460" height="60" rx="20" fill="${SHADE}"/>
  <rect x="392" y="122" width="416" height="56" rx="12" fill="${SCREEN}"/>
  <text x="414" y="160" font-family="DejaVu Sans Mono" font-size="26" fill="${GREEN}">37.0°C  5.0% CO2</text>
  <rect x="392" y="186" width="416" height="10" rx="5" fill="${p.main}"/>
  <rect x="410" y="212" width="380" height="380" rx="14" fill="${WHITE}"/>
  <rect x="430" y="232" width="340" height="340" rx="10" fill="${GLASS}"/>
  ${flasks}
  <rect x="800" y="330" width="16" height="150" rx="8" fill="${p.main}"/>`;
}

function freezer(p: Palette): string {
  const flake = (cx: number, cy: number, r: number) =>
    [0, 60, 120]
      .map(
        (a) =>
          `<rect x="${cx - 6}" y="${cy - r}" width="12" height="${2 * r}" rx="6" fill="${p.light}" transform="rotate(${a} ${cx} ${cy})"/>`,
      )
      .join('');
  return `${shadow(600, 672, 240)}
  <rect x="400" y="60" width="400" height="600" rx="22" fill="${WHITE}"/>
  <rect x="770" y="60" width="30" height="600" rx="12" fill="${SHADE}"/>
  <rect x="400" y="60" width="400" height="96" rx="22" fill="${p.main}"/>
  <rect x="430" y="82" width="170" height="52" rx="8" fill="${SCREEN}"/>
  <text x="446" y="120" font-family="DejaVu Sans Mono" font-size="30" fill="${CYAN}">-80°C</text>
  <circle cx="640" cy="108" r="10" fill="${GREEN}"/>
  <rect x="418" y="172" width="346" height="466" rx="12" fill="${BODY}"/>
  <rect x="712" y="300" width="30" height="200" rx="12" fill="${p.dark}"/>
  ${flake(565, 400, 70)}
  <circle cx="440" cy="664" r="12" fill="${INK}"/>
  <circle cx="760" cy="664" r="12" fill="${INK}"/>`;
}

function thermalCycler(p: Palette): string {
  const curves = [0, 1, 2, 3]
    .map((i) => {
      const shift = i * 26;
      const color = [GREEN, CYAN, YELLOW, '#f472b6'][i];
      return `<path d="M372 ${556} C ${440 + shift} 556, ${470 + shift} 556, ${500 + shift} 500 S ${540 + shift} 452, 580 ${452 + i * 6}" stroke="${color}" stroke-width="5" fill="none"/>`;
    })
    .join('');
  const wells: string[] = [];
  for (let r = 0; r < 8; r++) {
    for (let c = 0; c < 12; c++) {
      wells.push(`<circle cx="${668 + c * 17}" cy="${470 + r * 15}" r="5.5" fill="${(r + c) % 5 === 0 ? p.main : p.light}"/>`);
    }
  }
  return `${shadow(600, 648, 360)}
  <rect x="260" y="350" width="680" height="290" rx="34" fill="${BODY}"/>
  <rect x="260" y="580" width="680" height="60" rx="26" fill="${SHADE}"/>
  <path d="M280 360 Q290 270 380 262 L820 262 Q910 270 920 360 Z" fill="${p.main}"/>
  <rect x="360" y="292" width="480" height="16" rx="8" fill="${p.dark}"/>
  <rect x="340" y="420" width="266" height="160" rx="14" fill="${SCREEN}"/>
  ${curves}
  <rect x="648" y="450" width="236" height="140" rx="10" fill="${WHITE}" stroke="${LINE}" stroke-width="3"/>
  ${wells.join('')}`;
}

function chromatography(p: Palette): string {
  const bottles = [0, 1, 2, 3]
    .map((i) => {
      const x = 462 + i * 72;
      return `<rect x="${x}" y="108" width="52" height="92" rx="10" fill="${GLASS}"/>
      <rect x="${x}" y="140" width="52" height="60" rx="8" fill="${i % 2 ? p.light : '#bfdbfe'}"/>
      <rect x="${x + 14}" y="92" width="24" height="20" rx="4" fill="${INK}"/>`;
    })
    .join('');
  const modules = [0, 1, 2, 3]
    .map((i) => {
      const y = 226 + i * 104;
      return `<rect x="430" y="${y}" width="340" height="96" rx="10" fill="${i === 3 ? SHADE : BODY}"/>
      <rect x="430" y="${y}" width="340" height="14" rx="6" fill="${p.main}"/>
      <circle cx="462" cy="${y + 56}" r="9" fill="${i === 2 ? YELLOW : GREEN}"/>
      <rect x="560" y="${y + 36}" width="180" height="40" rx="6" fill="${i === 1 ? SCREEN : WHITE}"/>`;
    })
    .join('');
  return `${shadow(600, 660, 260)}
  <rect x="440" y="196" width="320" height="26" rx="6" fill="${INK}"/>
  ${bottles}
  ${modules}
  <path d="M488 108 Q400 120 404 260 L404 600" stroke="${LINE}" stroke-width="5" fill="none"/>
  <path d="M632 108 Q390 130 396 300 L396 600" stroke="${p.light}" stroke-width="5" fill="none"/>
  <rect x="796" y="300" width="30" height="230" rx="10" fill="${p.dark}"/>
  <rect x="804" y="280" width="14" height="24" rx="4" fill="${LINE}"/>
  <path d="M811 530 Q811 600 770 600" stroke="${LINE}" stroke-width="5" fill="none"/>`;
}

function massSpec(p: Palette): string {
  const vents = [0, 1, 2, 3, 4, 5]
    .map((i) => `<rect x="720" y="${430 + i * 26}" width="170" height="10" rx="5" fill="${SHADE}"/>`)
    .join('');
  return `${shadow(600, 656, 400)}
  <rect x="220" y="270" width="760" height="376" rx="34" fill="${BODY}"/>
  <rect x="220" y="270" width="760" height="70" rx="30" fill="${p.main}"/>
  <rect x="220" y="310" width="760" height="30" fill="${p.main}"/>
  <circle cx="380" cy="480" r="110" fill="${SHADE}"/>
  <circle cx="380" cy="480" r="80" fill="${p.dark}"/>
  <path d="M380 440 L430 480 L380 520 Z" fill="${p.light}"/>
  <circle cx="380" cy="480" r="16" fill="${INK}"/>
  <rect x="530" y="380" width="160" height="110" rx="10" fill="${SCREEN}"/>
  <path d="M546 470 L570 470 L576 420 L584 470 L612 470 L620 400 L628 470 L672 470" stroke="${GREEN}" stroke-width="4" fill="none"/>
  <circle cx="560" cy="540" r="12" fill="${GREEN}"/>
  <circle cx="600" cy="540" r="12" fill="${YELLOW}"/>
  ${vents}
  <rect x="150" y="420" width="70" height="200" rx="10" fill="${SHADE}"/>
  <path d="M185 420 Q185 380 260 380 L290 380" stroke="${LINE}" stroke-width="5" fill="none"/>`;
}

function spectrophotometer(p: Palette): string {
  return `${shadow(600, 650, 330)}
  <path d="M300 640 L300 420 Q300 380 340 376 L860 340 Q900 338 900 380 L900 640 Z" fill="${BODY}"/>
  <rect x="300" y="590" width="600" height="50" rx="16" fill="${SHADE}"/>
  <path d="M560 358 L880 336 Q896 336 896 352 L896 392 L560 414 Z" fill="${p.main}"/>
  <rect x="340" y="430" width="250" height="150" rx="12" fill="${SCREEN}"/>
  <path d="M356 560 C 400 560, 420 450, 452 452 S 500 540, 520 520 S 560 470, 574 560" stroke="${YELLOW}" stroke-width="5" fill="none"/>
  <rect x="640" y="460" width="220" height="30" rx="8" fill="${WHITE}"/>
  <circle cx="664" cy="540" r="18" fill="${p.main}"/>
  <circle cx="716" cy="540" r="18" fill="${p.light}"/>
  <circle cx="768" cy="540" r="18" fill="${p.light}"/>
  <rect x="190" y="470" width="54" height="150" rx="6" fill="${GLASS}"/>
  <rect x="190" y="540" width="54" height="80" rx="6" fill="${p.light}"/>
  <rect x="186" y="458" width="62" height="18" rx="4" fill="${INK}"/>`;
}

function biosafetyCabinet(p: Palette): string {
  return `${shadow(600, 686, 330)}
  <rect x="290" y="70" width="620" height="110" rx="18" fill="${p.main}"/>
  <rect x="330" y="100" width="180" height="46" rx="8" fill="${SCREEN}"/>
  <circle cx="548" cy="123" r="10" fill="${GREEN}"/>
  <rect x="290" y="180" width="620" height="310" fill="${BODY}"/>
  <rect x="320" y="196" width="560" height="270" rx="8" fill="${GLASS}"/>
  <path d="M360 210 L450 210 L340 430 L320 430 L320 290 Z" fill="${WHITE}" opacity="0.55"/>
  <path d="M520 210 L560 210 L420 466 L380 466 Z" fill="${WHITE}" opacity="0.45"/>
  <rect x="320" y="380" width="560" height="14" fill="${p.light}"/>
  <rect x="290" y="466" width="620" height="24" fill="${SHADE}"/>
  <rect x="290" y="490" width="620" height="60" rx="8" fill="${p.dark}"/>
  <rect x="330" y="550" width="24" height="126" rx="6" fill="${INK}"/>
  <rect x="846" y="550" width="24" height="126" rx="6" fill="${INK}"/>
  <rect x="330" y="610" width="540" height="14" rx="6" fill="${LINE}"/>`;
}

function autoclave(p: Palette): string {
  return `${shadow(600, 652, 330)}
  <rect x="300" y="210" width="600" height="430" rx="36" fill="${BODY}"/>
  <rect x="300" y="580" width="600" height="60" rx="24" fill="${SHADE}"/>
  <circle cx="520" cy="425" r="170" fill="${SHADE}"/>
  <circle cx="520" cy="425" r="140" fill="${WHITE}"/>
  <circle cx="520" cy="425" r="104" fill="${p.pale}"/>
  <rect x="380" y="404" width="280" height="42" rx="20" fill="${p.main}"/>
  <circle cx="520" cy="425" r="32" fill="${p.dark}"/>
  <rect x="730" y="250" width="140" height="300" rx="16" fill="${SCREEN}"/>
  <circle cx="800" cy="320" r="46" fill="${WHITE}"/>
  <path d="M800 320 L830 296" stroke="#dc2626" stroke-width="6" stroke-linecap="round"/>
  <circle cx="800" cy="320" r="7" fill="${INK}"/>
  <rect x="750" y="400" width="100" height="40" rx="6" fill="#0f3b33"/>
  <circle cx="772" cy="490" r="14" fill="${GREEN}"/>
  <circle cx="826" cy="490" r="14" fill="${p.main}"/>
  <path d="M430 190 Q410 160 430 130 T430 70" stroke="${LINE}" stroke-width="10" fill="none" stroke-linecap="round" opacity="0.6"/>
  <path d="M520 190 Q500 160 520 130 T520 80" stroke="${LINE}" stroke-width="10" fill="none" stroke-linecap="round" opacity="0.6"/>
  <path d="M610 190 Q590 160 610 130 T610 70" stroke="${LINE}" stroke-width="10" fill="none" stroke-linecap="round" opacity="0.6"/>`;
}

function patientMonitor(p: Palette): string {
  return `${shadow(600, 676, 220)}
  <path d="M500 120 Q500 80 540 80 L660 80 Q700 80 700 120" stroke="${LINE}" stroke-width="18" fill="none"/>
  <rect x="270" y="118" width="660" height="470" rx="36" fill="${BODY}"/>
  <rect x="270" y="118" width="660" height="34" rx="16" fill="${p.main}"/>
  <rect x="300" y="160" width="600" height="400" rx="14" fill="${SCREEN}"/>
  <path d="M318 250 L380 250 L392 230 L404 250 L420 250 L430 186 L442 290 L452 250 L520 250 L532 230 L544 250 L560 250 L570 186 L582 290 L592 250 L660 250" stroke="${GREEN}" stroke-width="5" fill="none" stroke-linejoin="round"/>
  <path d="M318 380 Q350 320 380 360 T440 360 T500 360 T560 360 T620 360 T660 370" stroke="${CYAN}" stroke-width="5" fill="none"/>
  <path d="M318 490 Q360 440 400 490 T480 490 T560 490 T640 490" stroke="${YELLOW}" stroke-width="5" fill="none"/>
  <text x="690" y="262" font-family="DejaVu Sans" font-weight="bold" font-size="76" fill="${GREEN}">72</text>
  <text x="690" y="390" font-family="DejaVu Sans" font-weight="bold" font-size="64" fill="${CYAN}">98%</text>
  <text x="690" y="500" font-family="DejaVu Sans" font-weight="bold" font-size="46" fill="${WHITE}">120/80</text>
  <rect x="560" y="588" width="80" height="70" fill="${LINE}"/>
  <rect x="470" y="652" width="260" height="22" rx="10" fill="${INK}"/>`;
}

function ultrasound(p: Palette): string {
  return `${shadow(600, 684, 260)}
  <g transform="rotate(-6 600 200)">
    <rect x="410" y="70" width="380" height="260" rx="20" fill="${INK}"/>
    <rect x="428" y="88" width="344" height="224" rx="10" fill="${SCREEN}"/>
    <path d="M600 104 L700 290 Q600 320 500 290 Z" fill="#4b5563"/>
    <path d="M560 200 Q600 170 640 210 Q610 250 570 240 Z" fill="#111827"/>
    <path d="M520 270 Q600 240 680 270" stroke="#9ca3af" stroke-width="4" fill="none"/>
  </g>
  <rect x="580" y="330" width="40" height="60" fill="${LINE}"/>
  <path d="M360 400 L840 400 L880 480 L320 480 Z" fill="${BODY}"/>
  <path d="M320 480 L880 480 L880 500 L320 500 Z" fill="${SHADE}"/>
  <circle cx="600" cy="440" r="24" fill="${p.main}"/>
  <rect x="420" y="420" width="110" height="36" rx="6" fill="${SHADE}"/>
  <rect x="670" y="420" width="110" height="36" rx="6" fill="${SHADE}"/>
  <rect x="540" y="500" width="120" height="120" fill="${p.main}"/>
  <path d="M430 620 L770 620 L800 650 L400 650 Z" fill="${p.dark}"/>
  <circle cx="430" cy="664" r="16" fill="${INK}"/>
  <circle cx="770" cy="664" r="16" fill="${INK}"/>
  <rect x="860" y="410" width="30" height="70" rx="14" fill="${p.light}"/>
  <path d="M875 480 Q890 580 820 600" stroke="${INK}" stroke-width="6" fill="none"/>
  <rect x="312" y="410" width="30" height="70" rx="14" fill="${p.light}"/>
  <path d="M327 480 Q312 580 380 600" stroke="${INK}" stroke-width="6" fill="none"/>`;
}

function infusionPump(p: Palette): string {
  return `${shadow(600, 684, 200)}
  <rect x="592" y="60" width="16" height="610" rx="6" fill="${LINE}"/>
  <path d="M600 660 L470 684 M600 660 L730 684 M600 660 L600 690" stroke="${INK}" stroke-width="12" stroke-linecap="round"/>
  <path d="M600 66 L660 66 L660 92" stroke="${LINE}" stroke-width="8" fill="none"/>
  <path d="M620 96 L700 96 Q712 96 712 110 L712 230 Q712 262 680 262 L640 262 Q608 262 608 230 L608 110 Q608 96 620 96 Z" fill="${GLASS}"/>
  <path d="M608 160 L712 160 L712 230 Q712 262 680 262 L640 262 Q608 262 608 230 Z" fill="${p.light}" opacity="0.8"/>
  <rect x="630" y="118" width="60" height="30" rx="4" fill="${WHITE}"/>
  <path d="M660 262 L660 300 Q660 330 700 340 L700 360" stroke="${p.dark}" stroke-width="5" fill="none"/>
  <rect x="420" y="330" width="360" height="260" rx="26" fill="${BODY}"/>
  <rect x="420" y="330" width="360" height="40" rx="20" fill="${p.main}"/>
  <rect x="450" y="392" width="200" height="110" rx="10" fill="${SCREEN}"/>
  <text x="466" y="444" font-family="DejaVu Sans" font-weight="bold" font-size="34" fill="${GREEN}">125</text>
  <text x="466" y="482" font-family="DejaVu Sans" font-size="24" fill="${CYAN}">mL/h</text>
  <rect x="670" y="392" width="84" height="170" rx="10" fill="${p.pale}"/>
  <rect x="692" y="412" width="40" height="130" rx="8" fill="${p.light}"/>
  <circle cx="470" cy="540" r="16" fill="${GREEN}"/>
  <circle cx="520" cy="540" r="16" fill="#f87171"/>
  <circle cx="570" cy="540" r="16" fill="${SHADE}"/>
  <circle cx="620" cy="540" r="16" fill="${SHADE}"/>
  <path d="M712 590 L712 640 Q712 660 740 660" stroke="${p.dark}" stroke-width="5" fill="none"/>`;
}

function defibrillator(p: Palette): string {
  return `${shadow(600, 654, 300)}
  <path d="M500 210 Q500 150 560 150 L640 150 Q700 150 700 210" stroke="${INK}" stroke-width="26" fill="none"/>
  <rect x="340" y="200" width="520" height="440" rx="44" fill="${p.main}"/>
  <rect x="370" y="230" width="460" height="170" rx="14" fill="${SCREEN}"/>
  <path d="M386 320 L470 320 L484 296 L498 320 L520 320 L534 250 L550 380 L562 320 L640 320 L654 296 L668 320 L690 320 L704 250 L720 380 L732 320 L814 320" stroke="${GREEN}" stroke-width="5" fill="none" stroke-linejoin="round"/>
  <path d="M600 560 C 520 500, 470 460, 500 430 C 530 404, 580 420, 600 450 C 620 420, 670 404, 700 430 C 730 460, 680 500, 600 560 Z" fill="${WHITE}"/>
  <path d="M612 440 L584 494 L606 494 L592 540 L628 478 L606 478 Z" fill="${YELLOW}"/>
  <circle cx="420" cy="590" r="24" fill="${YELLOW}"/>
  <circle cx="780" cy="590" r="24" fill="${WHITE}"/>
  <rect x="196" y="360" width="110" height="170" rx="24" fill="${INK}"/>
  <rect x="894" y="360" width="110" height="170" rx="24" fill="${INK}"/>
  <path d="M306 450 Q330 450 340 440 M894 450 Q870 450 860 440" stroke="${INK}" stroke-width="8" fill="none"/>`;
}

function balance(p: Palette): string {
  return `${shadow(600, 660, 300)}
  <rect x="330" y="500" width="540" height="150" rx="26" fill="${BODY}"/>
  <rect x="330" y="600" width="540" height="50" rx="20" fill="${SHADE}"/>
  <rect x="380" y="160" width="440" height="340" rx="12" fill="${GLASS}" stroke="${LINE}" stroke-width="8"/>
  <path d="M420 180 L480 180 L400 300 L400 240 Z" fill="${WHITE}" opacity="0.6"/>
  <rect x="380" y="150" width="440" height="24" rx="8" fill="${p.main}"/>
  <rect x="560" y="470" width="80" height="30" fill="${LINE}"/>
  <ellipse cx="600" cy="468" rx="120" ry="18" fill="${INK}"/>
  <rect x="420" y="540" width="240" height="50" rx="8" fill="${SCREEN}"/>
  <text x="436" y="577" font-family="DejaVu Sans Mono" font-size="32" fill="${GREEN}">0.0000 g</text>
  <circle cx="710" cy="565" r="16" fill="${p.main}"/>
  <circle cx="760" cy="565" r="16" fill="${p.light}"/>
  <circle cx="810" cy="565" r="16" fill="${p.light}"/>`;
}

function pipettes(p: Palette): string {
  const pipette = (x: number, angle: number, scale: number, color: string) => `
  <g transform="translate(${x} 90) rotate(${angle}) scale(${scale})">
    <rect x="-18" y="0" width="36" height="40" rx="10" fill="${color}"/>
    <rect x="-8" y="36" width="16" height="30" fill="${LINE}"/>
    <path d="M-40 66 L40 66 Q48 66 48 80 L40 300 Q38 320 20 320 L-20 320 Q-38 320 -40 300 Z" fill="${color}"/>
    <rect x="-30" y="100" width="60" height="40" rx="6" fill="${SCREEN}"/>
    <rect x="30" y="170" width="26" height="60" rx="8" fill="${SHADE}"/>
    <path d="M-18 320 L18 320 L8 420 L-8 420 Z" fill="${SHADE}"/>
    <path d="M-8 420 L8 420 L3 500 L-3 500 Z" fill="${GLASS}" stroke="${LINE}" stroke-width="2"/>
  </g>`;
  return `${shadow(600, 664, 340)}
  ${pipette(440, -14, 1, p.main)}
  ${pipette(600, 0, 1.06, p.dark)}
  ${pipette(760, 14, 1, p.light)}
  <rect x="320" y="600" width="560" height="56" rx="10" fill="${BODY}"/>
  <rect x="340" y="586" width="520" height="20" rx="6" fill="${p.pale}"/>`;
}

function shaker(p: Palette): string {
  const flask = (cx: number, liquid: string) => `
  <path d="M${cx - 22} 330 L${cx - 22} 390 L${cx - 80} 500 Q${cx - 86} 516 ${cx - 68} 516 L${cx + 68} 516 Q${cx + 86} 516 ${cx + 80} 500 L${cx + 22} 390 L${cx + 22} 330 Z" fill="${GLASS}"/>
  <path d="M${cx - 56} 456 L${cx + 56} 456 L${cx + 80} 500 Q${cx + 86} 516 ${cx + 68} 516 L${cx - 68} 516 Q${cx - 86} 516 ${cx - 80} 500 Z" fill="${liquid}"/>
  <rect x="${cx - 28}" y="316" width="56" height="22" rx="6" fill="${SHADE}"/>`;
  return `${shadow(600, 660, 360)}
  <path d="M340 250 Q290 300 300 360" stroke="${p.light}" stroke-width="10" fill="none" stroke-linecap="round"/>
  <path d="M860 250 Q910 300 900 360" stroke="${p.light}" stroke-width="10" fill="none" stroke-linecap="round"/>
  ${flask(440, '#fcd34d')}
  ${flask(600, p.light)}
  ${flask(760, '#fca5a5')}
  <rect x="300" y="516" width="600" height="26" rx="6" fill="${LINE}"/>
  <rect x="320" y="542" width="560" height="110" rx="24" fill="${p.main}"/>
  <rect x="380" y="570" width="170" height="52" rx="8" fill="${SCREEN}"/>
  <text x="396" y="608" font-family="DejaVu Sans Mono" font-size="30" fill="${GREEN}">220 rpm</text>
  <circle cx="760" cy="596" r="30" fill="${WHITE}"/>
  <circle cx="760" cy="596" r="12" fill="${p.dark}"/>`;
}

function flowCytometer(p: Palette): string {
  const dots: string[] = [];
  // A fixed scatter pattern: two populations on the dot plot.
  for (let i = 0; i < 90; i++) {
    const a = (i * 137.5 * Math.PI) / 180;
    const r = 6 + (i % 15) * 2.6;
    const inFirst = i % 3 !== 0;
    const cx = (inFirst ? 640 : 720) + Math.cos(a) * r;
    const cy = (inFirst ? 470 : 380) + Math.sin(a) * r * 0.8;
    dots.push(`<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="4" fill="${inFirst ? CYAN : '#f472b6'}"/>`);
  }
  return `${shadow(600, 660, 380)}
  <rect x="420" y="230" width="480" height="420" rx="30" fill="${BODY}"/>
  <rect x="420" y="230" width="480" height="80" rx="28" fill="${p.main}"/>
  <rect x="420" y="280" width="480" height="30" fill="${p.main}"/>
  <rect x="560" y="330" width="240" height="190" rx="10" fill="${SCREEN}"/>
  <path d="M580 340 L580 505 L790 505" stroke="${LINE}" stroke-width="3" fill="none"/>
  ${dots.join('')}
  <rect x="460" y="560" width="400" height="50" rx="10" fill="${SHADE}"/>
  <rect x="470" y="340" width="60" height="160" rx="10" fill="${p.dark}"/>
  <rect x="490" y="380" width="20" height="80" rx="4" fill="${GLASS}"/>
  <rect x="250" y="380" width="70" height="270" rx="14" fill="${GLASS}"/>
  <rect x="250" y="470" width="70" height="180" rx="12" fill="#bfdbfe"/>
  <rect x="330" y="420" width="70" height="230" rx="14" fill="${GLASS}"/>
  <rect x="330" y="540" width="70" height="110" rx="12" fill="${p.light}"/>
  <path d="M285 380 Q285 340 420 340 M365 420 Q365 370 420 370" stroke="${LINE}" stroke-width="5" fill="none"/>`;
}

function gelImaging(p: Palette): string {
  const lanes: string[] = [];
  for (let l = 0; l < 8; l++) {
    const x = 340 + l * 50;
    lanes.push(`<rect x="${x}" y="330" width="34" height="10" rx="2" fill="${INK}"/>`);
    for (let b = 0; b < 4; b++) {
      const y = 370 + ((l * 37 + b * 61) % 190);
      lanes.push(
        `<rect x="${x}" y="${y}" width="34" height="8" rx="3" fill="${l === 0 ? '#fde68a' : '#c4b5fd'}" opacity="${0.6 + (b % 2) * 0.4}"/>`,
      );
    }
  }
  return `${shadow(600, 660, 400)}
  <rect x="280" y="290" width="460" height="340" rx="20" fill="${GLASS}" stroke="${LINE}" stroke-width="6"/>
  <rect x="316" y="316" width="400" height="280" rx="6" fill="${p.dark}"/>
  ${lanes.join('')}
  <rect x="270" y="260" width="480" height="40" rx="10" fill="${p.main}"/>
  <circle cx="300" cy="280" r="10" fill="#111827"/>
  <circle cx="720" cy="280" r="10" fill="#ef4444"/>
  <path d="M300 270 Q320 160 820 200 L860 380" stroke="#111827" stroke-width="6" fill="none"/>
  <path d="M720 270 Q760 190 880 240 L890 380" stroke="#ef4444" stroke-width="6" fill="none"/>
  <rect x="800" y="380" width="170" height="250" rx="18" fill="${BODY}"/>
  <rect x="820" y="410" width="130" height="60" rx="8" fill="${SCREEN}"/>
  <text x="832" y="452" font-family="DejaVu Sans Mono" font-size="30" fill="${GREEN}">120 V</text>
  <circle cx="850" cy="590" r="12" fill="#111827"/>
  <circle cx="920" cy="590" r="12" fill="#ef4444"/>`;
}

function waterBath(p: Palette): string {
  return `${shadow(600, 660, 360)}
  <path d="M300 300 L900 300 L860 190 L340 190 Z" fill="${p.light}" opacity="0.8"/>
  <rect x="280" y="300" width="640" height="340" rx="26" fill="${BODY}"/>
  <rect x="310" y="320" width="580" height="170" rx="10" fill="${GLASS}"/>
  <path d="M310 380 Q350 360 390 380 T470 380 T550 380 T630 380 T710 380 T790 380 T890 380 L890 480 Q890 490 880 490 L320 490 Q310 490 310 480 Z" fill="#93c5fd"/>
  <rect x="400" y="330" width="50" height="90" rx="6" fill="${WHITE}" opacity="0.9"/>
  <rect x="620" y="320" width="60" height="100" rx="6" fill="${WHITE}" opacity="0.9"/>
  <rect x="280" y="510" width="640" height="130" rx="22" fill="${p.main}"/>
  <rect x="330" y="540" width="220" height="64" rx="8" fill="${SCREEN}"/>
  <text x="346" y="584" font-family="DejaVu Sans Mono" font-size="34" fill="${GREEN}">37.0 °C</text>
  <circle cx="760" cy="572" r="24" fill="${WHITE}"/>
  <circle cx="830" cy="572" r="24" fill="${p.light}"/>`;
}

function ventilator(p: Palette): string {
  return `${shadow(600, 684, 240)}
  <rect x="380" y="80" width="440" height="330" rx="30" fill="${BODY}"/>
  <rect x="404" y="104" width="392" height="250" rx="12" fill="${SCREEN}"/>
  <path d="M420 200 L460 200 L470 140 L530 140 L540 200 L580 200 L590 140 L650 140 L660 200 L700 200 L710 140 L770 140 L780 200" stroke="${YELLOW}" stroke-width="5" fill="none"/>
  <path d="M420 300 Q450 240 480 300 T540 300 Q570 240 600 300 T660 300 Q690 240 720 300 T780 300" stroke="${CYAN}" stroke-width="5" fill="none"/>
  <circle cx="720" cy="382" r="14" fill="${p.main}"/>
  <rect x="420" y="372" width="200" height="20" rx="8" fill="${p.main}"/>
  <rect x="440" y="410" width="320" height="110" rx="18" fill="${p.main}"/>
  <rect x="580" y="520" width="40" height="130" fill="${LINE}"/>
  <path d="M470 650 L730 650 M600 650 L600 676" stroke="${INK}" stroke-width="14" stroke-linecap="round"/>
  <circle cx="470" cy="664" r="14" fill="${INK}"/>
  <circle cx="730" cy="664" r="14" fill="${INK}"/>
  <path d="M760 450 C 880 450, 900 300, 960 280" stroke="${GLASS}" stroke-width="26" fill="none" stroke-linecap="round"/>
  <path d="M760 490 C 900 500, 940 340, 990 320" stroke="${p.light}" stroke-width="26" fill="none" stroke-linecap="round"/>`;
}

function rotaryEvaporator(p: Palette): string {
  const coil = [0, 1, 2, 3, 4, 5, 6]
    .map((i) => `<ellipse cx="780" cy="${190 + i * 34}" rx="30" ry="10" fill="none" stroke="${p.light}" stroke-width="6"/>`)
    .join('');
  return `${shadow(600, 660, 380)}
  <path d="M300 500 L560 500 L540 640 L320 640 Z" fill="${p.main}"/>
  <rect x="292" y="488" width="276" height="20" rx="8" fill="${p.dark}"/>
  <circle cx="420" cy="470" r="84" fill="${GLASS}"/>
  <path d="M344 500 Q420 540 496 500 L496 510 Q420 560 344 510 Z" fill="#fde68a"/>
  <rect x="456" y="380" width="26" height="40" fill="${GLASS}" transform="rotate(45 469 400)"/>
  <path d="M470 390 L640 300" stroke="${GLASS}" stroke-width="30" stroke-linecap="round"/>
  <rect x="600" y="260" width="110" height="90" rx="16" fill="${p.dark}" transform="rotate(-28 655 305)"/>
  <rect x="744" y="150" width="72" height="280" rx="20" fill="${GLASS}"/>
  ${coil}
  <path d="M780 430 L780 470" stroke="${GLASS}" stroke-width="16"/>
  <circle cx="780" cy="520" r="56" fill="${GLASS}"/>
  <path d="M730 540 Q780 580 830 540 Q830 576 780 578 Q730 576 730 540 Z" fill="#bfdbfe"/>
  <rect x="880" y="120" width="28" height="530" rx="10" fill="${LINE}"/>
  <rect x="840" y="620" width="180" height="36" rx="10" fill="${INK}"/>
  <path d="M880 290 L720 290" stroke="${LINE}" stroke-width="14"/>`;
}

function cellCounter(p: Palette): string {
  const cells: string[] = [];
  // A fixed, even-looking spread of cells (golden-angle spiral).
  for (let i = 0; i < 40; i++) {
    const a = i * 2.39996;
    const r = 12 * Math.sqrt(i + 1);
    const cx = Math.round(600 + Math.cos(a) * r * 1.9);
    const cy = Math.round(300 + Math.sin(a) * r * 1.1);
    cells.push(
      `<circle cx="${cx}" cy="${cy}" r="${8 + (i % 4) * 2}" fill="none" stroke="${i % 6 === 0 ? '#60a5fa' : GREEN}" stroke-width="3"/>`,
    );
  }
  return `${shadow(600, 660, 300)}
  <path d="M360 640 L380 180 Q384 150 414 150 L786 150 Q816 150 820 180 L840 640 Z" fill="${BODY}"/>
  <rect x="430" y="190" width="340" height="220" rx="12" fill="${SCREEN}"/>
  ${cells.join('')}
  <rect x="400" y="470" width="400" height="50" rx="12" fill="${p.main}"/>
  <rect x="470" y="486" width="260" height="18" rx="4" fill="${SCREEN}"/>
  <rect x="520" y="430" width="160" height="60" rx="4" fill="${GLASS}" stroke="${LINE}" stroke-width="3"/>
  <rect x="540" y="446" width="50" height="28" fill="${p.light}"/>
  <circle cx="520" cy="580" r="20" fill="${p.light}"/>
  <circle cx="600" cy="580" r="20" fill="${p.main}"/>
  <circle cx="680" cy="580" r="20" fill="${p.light}"/>`;
}

export const ILLUSTRATIONS = {
  centrifuge,
  microscope,
  incubator,
  freezer,
  thermalCycler,
  chromatography,
  massSpec,
  spectrophotometer,
  biosafetyCabinet,
  autoclave,
  patientMonitor,
  ultrasound,
  infusionPump,
  defibrillator,
  balance,
  pipettes,
  shaker,
  flowCytometer,
  gelImaging,
  waterBath,
  ventilator,
  rotaryEvaporator,
  cellCounter,
} satisfies Record<string, (palette: Palette) => string>;

export type IllustrationId = keyof typeof ILLUSTRATIONS;
