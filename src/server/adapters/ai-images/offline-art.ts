// The offline generator's pictures: an SVG composed from a seeded random stream, with a palette and
// a style picked from the words of the prompt (docs/decisions/035). No user text reaches the SVG:
// the prompt only chooses numbers and colours, so nothing needs escaping.

/** A small, fast generator (sfc32) seeded with 128 bits; the same seed gives the same stream. */
export function seededRandom(seed: Buffer): () => number {
  let a = seed.readUInt32BE(0);
  let b = seed.readUInt32BE(4);
  let c = seed.readUInt32BE(8);
  let d = seed.readUInt32BE(12);
  return () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

type Random = () => number;
const between = (rnd: Random, min: number, max: number) => min + rnd() * (max - min);
const pick = <T>(rnd: Random, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
const r1 = (v: number) => Math.round(v * 10) / 10;

/** Five colours each, darkest to lightest roughly; chosen by the prompt's words or its hash. */
export const PALETTES = {
  sunset: ['#2c1a4d', '#6a3093', '#ff6a88', '#ff7e5f', '#feb47b'],
  ocean: ['#0f2027', '#2c5364', '#1c8fc0', '#6fd3e8', '#d8f6f8'],
  forest: ['#0b3d2e', '#1e5631', '#4c9a2a', '#a4de02', '#eef8dc'],
  desert: ['#6b3e1f', '#a86a3d', '#d99a5b', '#f1c27d', '#fde9c9'],
  neon: ['#12002b', '#7a00ff', '#ff00c8', '#00e5ff', '#f5f57a'],
  pastel: ['#7d8fb3', '#aec6cf', '#c1e1c1', '#ffd1dc', '#fdf6c3'],
  night: ['#0b1026', '#1b2a49', '#3a4f7a', '#8e9aaf', '#f4d35e'],
  autumn: ['#4a210b', '#a0410d', '#d9822b', '#f2c14e', '#f7e7ce'],
  ice: ['#1d4e89', '#3a8dbf', '#7cc6e8', '#b9e2f5', '#eef9ff'],
  candy: ['#b8336a', '#ff5e78', '#ffb3c1', '#7bdff2', '#fff3b0'],
  earth: ['#3e2723', '#6d4c41', '#a1887f', '#c5e1a5', '#fff8e1'],
  royal: ['#1a0b3b', '#4b1d7a', '#8e44ad', '#d4af37', '#f8e9a1'],
} as const;
export type PaletteName = keyof typeof PALETTES;

const PALETTE_WORDS: Record<string, PaletteName> = {};
const STYLE_WORDS: Record<string, ArtStyle> = {};
function words<T>(into: Record<string, T>, value: T, list: string) {
  for (const w of list.split(' ')) into[w] = value;
}
words(PALETTE_WORDS, 'sunset', 'sunset sunrise dusk dawn orange warm evening');
words(PALETTE_WORDS, 'ocean', 'ocean sea water beach blue lake river surf coast marine');
words(
  PALETTE_WORDS,
  'forest',
  'forest tree trees green leaf leaves plant plants garden jungle nature',
);
words(PALETTE_WORDS, 'desert', 'desert sand dune dunes beige tan canyon');
words(
  PALETTE_WORDS,
  'neon',
  'neon cyber cyberpunk gaming gamer rgb pc computer tech retro synthwave',
);
words(PALETTE_WORDS, 'pastel', 'pastel soft baby gentle calm dreamy');
words(PALETTE_WORDS, 'night', 'night moon star stars space galaxy dark midnight cosmic');
words(PALETTE_WORDS, 'autumn', 'autumn fall coffee cozy pumpkin harvest copper');
words(PALETTE_WORDS, 'ice', 'ice snow winter frost white cold arctic glacier');
words(PALETTE_WORDS, 'candy', 'candy pink sweet red cherry strawberry bubblegum fun');
words(PALETTE_WORDS, 'earth', 'earth wood wooden vintage rustic leather mountain mountains stone');
words(PALETTE_WORDS, 'royal', 'royal gold golden purple luxury elegant premium jewel');

export const ART_STYLES = ['bokeh', 'waves', 'peaks', 'geometric'] as const;
export type ArtStyle = (typeof ART_STYLES)[number];
words(STYLE_WORDS, 'bokeh', 'bokeh light lights glow lamp lamps sparkle stars star city party');
words(STYLE_WORDS, 'waves', 'wave waves sea ocean water flow flowing river surf wind');
words(STYLE_WORDS, 'peaks', 'mountain mountains hill hills landscape peak peaks valley scenery');
words(STYLE_WORDS, 'geometric', 'geometric abstract pattern shapes shape modern minimal grid cube');

/** The first word of the prompt that names a palette or a style, if any. */
export function readPrompt(prompt: string): { palette?: PaletteName; style?: ArtStyle } {
  const list = prompt.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return {
    palette: list.map((w) => PALETTE_WORDS[w]).find(Boolean),
    style: list.map((w) => STYLE_WORDS[w]).find(Boolean),
  };
}

interface Canvas {
  size: number;
  rnd: Random;
  colors: readonly string[];
}

function bokeh({ size, rnd, colors }: Canvas): string {
  const count = Math.floor(between(rnd, 18, 30));
  const soft: string[] = [];
  const sharp: string[] = [];
  for (let i = 0; i < count; i++) {
    const circle = `<circle cx="${r1(between(rnd, 0, size))}" cy="${r1(between(rnd, 0, size))}" r="${r1(between(rnd, 18, size / 6))}" fill="${pick(rnd, colors.slice(2))}" fill-opacity="${r1(between(rnd, 0.15, 0.6) * 10) / 10}"/>`;
    (rnd() < 0.55 ? soft : sharp).push(circle);
  }
  const rings = Array.from({ length: 4 }, () => {
    const r = between(rnd, 30, size / 5);
    return `<circle cx="${r1(between(rnd, 0, size))}" cy="${r1(between(rnd, 0, size))}" r="${r1(r)}" fill="none" stroke="${colors[4]}" stroke-opacity="0.35" stroke-width="${r1(between(rnd, 2, 6))}"/>`;
  });
  return `<g filter="url(#soft)">${soft.join('')}</g>${sharp.join('')}${rings.join('')}`;
}

function waves({ size, rnd, colors }: Canvas): string {
  const layers = Math.floor(between(rnd, 5, 8));
  const sun = `<circle cx="${r1(between(rnd, size * 0.2, size * 0.8))}" cy="${r1(between(rnd, size * 0.15, size * 0.35))}" r="${r1(between(rnd, size * 0.07, size * 0.14))}" fill="${colors[4]}" fill-opacity="0.9"/>`;
  const paths: string[] = [];
  for (let k = 0; k < layers; k++) {
    const base = size * (0.38 + (0.62 * k) / layers);
    const amp = between(rnd, 18, 60);
    const segments = Math.floor(between(rnd, 2, 5));
    const step = size / segments;
    let d = `M0 ${r1(base)}`;
    for (let s = 0; s < segments; s++) {
      const x = step * s;
      const up = s % 2 === 0 ? -amp : amp;
      d += ` C${r1(x + step / 3)} ${r1(base + up)} ${r1(x + (2 * step) / 3)} ${r1(base - up)} ${r1(x + step)} ${r1(base + between(rnd, -12, 12))}`;
    }
    d += ` L${size} ${size} L0 ${size} Z`;
    const color = colors[Math.min(colors.length - 1, Math.floor((k / layers) * 3) + 1)];
    paths.push(`<path d="${d}" fill="${color}" fill-opacity="${r1(0.55 + (0.45 * k) / layers)}"/>`);
  }
  return sun + paths.join('');
}

function peaks({ size, rnd, colors }: Canvas): string {
  const sun = `<circle cx="${r1(between(rnd, size * 0.15, size * 0.85))}" cy="${r1(between(rnd, size * 0.18, size * 0.4))}" r="${r1(between(rnd, size * 0.06, size * 0.12))}" fill="${colors[4]}" filter="url(#glow)"/>`;
  const layers: string[] = [];
  const count = 4;
  for (let k = 0; k < count; k++) {
    const horizon = size * (0.45 + 0.13 * k);
    let x = 0;
    let d = `M0 ${size} L0 ${r1(horizon)}`;
    while (x < size) {
      x = Math.min(size, x + between(rnd, size / 10, size / 4));
      const y = horizon - between(rnd, 0, size * (0.22 - 0.03 * k));
      d += ` L${r1(x)} ${r1(y)}`;
    }
    d += ` L${size} ${size} Z`;
    // Far ranges are lighter and paler: the eye reads that as distance.
    const color = colors[Math.max(0, 3 - k)];
    layers.push(
      `<path d="${d}" fill="${color}" fill-opacity="${r1(0.6 + 0.13 * k)}" stroke-linejoin="round"/>`,
    );
  }
  return sun + layers.join('');
}

function geometric({ size, rnd, colors }: Canvas): string {
  const shapes: string[] = [];
  const count = Math.floor(between(rnd, 7, 12));
  for (let i = 0; i < count; i++) {
    const cx = between(rnd, 0, size);
    const cy = between(rnd, 0, size);
    const s = between(rnd, size / 10, size / 3);
    const fill = pick(rnd, colors.slice(1));
    const opacity = r1(between(rnd, 0.35, 0.85) * 10) / 10;
    const turn = r1(between(rnd, 0, 90));
    const kind = pick(rnd, ['rect', 'triangle', 'circle'] as const);
    if (kind === 'rect')
      shapes.push(
        `<rect x="${r1(cx - s / 2)}" y="${r1(cy - s / 2)}" width="${r1(s)}" height="${r1(s)}" rx="${r1(s / 10)}" fill="${fill}" fill-opacity="${opacity}" transform="rotate(${turn} ${r1(cx)} ${r1(cy)})"/>`,
      );
    else if (kind === 'triangle')
      shapes.push(
        `<polygon points="${r1(cx)},${r1(cy - s / 2)} ${r1(cx + s / 2)},${r1(cy + s / 2)} ${r1(cx - s / 2)},${r1(cy + s / 2)}" fill="${fill}" fill-opacity="${opacity}" transform="rotate(${turn} ${r1(cx)} ${r1(cy)})"/>`,
      );
    else
      shapes.push(
        `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(s / 2)}" fill="${fill}" fill-opacity="${opacity}"/>`,
      );
  }
  const lines = Array.from({ length: 6 }, () => {
    const y = r1(between(rnd, 0, size));
    return `<line x1="0" y1="${y}" x2="${size}" y2="${r1(y + between(rnd, -size / 3, size / 3))}" stroke="${colors[4]}" stroke-opacity="0.25" stroke-width="2"/>`;
  });
  return shapes.join('') + lines.join('');
}

const DRAW: Record<ArtStyle, (canvas: Canvas) => string> = { bokeh, waves, peaks, geometric };

/** The label in the corner that says where the picture came from. */
const MARK = 'Offline generator';

/**
 * One picture as SVG markup: a gradient sky, a soft glow, the style's layers and a small corner
 * mark. `rnd` decides every position and size; `colors` and `style` come from the prompt.
 */
export function composeArt(opts: {
  size: number;
  rnd: Random;
  palette: readonly string[];
  style: ArtStyle;
}): string {
  const { size, rnd, style } = opts;
  // Each picture of a set uses the palette in its own order of the middle colours.
  const mid = [opts.palette[1]!, opts.palette[2]!, opts.palette[3]!];
  for (let i = mid.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [mid[i], mid[j]] = [mid[j]!, mid[i]!];
  }
  const colors = [opts.palette[0]!, ...mid, opts.palette[4]!];
  const angle = Math.floor(between(rnd, 0, 360));
  const [from, to] = rnd() < 0.5 ? [colors[0], colors[2]] : [colors[1], colors[0]];
  const glowX = r1(between(rnd, 0.2, 0.8) * size);
  const glowY = r1(between(rnd, 0.15, 0.6) * size);
  const markW = 232;
  const markH = 44;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<defs>
<linearGradient id="sky" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<radialGradient id="halo"><stop offset="0" stop-color="${colors[4]}" stop-opacity="0.55"/><stop offset="1" stop-color="${colors[4]}" stop-opacity="0"/></radialGradient>
<filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${r1(size / 60)}"/></filter>
<filter id="glow" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${r1(size / 90)}"/></filter>
</defs>
<rect width="${size}" height="${size}" fill="url(#sky)"/>
<circle cx="${glowX}" cy="${glowY}" r="${r1(size * 0.45)}" fill="url(#halo)"/>
${DRAW[style]({ size, rnd, colors })}
<g transform="translate(${size - markW - 16} ${size - markH - 16})"><rect width="${markW}" height="${markH}" rx="10" fill="#111827" fill-opacity="0.55"/><text x="${markW / 2}" y="29" text-anchor="middle" font-family="sans-serif" font-size="20" font-weight="700" fill="#ffffff">${MARK}</text></g>
</svg>`;
}
