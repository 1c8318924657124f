import sharp from '../adapters/images/sharp';
import type { DemoMotif } from './posts';

/**
 * Demo product photos, drawn at seed time: a soft gradient, a few blurred shapes and a flat
 * drawing of the item, from SVG. Deterministic per (seed text, index), so every fresh demo looks
 * the same. Small (640×480, drawn on an 800×600 canvas) on purpose: seeding runs at first start
 * and before the e2e suite, and WebP encoding time grows with the pixels.
 */
export const DEMO_IMAGE_WIDTH = 640;
export const DEMO_IMAGE_HEIGHT = 480;
const VIEW_WIDTH = 800;
const VIEW_HEIGHT = 600;

const PALETTES: [string, string, string][] = [
  ['#fde68a', '#f97316', '#7c2d12'],
  ['#bae6fd', '#6366f1', '#1e1b4b'],
  ['#bbf7d0', '#14b8a6', '#134e4a'],
  ['#fbcfe8', '#db2777', '#500724'],
  ['#e9d5ff', '#a855f7', '#3b0764'],
  ['#fef3c7', '#d97706', '#451a03'],
  ['#e2e8f0', '#64748b', '#0f172a'],
  ['#fecaca', '#ef4444', '#450a0a'],
  ['#d9f99d', '#65a30d', '#1a2e05'],
  ['#cffafe', '#0891b2', '#083344'],
];

