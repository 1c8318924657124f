/**
 * Issue 22 §1's load figure: signed-in `/maya` and `/maya/{post}` — a demo member logged in through
 * the API, its cookies sent with every request — served from the render cache like anonymous
 * visits (docs/decisions/045), ≥ 0.10 × the same run's static-JSON baseline. Every answer must be
 * a cache hit: a `miss` or `bypass` on a warm page means the member's session leaked into the
 * render, which the figure would otherwise hide.
 */
import autocannon from 'autocannon';
import { firstPostPath, SELLER, type LoadFigures } from './personal-pages';

type Verdict = [string, boolean];

const MIN_SHARE_OF_BASELINE = 0.1;
/** A buyer of the demo seed: neither the seller nor an admin. */
const MEMBER = { email: 'sam@demo.storefront.test', password: 'demo-pass-123' };
/** The demo seller whose page the benches load (maya), to read her insights. */
const DEMO_SELLER = { email: 'maya@demo.storefront.test', password: 'demo-pass-123' };

export interface MemberLoadOptions {
  connections: number;
  /** Seconds measured (one more before, not counted, warms the JIT and the cache). */
  duration: number;
  /** Sent with every request besides the cookies (what a browser sends: accept-encoding). */
  headers: Record<string, string>;
}

async function login(appUrl: string, member: { email: string; password: string }): Promise<Response> {
  const res = await fetch(`${appUrl}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(member),
  });
  if (!res.ok) throw new Error(`POST /login as ${member.email}: ${res.status}`);
  return res;
}

/** Logs the demo member in through the API: the `token` and `refreshToken` cookies, as a browser keeps them. */
export async function memberCookies(appUrl: string): Promise<string> {
  const res = await login(appUrl, MEMBER);
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';', 1)[0])
    .join('; ');
}

/** An access token of the demo seller, for API calls (`x-access-token`, as API clients send it). */
export async function sellerAccessToken(appUrl: string): Promise<string> {
  const body = (await (await login(appUrl, DEMO_SELLER)).json()) as { user: { token: string } };
  return body.user.token;
}

async function measureSignedIn(url: string, options: MemberLoadOptions, cookie: string): Promise<LoadFigures> {
  const headers = { ...options.headers, cookie };
  const check = await fetch(url, { headers });
  await check.arrayBuffer();
  // Warmed (and rendered for nobody): the member's visits must be hits from here on.
  const warm = await fetch(url, { headers });
  await warm.arrayBuffer();
  if (warm.headers.get('x-render-cache') !== 'hit')
    throw new Error(`${url} signed in: x-render-cache ${warm.headers.get('x-render-cache')}, not a hit`);
  if (warm.headers.has('set-cookie')) throw new Error(`${url} signed in: the cached answer sets cookies`);
  await autocannon({ url, connections: options.connections, duration: 1, headers });
  const result = await autocannon({ url, connections: options.connections, duration: options.duration, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/** The verdicts of signed-in `/maya` and its newest post, beside the baseline's static JSON of the same run. */
export async function memberPagesLoad(
  appUrl: string,
  staticJson: LoadFigures,
  options: MemberLoadOptions,
): Promise<Verdict[]> {
  const cookie = await memberCookies(appUrl);
  const paths = [`/${SELLER}`, await firstPostPath(appUrl)];
  const verdicts: Verdict[] = [];
  console.log(
    `\n${'issue 22: signed-in seller pages'.padEnd(44)} ${'req/s'.padStart(8)} ${'× baseline'.padStart(12)} ${'p99 ms'.padStart(8)}`,
  );
  for (const path of paths) {
    const { rps, p99 } = await measureSignedIn(appUrl + path, options, cookie);
    const share = rps / staticJson.rps;
    console.log(
      `${path.padEnd(44)} ${rps.toFixed(0).padStart(8)} ${share.toFixed(3).padStart(12)} ${String(p99).padStart(8)}`,
    );
    verdicts.push([
      `signed-in ${path} ≥ ${MIN_SHARE_OF_BASELINE} × static JSON (${share.toFixed(3)})`,
      share >= MIN_SHARE_OF_BASELINE,
    ]);
  }
  return verdicts;
}
