import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { loneServerEnv } from '../helpers/lone-server-env';

/**
 * SIGTERM to a real server process (docs/decisions/038): the server as `npm start` runs it
 * (tests/helpers/drain-server.ts: startServer without the web app, on an embedded database in a
 * temporary DATA_DIR) told to stop as an orchestrator does in a rolling restart.
 */
const DRAIN_MS = 1500;

type LogLine = Record<string, unknown> & { msg?: string };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function startInstance() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sf-drain-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/drain-server.ts'], {
    env: { ...loneServerEnv(dataDir), NODE_ENV: 'production', DRAIN_MS: String(DRAIN_MS) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  });
  // The server's JSON log lines, and whoever waits for one.
  const lines: LogLine[] = [];
  const waiting: { test: (line: LogLine) => boolean; resolve: (line: LogLine) => void }[] = [];
  createInterface({ input: child.stdout }).on('line', (text) => {
    let line: LogLine;
    try {
      line = JSON.parse(text) as LogLine;
    } catch {
      return;
    }
    lines.push(line);
    for (const w of waiting.splice(0)) {
      if (w.test(line)) w.resolve(line);
      else waiting.push(w);
    }
  });
  const logged = (test: (line: LogLine) => boolean) =>
    new Promise<LogLine>((resolve, reject) => {
      const seen = lines.find(test);
      if (seen) return resolve(seen);
      waiting.push({ test, resolve });
      void exited.then(({ code }) => reject(new Error(`the server exited (${code}) first`)));
    });
  const { address } = await logged((line) => typeof line.address === 'string');
  return { child, lines, logged, exited, base: address as string };
}

/** Keep-alive connections, as a balancer holds them. A reset rejects the call. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
afterEach(() => agent.destroy());

function get(base: string, url: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      http
        .get(new URL(url, base), { agent }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
          res.on('error', reject);
        })
        .on('error', reject);
    },
  );
}

describe('SIGTERM', () => {
  it('fails readiness at once, answers requests in flight and new ones for DRAIN_MS, then exits 0', async () => {
    const server = await startInstance();
    expect((await get(server.base, '/api/v1/health/ready')).status).toBe(200);
    const inFlight = get(server.base, '/test/in-flight');
    await server.logged((line) => line.msg === 'in-flight request started');

    const signalledAt = performance.now();
    server.child.kill('SIGTERM');
    await expect
      .poll(async () => (await get(server.base, '/api/v1/health/ready')).status, { interval: 20 })
      .toBe(503);
    const ready = await get(server.base, '/api/v1/health/ready');
    expect(JSON.parse(ready.body)).toMatchObject({ statusCode: 503, code: 'SHUTTING_DOWN' });
    expect(ready.headers['retry-after']).toBe('5');

    // New requests during the drain are served in full, the database too, each answer closing its
    // connection; the one in flight when the signal came is answered as well.
    const during = await Promise.all(
      ['/api/v1/health/live', '/api/v1/health', '/api/v1/products', '/api/v1/tags'].map((url) =>
        get(server.base, url),
      ),
    );
    for (const res of during) {
      expect(res.status, res.body).toBe(200);
      expect(res.headers.connection).toBe('close');
    }
    const answered = await inFlight;
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.body)).toEqual({ answered: 'during the drain' });
    // All of that came before the drain was over.
    expect(server.lines.some((line) => line.msg === 'shutting down')).toBe(false);

    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(performance.now() - signalledAt).toBeGreaterThanOrEqual(DRAIN_MS);
    const messages = server.lines.map((line) => line.msg);
    expect(messages).toContain('shutting down');
    expect(server.lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
  }, 60_000);
});
