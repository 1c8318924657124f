import { createHash } from 'node:crypto';
import sharp from '../images/sharp';
import {
  ART_STYLES,
  PALETTES,
  composeArt,
  readPrompt,
  seededRandom,
  type PaletteName,
} from './offline-art';
import type { AiImageDriver, GeneratedImage } from './types';

/** Width and height of every offline picture, in pixels. */
export const OFFLINE_IMAGE_SIZE = 1024;

const PALETTE_NAMES = Object.keys(PALETTES) as PaletteName[];

/** Case and spacing do not change the picture: "Blue  Sea" draws what "blue sea" draws. */
const normalise = (prompt: string) => prompt.trim().replace(/\s+/g, ' ').toLowerCase();
const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * One picture for (prompt, index): the same pair always gives the same bytes. The palette follows
 * the prompt's colour words ("sunset", "forest", "neon"…) or, without one, its hash; the style
 * follows its scene words ("mountains", "waves"…) for the first picture and moves on for each
 * further one, so the pictures of one request look different from each other.
 */
export async function renderOfflineImage(prompt: string, index: number): Promise<Buffer> {
  const text = normalise(prompt);
  const promptHash = digest(text);
  const read = readPrompt(text);
  const palette = read.palette ?? PALETTE_NAMES[promptHash.readUInt32BE(0) % PALETTE_NAMES.length]!;
  const firstStyle = read.style
    ? ART_STYLES.indexOf(read.style)
    : promptHash.readUInt32BE(4) % ART_STYLES.length;
  const style = ART_STYLES[(firstStyle + index) % ART_STYLES.length]!;
  const rnd = seededRandom(digest(`${text}\n${index}`));
  const svg = composeArt({ size: OFFLINE_IMAGE_SIZE, rnd, palette: PALETTES[palette], style });
  return sharp(Buffer.from(svg)).webp({ quality: 86 }).toBuffer();
}

/**
 * The built-in generator (no account, no network): abstract pictures drawn from the prompt, each
 * marked "Offline generator" in a corner. Real image files, deterministic, good enough to try the
 * feature and to test with; set OPENAI_API_KEY for pictures of what the prompt describes.
 */
export function createOfflineImageDriver(): AiImageDriver {
  return {
    name: 'offline',
    async generate(prompt, n): Promise<GeneratedImage[]> {
      const images: GeneratedImage[] = [];
      // One after another: each render is a burst of CPU, and n is at most 4.
      for (let i = 0; i < n; i++) {
        images.push({ bytes: await renderOfflineImage(prompt, i), contentType: 'image/webp' });
      }
      return images;
    },
  };
}
