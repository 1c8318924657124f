import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  createOfflineImageDriver,
  OFFLINE_IMAGE_SIZE,
  renderOfflineImage,
} from '../../src/server/adapters/ai-images';
import { readPrompt, seededRandom } from '../../src/server/adapters/ai-images/offline-art';

/** Mean colour of a picture: a cheap way to tell two pictures apart by what they show. */
async function meanColour(bytes: Buffer): Promise<number[]> {
  const { channels } = await sharp(bytes).stats();
  return channels.slice(0, 3).map((c) => Math.round(c.mean));
}

describe('the offline image generator', () => {
  it('renders a real WebP picture of the stated size', async () => {
    const bytes = await renderOfflineImage('a used graphics card on a wooden desk', 0);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({
      format: 'webp',
      width: OFFLINE_IMAGE_SIZE,
      height: OFFLINE_IMAGE_SIZE,
    });
    // Decodes completely (not just a header).
    const { info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    expect(info.width * info.height).toBe(OFFLINE_IMAGE_SIZE * OFFLINE_IMAGE_SIZE);
  });

  it('is deterministic: the same prompt and index give the same bytes', async () => {
    const a = await renderOfflineImage('sunset over the mountains', 2);
    const b = await renderOfflineImage('sunset over the mountains', 2);
    expect(a.equals(b)).toBe(true);
    // Case and spacing are not part of what the prompt says.
    expect((await renderOfflineImage('  Sunset over  the MOUNTAINS ', 2)).equals(a)).toBe(true);
  });

  it('draws a different picture for each index and for each prompt', async () => {
    const set = await createOfflineImageDriver().generate('blue ocean waves', 4);
    expect(set).toHaveLength(4);
    expect(set.every((i) => i.contentType === 'image/webp')).toBe(true);
    const others = await Promise.all(
      ['green forest trail', 'neon city lights', 'blue ocean wave'].map((p) =>
        renderOfflineImage(p, 0),
      ),
    );
    const all = [...set.map((i) => i.bytes), ...others];
    expect(new Set(all.map((b) => b.toString('base64'))).size).toBe(all.length);
    // Not only different bytes: the colour words of the prompt show.
    const [forest, neon] = await Promise.all([meanColour(others[0]!), meanColour(others[1]!)]);
    expect(forest[1]).toBeGreaterThan(forest[2]!); // green over blue
    expect(neon).not.toEqual(forest);
  });

  it('reads colour and scene words from the prompt', () => {
    expect(readPrompt('A SUNSET over rolling hills')).toEqual({
      palette: 'sunset',
      style: 'peaks',
    });
    expect(readPrompt('retro gaming PC with RGB glow')).toEqual({
      palette: 'neon',
      style: 'bokeh',
    });
    expect(readPrompt('an old teapot')).toEqual({ palette: undefined, style: undefined });
  });

  it('seeds its random stream from the bytes it is given', () => {
    const seed = Buffer.alloc(16, 7);
    const a = seededRandom(seed);
    const b = seededRandom(Buffer.from(seed));
    const first = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(first);
    expect(first.every((v) => v >= 0 && v < 1)).toBe(true);
    expect(new Set(first).size).toBe(5);
    const other = seededRandom(Buffer.alloc(16, 8));
    expect(Array.from({ length: 5 }, other)).not.toEqual(first);
  });
});