/** FNV-1a: a stable small hash of text, for picking colours and positions. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** A tiny deterministic random sequence from a seed (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function motifSvg(motif: DemoMotif, ink: string, light: string): string {
  switch (motif) {
    case 'mug':
      return `<rect x="300" y="200" width="200" height="230" rx="28" fill="${ink}"/>
        <path d="M500 250 h40 a45 45 0 0 1 0 110 h-40" fill="none" stroke="${ink}" stroke-width="26"/>
        <rect x="300" y="200" width="200" height="40" rx="20" fill="${light}" opacity="0.35"/>`;
    case 'bowl':
      return `<path d="M220 270 h360 a180 150 0 0 1 -360 0 z" fill="${ink}"/>
        <ellipse cx="400" cy="270" rx="180" ry="34" fill="${light}" opacity="0.5"/>
        <rect x="350" y="410" width="100" height="22" rx="8" fill="${ink}"/>`;
    case 'vase':
      return `<path d="M370 150 h60 v50 c90 40 110 150 60 230 h-180 c-50 -80 -30 -190 60 -230 z" fill="${ink}"/>
        <ellipse cx="400" cy="152" rx="34" ry="10" fill="${light}" opacity="0.6"/>`;
    case 'planter':
      return `<path d="M300 280 h200 l-25 150 h-150 z" fill="${ink}"/>
        <path d="M320 120 L300 280 M480 120 L500 280 M400 90 v40" stroke="${ink}" stroke-width="6"/>
        <circle cx="360" cy="260" r="40" fill="#16a34a"/><circle cx="430" cy="250" r="46" fill="#15803d"/>`;
    case 'plate':
      return `<circle cx="400" cy="300" r="190" fill="${light}"/>
        <circle cx="400" cy="300" r="190" fill="none" stroke="${ink}" stroke-width="18"/>
        <circle cx="400" cy="300" r="120" fill="none" stroke="${ink}" stroke-width="4" opacity="0.4"/>`;
    case 'print':
      return `<rect x="240" y="110" width="320" height="380" fill="${light}"/>
        <rect x="270" y="140" width="260" height="260" fill="${ink}"/>
        <circle cx="460" cy="210" r="40" fill="${light}" opacity="0.8"/>
        <path d="M270 400 l90 -120 l70 80 l40 -40 l60 80 z" fill="${light}" opacity="0.5"/>`;
    case 'textile':
      return `<path d="M290 140 h220 l60 90 l-50 30 v230 h-240 v-230 l-50 -30 z" fill="${ink}"/>
        <path d="M330 200 h140 M330 260 h140 M330 320 h140 M330 380 h140" stroke="${light}" stroke-width="10" stroke-dasharray="18 14" opacity="0.6"/>`;
    case 'card':
      return `<rect x="210" y="180" width="380" height="240" rx="22" fill="${ink}"/>
        <circle cx="300" cy="300" r="56" fill="${light}"/><circle cx="300" cy="300" r="18" fill="${ink}"/>
        <rect x="390" y="260" width="150" height="18" rx="9" fill="${light}"/>
        <rect x="390" y="300" width="110" height="18" rx="9" fill="${light}" opacity="0.6"/>`;
    case 'chip':
      return `<rect x="250" y="170" width="300" height="260" rx="16" fill="${ink}"/>
        <rect x="320" y="240" width="160" height="120" rx="8" fill="${light}" opacity="0.85"/>
        ${Array.from({ length: 7 }, (_, i) => `<rect x="${270 + i * 40}" y="430" width="18" height="40" fill="#eab308"/>`).join('')}`;
    case 'floppy':
      return `<rect x="260" y="160" width="280" height="280" rx="14" fill="${ink}"/>
        <rect x="320" y="160" width="150" height="90" fill="${light}" opacity="0.9"/>
        <rect x="420" y="175" width="30" height="60" fill="${ink}"/>
        <rect x="300" y="310" width="200" height="130" rx="6" fill="#f8fafc"/>`;
    case 'cassette':
      return `<rect x="210" y="190" width="380" height="230" rx="18" fill="${ink}"/>
        <rect x="260" y="230" width="280" height="110" rx="10" fill="${light}"/>
        <circle cx="330" cy="285" r="30" fill="${ink}"/><circle cx="470" cy="285" r="30" fill="${ink}"/>`;
    case 'keyboard':
      return `<rect x="160" y="220" width="480" height="180" rx="16" fill="${ink}"/>
        ${Array.from({ length: 4 }, (_, r) =>
          Array.from(
            { length: 11 },
            (_, c) =>
              `<rect x="${180 + c * 40}" y="${238 + r * 38}" width="32" height="30" rx="5" fill="${light}"/>`,
          ).join(''),
        ).join('')}`;
    case 'monitor':
      return `<rect x="220" y="130" width="360" height="290" rx="20" fill="${ink}"/>
        <rect x="255" y="160" width="290" height="210" rx="10" fill="#0f172a"/>
        <path d="M275 190 h120 M275 220 h80 M275 250 h150" stroke="#4ade80" stroke-width="10"/>
        <rect x="340" y="420" width="120" height="50" fill="${ink}"/>`;
    case 'vinyl':
      return `<circle cx="400" cy="300" r="200" fill="#111827"/>
        <circle cx="400" cy="300" r="150" fill="none" stroke="#374151" stroke-width="3"/>
        <circle cx="400" cy="300" r="110" fill="none" stroke="#374151" stroke-width="3"/>
        <circle cx="400" cy="300" r="70" fill="${ink}"/><circle cx="400" cy="300" r="8" fill="${light}"/>`;
  }
}

/** A JPEG "photo" of a demo item. */
export function demoImage(seedText: string, index: number, motif: DemoMotif): Promise<Buffer> {
  const seed = hash(`${seedText}#${index}`);
  const rand = random(seed);
  const [light, mid, dark] = PALETTES[seed % PALETTES.length]!;
  const angle = Math.floor(rand() * 360);
  const blobs = Array.from({ length: 4 }, () => {
    const cx = Math.round(rand() * VIEW_WIDTH);
    const cy = Math.round(rand() * VIEW_HEIGHT);
    const r = Math.round(60 + rand() * 160);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${rand() > 0.5 ? light : mid}" opacity="0.35"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${DEMO_IMAGE_WIDTH}" height="${DEMO_IMAGE_HEIGHT}" viewBox="0 0 ${VIEW_WIDTH} ${VIEW_HEIGHT}">
    <defs><linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)">
      <stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${mid}"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#bg)"/>
    ${blobs}
    <ellipse cx="400" cy="500" rx="240" ry="26" fill="${dark}" opacity="0.18"/>
    ${motifSvg(motif, dark, light)}
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}
