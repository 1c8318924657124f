/**
 * Issue 10's figures for sellers' pages (/{username} and a post on it), measured with demo data:
 *   - load: anonymous GET /maya (served from the render cache, docs/decisions/017) ≥ 10 % of the
 *     same run's static-JSON baseline, with p99 ≤ 100 ms;
 *   - Lighthouse, mobile preset, median of 3: performance ≥ 98, accessibility 100, SEO 100,
 *     LCP ≤ 1.5 s, TBT ≤ 50 ms, CLS ≤ 0.02, ≤ 130 KB of compressed JavaScript, on /maya and
 *     /maya/{its newest post}.
 */
import { measurePages, printScores } from './lighthouse';

type Verdict = [string, boolean];
export interface LoadFigures {
  rps: number;
  p99: number;
}

export const SELLER = 'maya';
const MIN_SHARE_OF_BASELINE = 0.1;
const MAX_P99_MS = 100;
const TARGETS = {
  performance: 98,
  accessibility: 100,
  seo: 100,
  lcpMs: 1500,
  tbtMs: 50,
  cls: 0.02,
  jsKb: 130,
};

/** The path of the seller's newest published post (`/maya/{id}`). */
export async function firstPostPath(appUrl: string, username = SELLER): Promise<string> {
  const res = await fetch(`${appUrl}/api/v1/products/user/${username}?limit=1`);
  if (!res.ok) throw new Error(`GET /products/user/${username}: ${res.status}`);
  const { products } = (await res.json()) as { products: { _id: string }[] };
  if (!products[0]) throw new Error(`${username} has no published post`);
  return `/${username}/${products[0]._id}`;
}

/** The load verdicts of the sellers' pages, beside the baseline's static JSON of the same run. */
export async function personalPagesLoad(
  appUrl: string,
  staticJson: LoadFigures,
  measure: (url: string) => Promise<LoadFigures>,
): Promise<Verdict[]> {
  const paths = [`/${SELLER}`, await firstPostPath(appUrl)];
  const verdicts: Verdict[] = [];
  console.log(
    `\n${'issue 10: anonymous seller pages'.padEnd(44)} ${'req/s'.padStart(8)} ${'× baseline'.padStart(12)} ${'p99 ms'.padStart(8)}`,
  );
  for (const path of paths) {
    const { rps, p99 } = await measure(appUrl + path);
    const share = rps / staticJson.rps;
    console.log(
      `${path.padEnd(44)} ${rps.toFixed(0).padStart(8)} ${share.toFixed(3).padStart(12)} ${String(p99).padStart(8)}`,
    );
    verdicts.push(
      [
        `${path} ≥ ${MIN_SHARE_OF_BASELINE} × static JSON (${share.toFixed(3)})`,
        share >= MIN_SHARE_OF_BASELINE,
      ],
      [`${path} p99 ≤ ${MAX_P99_MS} ms (${p99})`, p99 <= MAX_P99_MS],
    );
  }
  return verdicts;
}

/** Lighthouse on /maya and its newest post, with accessibility and SEO beside performance. */
export async function personalPagesLighthouse(appUrl: string): Promise<Verdict[]> {
  const paths = [`/${SELLER}`, await firstPostPath(appUrl)];
  console.log(`\nLighthouse (performance, accessibility, SEO) on ${paths.join(' and ')}…`);
  const scores = await measurePages(appUrl, paths, ['accessibility', 'seo']);
  printScores(scores);
  return scores.flatMap((s): Verdict[] => [
    [
      `${s.path}: performance ≥ ${TARGETS.performance} (${s.performance})`,
      s.performance >= TARGETS.performance,
    ],
    [
      `${s.path}: accessibility ${TARGETS.accessibility} (${s.categories.accessibility})`,
      (s.categories.accessibility ?? 0) >= TARGETS.accessibility,
    ],
    [`${s.path}: SEO ${TARGETS.seo} (${s.categories.seo})`, (s.categories.seo ?? 0) >= TARGETS.seo],
    [`${s.path}: LCP ≤ ${TARGETS.lcpMs} ms (${s.lcpMs.toFixed(0)})`, s.lcpMs <= TARGETS.lcpMs],
    [`${s.path}: TBT ≤ ${TARGETS.tbtMs} ms (${s.tbtMs.toFixed(0)})`, s.tbtMs <= TARGETS.tbtMs],
    [`${s.path}: CLS ≤ ${TARGETS.cls} (${s.cls.toFixed(3)})`, s.cls <= TARGETS.cls],
    [
      `${s.path}: JavaScript ≤ ${TARGETS.jsKb} KB (${(s.jsBytes / 1024).toFixed(1)})`,
      s.jsBytes <= TARGETS.jsKb * 1024,
    ],
  ]);
}
