/**
 * Restart to first answer: how long a production process takes from its spawn to the first 200 on
 * /api/v1/health, on a data directory that already holds the demo (a restart, not a first start:
 * no migrations to apply, no seed to draw), and how much memory it holds then and after one
 * render of a few pages. Target (issue 22): ≤ 1.5 s.
 *
 * `measureStartTime()` for bench/run.ts; alone: `node --import tsx bench/start-time.ts`
 * (START_RUNS restarts, default 5; START_PORT, default a free one of 3300–3799).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PRODUCTION_START, waitForHealth } from './processes';

export interface StartTimeFigures {
  /** Spawn → first 200 of each restart, in ms. */
  restartsMs: number[];
  medianMs: number;
  /** CPU time (user + system, all threads) the median restart had used at its first answer: the
   * figure that does not depend on what else the machine is doing. */
  cpuMs: number;
  /** Resident memory at the first answer, and after rendering PAGES once (median run), in MB. */
  rssAtFirstAnswerMb: number;
  rssAfterPagesMb: number;
}

export const START_TARGET_MS = 1_500;
const PAGES = ['/', '/maya', '/marketplace', '/login'];

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** utime + stime of /proc/{pid}/stat, in ms (clock ticks of 10 ms). */
async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function spawnApp(command: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, command, {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** SIGINT: the server exits at once, cleanly (no drain to wait for between restarts). */
async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGINT');
  await exited;
}

/** Polls every 5 ms: the figure is the process's, not the poller's. */
async function firstAnswer(url: string, child: ChildProcess, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`${url} did not answer`);
}

export async function measureStartTime(
  options: { runs?: number; port?: number; command?: string[] } = {},
): Promise<StartTimeFigures> {
  const runs = options.runs ?? 5;
  const port = options.port ?? 3300 + Math.floor(Math.random() * 500);
  const command = options.command ?? PRODUCTION_START;
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'storefront-start-'));
  const env = { PORT: String(port), APP_URL: url, DATA_DIR: dataDir, SEED_DEMO: 'true' };
  try {
    // The first start migrates and seeds (and builds what is missing): not measured.
    const first = spawnApp(command, env);
    await waitForHealth(`${url}/api/v1/health`, first);
    await stop(first);

    const samples: { ms: number; cpu: number; rssFirst: number; rssPages: number }[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const child = spawnApp(command, env);
      try {
        await firstAnswer(`${url}/api/v1/health`, child, Date.now() + 60_000);
        const ms = performance.now() - started;
        const cpu = await cpuMs(child.pid!);
        const rssFirst = await rssMb(child.pid!);
        for (const page of PAGES) {
          const res = await fetch(url + page, { headers: { 'accept-encoding': 'br, gzip' } });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`${page} answered ${res.status}`);
        }
        samples.push({ ms, cpu, rssFirst, rssPages: await rssMb(child.pid!) });
      } finally {
        await stop(child);
      }
    }
    samples.sort((a, b) => a.ms - b.ms);
    const median = samples[Math.floor(samples.length / 2)]!;
    return {
      restartsMs: samples.map((s) => Math.round(s.ms)),
      medianMs: Math.round(median.ms),
      cpuMs: median.cpu,
      rssAtFirstAnswerMb: Math.round(median.rssFirst),
      rssAfterPagesMb: Math.round(median.rssPages),
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await measureStartTime({
    runs: Number(process.env.START_RUNS ?? 5),
    port: process.env.START_PORT ? Number(process.env.START_PORT) : undefined,
    command: process.env.START_COMMAND ? process.env.START_COMMAND.split(' ') : undefined,
  });
  console.log(`Restart → first 200 on /api/v1/health: median ${figures.medianMs} ms (${figures.restartsMs.join(', ')} ms), ${figures.cpuMs} ms of CPU`);
  console.log(`Resident memory: ${figures.rssAtFirstAnswerMb} MB at the first answer, ${figures.rssAfterPagesMb} MB after ${PAGES.join(', ')}`);
  const ok = figures.medianMs <= START_TARGET_MS;
  console.log(`${ok ? 'PASS' : 'MISS'}  restart to first answer ≤ ${START_TARGET_MS} ms (${figures.medianMs})`);
  process.exitCode = ok ? 0 : 1;
}
