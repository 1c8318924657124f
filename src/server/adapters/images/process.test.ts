import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageRejectedError, processImage, processImageVariants } from './process';

const create = (width: number, height: number, background = '#f00') =>
  sharp({ create: { width, height, channels: 3, background } });

/** Random pixels, so encoders produce real entropy-coded data (for truncation tests). */
function noise(width: number, height: number) {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

function crc32(buf: Buffer): number {
  let crc = ~0;
  for (const byte of buf) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A valid small PNG whose header claims other dimensions: the shape of a decompression bomb. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await create(4, 4).png().toBuffer());
  // Signature (8) + IHDR length (4) + 'IHDR' (4), then width and height; the CRC covers type+data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

async function rejection(promise: Promise<unknown>): Promise<ImageRejectedError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ImageRejectedError);
  return err as ImageRejectedError;
}

describe('processImage', () => {
  it('makes a 320x320 WebP thumbnail and a fullsize WebP that fits in 1600x1600', async () => {
    const input = await create(2000, 1000).png().toBuffer();
    const out = await processImage(input);
    const thumb = await sharp(out.thumbnail).metadata();
    const full = await sharp(out.fullsize).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 320, 320]);
    expect([full.format, full.width, full.height]).toEqual(['webp', 1600, 800]);
    expect([out.width, out.height]).toEqual([1600, 800]);
    const { dominant } = await sharp(out.fullsize).stats();
    expect(dominant.r).toBeGreaterThan(200);
    expect(dominant.g).toBeLessThan(50);
  });

  it('never enlarges a small image', async () => {
    const out = await processImage(await create(300, 200).jpeg().toBuffer());
    expect([out.width, out.height]).toEqual([300, 200]);
    const thumb = await sharp(out.thumbnail).metadata();
    expect([thumb.width, thumb.height]).toEqual([320, 320]);
  });

  it('accepts every supported input format', async () => {
    for (const format of ['jpeg', 'png', 'gif', 'webp', 'avif'] as const) {
      const out = await processImage(await create(64, 48).toFormat(format).toBuffer());
      expect([format, out.width, out.height]).toEqual([format, 64, 48]);
    }
  });

  it('applies EXIF orientation and strips metadata', async () => {
    const input = await create(200, 100)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'secret location data' } })
      .toBuffer();
    const before = await sharp(input).metadata();
    expect([before.width, before.height, before.orientation]).toEqual([200, 100, 6]);
    expect(before.exif?.toString('latin1')).toContain('secret location data');

    const out = await processImage(input);
    expect([out.width, out.height]).toEqual([100, 200]);
    for (const buf of [out.thumbnail, out.fullsize]) {
      const meta = await sharp(buf).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(buf.toString('latin1')).not.toContain('secret location data');
    }
  });

  it('rejects a text file named .png and formats it does not accept', async () => {
    const text = await rejection(processImage(Buffer.from('just some text, saved as photo.png')));
    expect(text.message).toBe('Please upload a JPEG, PNG, GIF, WebP or AVIF image.');
    expect(text.statusCode).toBe(400);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expect((await rejection(processImage(svg))).message).toBe(
      'Please upload a JPEG, PNG, GIF, WebP or AVIF image.',
    );
    const tiff = await create(10, 10).tiff().toBuffer();
    expect((await rejection(processImage(tiff))).message).toBe(
      'Please upload a JPEG, PNG, GIF, WebP or AVIF image.',
    );
  });

  it('rejects files over the size limit', async () => {
    const big = await rejection(processImage(Buffer.alloc(10 * 1024 * 1024 + 1)));
    expect(big.message).toBe('Images must be 10 MB or smaller.');
    const small = await create(50, 50).png().toBuffer();
    const custom = await rejection(processImage(small, { maxBytes: 10 }));
    expect(custom.message).toMatch(/or smaller/);
  });

  it('rejects truncated and corrupt files that carry valid magic bytes', async () => {
    const jpeg = await noise(400, 400).jpeg().toBuffer();
    const truncated = await rejection(
      processImage(jpeg.subarray(0, Math.floor(jpeg.length * 0.6))),
    );
    expect(truncated.message).toBe('We could not read this image. Please upload a different file.');

    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(200, 0x41),
    ]);
    await rejection(processImage(png));
    const webp = Buffer.concat([
      Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'),
      Buffer.alloc(50, 1),
    ]);
    await rejection(processImage(webp));
  });

  it('refuses decompression bombs before decoding them', async () => {
    const bomb = await pngClaiming(10_000, 10_000);
    expect((await sharp(bomb).metadata()).width).toBe(10_000);
    const err = await rejection(processImage(bomb));
    expect(err.message).toBe('Images can be at most 40 megapixels.');

    const limited = await rejection(
      processImage(await create(200, 200).png().toBuffer(), { maxPixels: 10_000 }),
    );
    expect(limited.message).toMatch(/megapixels/);
  });
});

describe('processImageVariants', () => {
  const image = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#e11d48' } })
      .jpeg()
      .toBuffer();

  it('makes square thumbnails and fit-inside fullsizes at the srcset widths, smallest first', async () => {
    const out = await processImageVariants(await image(2000, 1500));
    expect(out.variants.map((v) => [v.kind, v.width, v.height])).toEqual([
      ['thumbnail', 320, 320],
      ['thumbnail', 640, 640],
      ['fullsize', 800, 600],
      ['fullsize', 1600, 1200],
    ]);
    expect(out).toMatchObject({ width: 1600, height: 1200 });
    for (const v of out.variants) expect((await sharp(v.data).metadata()).format).toBe('webp');
  });

  it('never enlarges: a small image keeps its size and duplicate widths are dropped', async () => {
    const out = await processImageVariants(await image(500, 300));
    expect(out.variants.map((v) => [v.kind, v.width, v.height])).toEqual([
      ['thumbnail', 300, 300],
      ['fullsize', 500, 300],
    ]);
  });

  it('refuses what is not an image', async () => {
    await expect(processImageVariants(Buffer.from('not an image at all'))).rejects.toBeInstanceOf(
      ImageRejectedError,
    );
  });
});
