/**
 * How long one share image (adapters/images/share-card.ts, 1200×630 JPEG) takes to draw: a post's
 * card with a logo and a stored 640 px WebP photo, and a site's card without a photo. Reports the
 * median of RUNS draws after one warm-up (the first draw also loads fonts through fontconfig).
 * The route draws each version once and keeps it in memory (routes/share-images.ts).
 *
 * Run alone: `node --import tsx bench/share-images.ts`.
 */
import sharp from 'sharp';
import { composeShareCard, type ShareCardInput } from '../src/server/adapters/images/share-card';

const RUNS = Number(process.env.BENCH_SHARE_RUNS ?? 15);

async function photo(): Promise<Buffer> {
  const noise = await sharp({
    create: {
      width: 640,
      height: 640,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  })
    .raw()
    .toBuffer();
  return sharp(noise, { raw: { width: 640, height: 640, channels: 3 } })
    .webp({ quality: 80 })
    .toBuffer();
}

async function medianMs(card: ShareCardInput): Promise<number> {
  await composeShareCard(card);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await composeShareCard({ ...card, title: `${card.title} ${i}` });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const logo = await sharp({
  create: { width: 800, height: 400, channels: 4, background: '#dc2626' },
})
  .webp()
  .toBuffer();
const colors = { background: '#1e3a8a', text: '#ffffff', accent: '#f59e0b', accentText: '#111827' };
const post = await medianMs({
  colors,
  title: 'Nvidia GeForce RTX 3080 Founders Edition, barely used',
  price: '$649.00',
  subtitle: 'Maya’s Hardware',
  brand: 'Storefront',
  logo,
  photo: await photo(),
});
const site = await medianMs({
  colors,
  title: 'Maya’s Hardware',
  subtitle: 'Second-hand PC parts, tested and photographed.',
  brand: 'Storefront',
  logo: null,
  photo: null,
});
console.log(`Share image, post card with logo and photo: median ${post.toFixed(0)} ms`);
console.log(`Share image, site card without photo: median ${site.toFixed(0)} ms`);
