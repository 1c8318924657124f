/**
 * Issue 26, "Measured": recording a seller's page views adds ≤ 5 % to anonymous `/{username}`
 * requests per second, in the same run. The same cached page is loaded as a person (a phone's
 * browser: every answer is a view pushed onto the instance's queue and written by the flush) and
 * as a crawler (isbot: the same request path, the same check, nothing recorded), alternating so
 * that both meet the same machine; the figure is the ratio of their medians.
 *
 * A ratio says nothing if the views were dropped to get it (the queue's bound sheds views when the
 * database falls behind, docs/decisions/071): the seller's insights must have counted every
 * person's request of the run.
 */
import autocannon from 'autocannon';
import type { InsightsResponse } from '../src/shared/contracts/insights';
import { sellerAccessToken } from './member-pages';
import { SELLER } from './personal-pages';
import { cpuMs } from './uncached-pages';

type Verdict = [string, boolean];

const PERSON =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const ROUNDS = 5;
const MAX_COST = 0.05;

export interface RecordingOptions {
  connections: number;
  duration: number;
  headers: Record<string, string>;
  /** The app's process: each run also reports the server's CPU time per answered request. */
  appPid?: number | undefined;
}

/** The seller's views today, as their insights say (raw events after the last folded day). */
async function viewsSoFar(appUrl: string, token: string): Promise<number> {
  const res = await fetch(`${appUrl}/api/v1/insights?range=7d`, { headers: { 'x-access-token': token } });
  if (!res.ok) throw new Error(`GET /insights as ${SELLER}: ${res.status}`);
  const body = (await res.json()) as InsightsResponse;
  return body.daily.at(-1)?.views ?? 0;
}

/** Waits until the flush (every second) has written what was queued: two equal readings in a row. */
async function settledViews(appUrl: string, token: string): Promise<number> {
  let last = await viewsSoFar(appUrl, token);
  for (let i = 0; i < 20; i++) {
    await new Promise((r) => setTimeout(r, 1_500));
    const now = await viewsSoFar(appUrl, token);
    if (now === last) return now;
    last = now;
  }
  return last;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function recordingOverhead(appUrl: string, options: RecordingOptions): Promise<Verdict[]> {
  const url = `${appUrl}/${SELLER}`;
  const token = await sellerAccessToken(appUrl);
  const pid = options.appPid;
  const run = async (agent: string, duration: number) => {
    const cpuBefore = pid ? await cpuMs(pid) : 0;
    const r = await autocannon({ url, connections: options.connections, duration, headers: { ...options.headers, 'user-agent': agent } });
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    const cpuUs = pid ? (((await cpuMs(pid)) - cpuBefore) * 1000) / r['2xx'] : Number.NaN;
    // Sent but unanswered when the run stopped: the server may still answer (and count) them.
    return { rps: r.requests.average, cpuUs, answered: r['2xx'], sent: r.requests.sent };
  };
  const before = await settledViews(appUrl, token);
  let personRequests = 0;
  let personSent = 0;
  const person: number[] = [];
  const crawler: number[] = [];
  const personCpu: number[] = [];
  const crawlerCpu: number[] = [];
  // Warmed both ways first (not counted in the figures; the person's warm-up views are counted).
  const warm = await run(PERSON, 1);
  personRequests += warm.answered;
  personSent += warm.sent;
  await run(CRAWLER, 1);
  for (let round = 0; round < ROUNDS; round++) {
    // Alternating which goes first, so neither always meets the other's leftover flush.
    for (const agent of round % 2 ? [CRAWLER, PERSON] : [PERSON, CRAWLER]) {
      const { rps, cpuUs, answered, sent } = await run(agent, options.duration);
      (agent === PERSON ? personCpu : crawlerCpu).push(cpuUs);
      if (agent === PERSON) {
        person.push(rps);
        personRequests += answered;
        personSent += sent;
      } else crawler.push(rps);
    }
  }
  const recorded = (await settledViews(appUrl, token)) - before;
  const ratio = median(person) / median(crawler);
  console.log(`\nissue 26: recording views on anonymous /${SELLER} (${ROUNDS} rounds of ${options.duration} s each way)`);
  console.log(`  as a person (recorded):   ${person.map((r) => r.toFixed(0)).join(', ')} req/s, median ${median(person).toFixed(0)}`);
  console.log(`  as a crawler (not):       ${crawler.map((r) => r.toFixed(0)).join(', ')} req/s, median ${median(crawler).toFixed(0)}`);
  console.log(`  views counted: ${recorded}; person requests answered ${personRequests}, sent ${personSent}`);
  if (pid) {
    // Where the machine is shared, req/s moves with whatever else runs; the server's own CPU
    // time per answer is what recording adds to each request.
    const [p, c] = [median(personCpu), median(crawlerCpu)];
    console.log(`  server CPU per answer:    person ${p.toFixed(1)} µs, crawler ${c.toFixed(1)} µs (+${(((p - c) / c) * 100).toFixed(1)} %)`);
  }
  return [
    [`recording costs ≤ ${MAX_COST * 100} % of /${SELLER} req/s (${((1 - ratio) * 100).toFixed(1)} %)`, ratio >= 1 - MAX_COST],
    [
      `every person's answered request counted, nothing more (${personRequests} ≤ ${recorded} ≤ ${personSent} sent)`,
      recorded >= personRequests && recorded <= personSent,
    ],
  ];
}
