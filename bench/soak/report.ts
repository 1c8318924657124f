// The drill's figures: per route, p50/p99 and errors inside and outside the fault windows; per
// fault, what clients saw while it lasted; what the instances logged.
import { readFileSync } from 'node:fs';
import type { Sample } from './client';
import type { FaultWindow } from './faults';

/**
 * A 5xx that is not "come back later" (503 with Retry-After), or no answer at all — except a
 * connection closed before any answer, which the client sent again (that attempt is its own sample).
 */
export const isHardError = (s: Sample) =>
  (s.status === 0 && !s.resent) || (s.status >= 500 && !(s.status === 503 && s.retryAfter));
export const isRetryLater = (s: Sample) => s.status === 503 && s.retryAfter;

/** Inside a window where requests may suffer (an SMTP outage is not one: mail is queued). */
export const inWindow = (s: Sample, windows: FaultWindow[]) =>
  windows.some((w) => w.affectsRequests && s.start < w.end && s.end > w.start);
/** For the per-fault lists: the window in which the answer came (each call in one window only). */
export const answeredIn = (s: Sample, w: FaultWindow) => s.end >= w.start && s.end < w.end;

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export interface RouteFigures {
  route: string;
  n: number;
  p50: number;
  p99: number;
  /** 4xx answers (refusals: rate limits, stock, validation) are not errors of the service. */
  clientErrors: number;
  retryLater: number;
  hardErrors: number;
}

export function figures(samples: Sample[]): RouteFigures[] {
  const byRoute = new Map<string, Sample[]>();
  for (const s of samples) byRoute.set(s.route, [...(byRoute.get(s.route) ?? []), s]);
  return [...byRoute]
    .map(([route, list]) => {
      const times = list.map((s) => s.ms).sort((a, b) => a - b);
      return {
        route,
        n: list.length,
        p50: percentile(times, 50),
        p99: percentile(times, 99),
        clientErrors: list.filter((s) => s.status >= 400 && s.status < 500).length,
        retryLater: list.filter(isRetryLater).length,
        hardErrors: list.filter(isHardError).length,
      };
    })
    .sort((a, b) => b.n - a.n);
}

const ms = (v: number) => (Number.isNaN(v) ? '-' : v.toFixed(0));

export function printRouteTable(samples: Sample[], windows: FaultWindow[]) {
  const outside = new Map(figures(samples.filter((s) => !inWindow(s, windows))).map((f) => [f.route, f]));
  const inside = new Map(figures(samples.filter((s) => inWindow(s, windows))).map((f) => [f.route, f]));
  const routes = figures(samples).map((f) => f.route);
  const head = `${'route'.padEnd(44)} │ ${'outside the fault windows'.padEnd(30)} │ inside the fault windows`;
  console.log(`\n${head}`);
  console.log(`${''.padEnd(44)} │ ${'n'.padStart(5)} ${'p50'.padStart(5)} ${'p99'.padStart(6)} ${'4xx'.padStart(4)} ${'5xx'.padStart(4)} │ ${'n'.padStart(5)} ${'p50'.padStart(5)} ${'p99'.padStart(6)} ${'4xx'.padStart(4)} ${'503RA'.padStart(5)} ${'5xx'.padStart(4)}`);
  for (const route of routes) {
    const o = outside.get(route);
    const i = inside.get(route);
    const left = o ? `${String(o.n).padStart(5)} ${ms(o.p50).padStart(5)} ${ms(o.p99).padStart(6)} ${String(o.clientErrors).padStart(4)} ${String(o.hardErrors + o.retryLater).padStart(4)}` : ''.padEnd(28);
    const right = i ? `${String(i.n).padStart(5)} ${ms(i.p50).padStart(5)} ${ms(i.p99).padStart(6)} ${String(i.clientErrors).padStart(4)} ${String(i.retryLater).padStart(5)} ${String(i.hardErrors).padStart(4)}` : '';
    console.log(`${route.slice(0, 44).padEnd(44)} │ ${left.padEnd(30)} │ ${right}`);
  }
  console.log('(ms; 5xx: answers ≥ 500 and requests with no answer; 503RA: 503 with Retry-After)');
}

/** What clients saw during each fault: how many calls, and which failed how. */
export function printWindows(samples: Sample[], windows: FaultWindow[], t0: number) {
  console.log(
    '\nFault windows (seconds into the workload; a window ends 5 s after the part and every instance are back; calls listed where their answer came; the SMTP window, held to the targets outside the windows, lists only calls outside the others):',
  );
  for (const w of windows) {
    // The SMTP window shows only what no other fault explains.
    const calls = samples.filter((s) => answeredIn(s, w) && (w.affectsRequests || !inWindow(s, windows)));
    const hard = calls.filter(isHardError);
    const kinds = new Map<string, number>();
    for (const s of hard) {
      const kind = `${s.status === 0 ? `no answer (${s.detail ?? '?'})` : `${s.status}${s.retryAfter ? '+Retry-After' : ''}${s.detail ? ` ${s.detail}` : ''}`} on ${s.route}`;
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    const rel = (t: number) => ((t - t0) / 1000).toFixed(1);
    const fromBalancer = calls.filter((s) => isRetryLater(s) && s.byBalancer).length;
    const resent = calls.filter((s) => s.resent).length;
    console.log(
      `  ${w.name}: ${rel(w.start)}–${rel(w.end)} s (back at ${rel(w.back)} s${w.allUp - w.back > 1_000 ? `, every instance up at ${rel(w.allUp)} s` : ''}; ${w.detail}): ${calls.length} calls, ` +
        `${calls.filter(isRetryLater).length} × 503+Retry-After (${fromBalancer} from HAProxy), ${resent} closed before any answer and resent, ${hard.length} other 5xx/no answer`,
    );
    for (const [kind, n] of [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`      ${String(n).padStart(5)} × ${kind}`);
  }
}

/** What each instance logged at error level (pino's JSON lines), grouped by message and cause. */
export function printInstanceErrors(logs: { name: string; file: string }[]) {
  console.log('\nErrors the instances logged (level ≥ error), most frequent first:');
  for (const { name, file } of logs) {
    const counts = new Map<string, number>();
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      // never started
    }
    const other = new Map<string, number>();
    for (const line of text.split('\n')) {
      // What is not pino's: Node's crash reports, libraries writing to the console.
      if (!line.startsWith('{')) {
        if (/^\S/.test(line) && /error|Error/.test(line)) other.set(line.slice(0, 110), (other.get(line.slice(0, 110)) ?? 0) + 1);
        continue;
      }
      try {
        const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string; code?: string } };
        if ((entry.level ?? 0) < 50) continue;
        const cause = entry.err ? `: ${entry.err.code ? `${entry.err.code} ` : ''}${(entry.err.message ?? '').split('\n')[0]!.slice(0, 110)}` : '';
        const key = `${entry.msg ?? ''}${cause}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      } catch {
        // a line that is not pino's
      }
    }
    const top = [...counts].sort((a, b) => b[1] - a[1]);
    console.log(`  ${name}: ${top.reduce((n, [, c]) => n + c, 0)} lines`);
    for (const [key, n] of top.slice(0, 6)) console.log(`    ${String(n).padStart(5)} × ${key}`);
    for (const [key, n] of [...other].sort((a, b) => b[1] - a[1]).slice(0, 3)) console.log(`    ${String(n).padStart(5)} × (console) ${key}`);
  }
}
