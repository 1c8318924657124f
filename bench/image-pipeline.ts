/**
 * A 12-megapixel camera JPEG (4000×3000, EXIF orientation 6) through the post image pipeline
 * (`processImageVariants`: decode once, rotate, WebP thumbnails 320/640 and fullsizes 800/1600).
 * Reports the median of RUNS runs after one warm-up; target ≤ 1 s (issue 9). Also times one AVIF
 * encode of the 1600 px variant, to decide whether AVIF fits the same budget.
 *
 * Run alone: `node --import tsx bench/image-pipeline.ts`; `npm run bench` runs it too.
 */
import sharp from 'sharp';
import { processImageVariants } from '../src/server/adapters/images/process';

const RUNS = Number(process.env.BENCH_IMAGE_RUNS ?? 7);
export const IMAGE_BUDGET_MS = 1000;

/** A photo-like 12 MP JPEG: smooth gradients plus fine noise, so it compresses like a real photo. */
export async function twelveMegapixelJpeg(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#f59e0b"/><stop offset="0.5" stop-color="#db2777"/>
      <stop offset="1" stop-color="#1e3a8a"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="1400" cy="1200" r="700" fill="#fde68a" opacity="0.7"/>
    <rect x="2300" y="900" width="1200" height="1500" rx="120" fill="#0f766e" opacity="0.8"/>
  </svg>`;
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 0, sigma: 18 },
    },
  })
    .raw()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: noise, raw: { width, height, channels: 3 }, blend: 'overlay' }])
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function measureImagePipeline(): Promise<{
  medianMs: number;
  avifMs: number;
  bytes: number;
}> {
  const jpeg = await twelveMegapixelJpeg();
  await processImageVariants(jpeg, { maxBytes: 50 * 1024 * 1024 }); // warm-up
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await processImageVariants(jpeg, { maxBytes: 50 * 1024 * 1024 });
    times.push(performance.now() - start);
  }
  const avifStart = performance.now();
  await sharp(jpeg).rotate().resize(1600, 1600, { fit: 'inside' }).avif({ quality: 50 }).toBuffer();
  const avifMs = performance.now() - avifStart;
  return { medianMs: median(times), avifMs, bytes: jpeg.length };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { medianMs, avifMs, bytes } = await measureImagePipeline();
  console.log(
    `12 MP JPEG (${(bytes / 1024 / 1024).toFixed(1)} MB) → 4 WebP variants: median ${medianMs.toFixed(0)} ms of ${RUNS} (target ≤ ${IMAGE_BUDGET_MS} ms)`,
  );
  console.log(`one extra AVIF 1600 px encode of the same photo: ${avifMs.toFixed(0)} ms`);
  process.exitCode = medianMs <= IMAGE_BUDGET_MS ? 0 : 1;
}
