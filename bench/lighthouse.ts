/**
 * Lighthouse 12 in Debian's Chromium, mobile preset (Lighthouse's default config: mobile form
 * factor, simulated Slow 4G and 4× CPU throttling), performance category only. Each page is
 * measured RUNS times, each run in a fresh headless Chromium (a first visit: empty cache and
 * storage); every figure reported is the median of its runs.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Lighthouse categories measured besides performance (issue 10's pages: accessibility, SEO). */
export type ExtraCategory = 'accessibility' | 'seo';

export interface PageScore {
  path: string;
  /** 0–100 */
  performance: number;
  /** 0–100, for the extra categories asked for (median of the runs). */
  categories: Partial<Record<ExtraCategory, number>>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Bytes of JavaScript on the wire (transferSize of the page's script requests). */
  jsBytes: number;
  /** The script URLs of the median-JS run, for diagnosis. */
  scripts: { url: string; transferSize: number }[];
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function chromePath(): string {
  return process.env.CHROME_PATH ?? '/usr/bin/chromium';
}

/** One Lighthouse run in a fresh Chromium; a run that Lighthouse itself reports as broken is retried. */
async function runOnce(
  url: string,
  extra: readonly ExtraCategory[],
  attempts = 3,
): Promise<Omit<PageScore, 'path'>> {
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({
      chromePath: chromePath(),
      chromeFlags: CHROME_FLAGS,
    });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', ...extra],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = result;
      if (lhr.runtimeError) {
        if (attempt < attempts) continue;
        throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      }
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const items = (
        (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ??
        []
      ).filter((item) => item.resourceType === 'Script');
      const scripts = items.map((item) => ({
        url: item.url,
        transferSize: item.transferSize ?? 0,
      }));
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      return {
        performance: score('performance'),
        categories: Object.fromEntries(extra.map((id) => [id, score(id)])),
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        jsBytes: scripts.reduce((sum, s) => sum + s.transferSize, 0),
        scripts,
      };
    } finally {
      chrome.kill();
    }
  }
}

/**
 * Runs Lighthouse RUNS times on each path of `baseUrl` (each run in a fresh Chromium), scoring
 * performance and the `extra` categories.
 */
export async function measurePages(
  baseUrl: string,
  paths: readonly string[],
  extra: readonly ExtraCategory[] = [],
): Promise<PageScore[]> {
  const scores: PageScore[] = [];
  for (const path of paths) {
    const runs: Omit<PageScore, 'path'>[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await runOnce(baseUrl + path, extra));
    const jsMedian = median(runs.map((r) => r.jsBytes));
    scores.push({
      path,
      performance: median(runs.map((r) => r.performance)),
      categories: Object.fromEntries(extra.map((id) => [id, median(runs.map((r) => r.categories[id] ?? 0))])),
      lcpMs: median(runs.map((r) => r.lcpMs)),
      tbtMs: median(runs.map((r) => r.tbtMs)),
      cls: median(runs.map((r) => r.cls)),
      jsBytes: jsMedian,
      scripts: (runs.find((r) => r.jsBytes === jsMedian) ?? runs[0]!).scripts,
    });
  }
  return scores;
}

export function printScores(scores: PageScore[]) {
  const header = `Lighthouse, mobile (median of ${RUNS})`;
  const extra = Object.keys(scores[0]?.categories ?? {}) as ExtraCategory[];
  console.log(
    `\n${header.padEnd(44)} ${'perf'.padStart(5)}${extra.map((id) => ` ${id.slice(0, 4).padStart(5)}`).join('')} ${'LCP ms'.padStart(8)} ${'TBT ms'.padStart(7)} ${'CLS'.padStart(6)} ${'JS KB'.padStart(7)}`,
  );
  for (const s of scores) {
    const cats = extra.map((id) => ` ${String(s.categories[id] ?? '').padStart(5)}`).join('');
    console.log(
      `${s.path.padEnd(44)} ${String(s.performance).padStart(5)}${cats} ${s.lcpMs.toFixed(0).padStart(8)} ${s.tbtMs.toFixed(0).padStart(7)} ${s.cls.toFixed(3).padStart(6)} ${(s.jsBytes / 1024).toFixed(1).padStart(7)}`,
    );
  }
  if (process.env.LIGHTHOUSE_VERBOSE) {
    for (const s of scores) {
      console.log(`\n${s.path}: scripts of the median run`);
      for (const script of s.scripts)
        console.log(`  ${(script.transferSize / 1024).toFixed(1).padStart(7)} KB  ${script.url}`);
    }
  }
}

/** A demo image generated on the spot (sharp is the app's own image library). */
async function demoJpeg(hue: number): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const [r, g, b] = [hue, 255 - hue, (hue * 3) % 256];
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r, g, b } } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="1600" height="1200"><circle cx="800" cy="600" r="420" fill="rgb(${b},${r},${g})"/></svg>`,
        ),
      },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * Publishes a post with two photos as a demo seller through the public API (log in, PUT /products,
 * the signed upload, PUT /products/media) and returns its page's path: the post page Lighthouse
 * measures (issue 9: "a post page with images").
 */
export async function seedPostWithImages(appUrl: string): Promise<string> {
  const call = async <T>(
    method: string,
    path: string,
    token: string | null,
    body?: unknown,
  ): Promise<T> => {
    const res = await fetch(appUrl + '/api/v1' + path, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { 'x-access-token': token } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const login = await call<{ user: { token: string } }>('POST', '/login', null, {
    email: 'maya@demo.storefront.test',
    password: 'demo-pass-123',
  });
  const token = login.user.token;
  const { product } = await call<{ product: { _id: string } }>('PUT', '/products', token, {
    title: 'Speckled stoneware moon jar',
    description: 'Wheel-thrown, glazed in a speckled oatmeal finish. About 25 cm tall.',
    price: 140,
    shippingCost: 12,
    stock: 4,
    _tags: ['ceramics', 'handmade'],
    variations: [
      {
        name: 'Glaze',
        options: [
          { name: 'Oatmeal', priceDelta: 0, stock: null },
          { name: 'Celadon', priceDelta: 15, stock: 2 },
        ],
      },
    ],
  });
  for (const [i, hue] of [40, 180].entries()) {
    const upload = await call<{ url: string; headers: Record<string, string>; key: string }>(
      'GET',
      `/get-s3-upload-url/jpg?productId=${product._id}&cb=${Date.now()}`,
      token,
    );
    const put = await fetch(new URL(upload.url, appUrl), {
      method: 'PUT',
      headers: upload.headers,
      body: new Uint8Array(await demoJpeg(hue)),
    });
    if (!put.ok) throw new Error(`upload: ${put.status} ${await put.text()}`);
    await call('PUT', '/products/media', token, {
      productId: product._id,
      key: upload.key,
      alt: `Moon jar, view ${i + 1}`,
    });
  }
  return `/items/${product._id}`;
}
