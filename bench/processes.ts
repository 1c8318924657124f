// The processes a bench measures: the baseline and the app, each in its own process.
import { spawn, type ChildProcess } from 'node:child_process';

/** What `npm start` runs (node arguments): every bench spawns the production server this way. */
export const PRODUCTION_START = ['src/server/http/boot/production.js'];

/** Resolves once the app answers its health check (polling a readiness endpoint is the contract). */
export async function waitForHealth(
  url: string,
  child: ChildProcess,
  deadline = Date.now() + 600_000,
) {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not become healthy`);
}

export function startBaseline(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/baseline-server.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      const match = /ready (\d+)/.exec(d.toString());
      if (match) resolve({ child, url: `http://127.0.0.1:${match[1]}` });
    });
    child.once('exit', (code) => reject(new Error(`baseline exited (${code})`)));
  });
}

/** The production app on `env.PORT` (else a free port) with `env` added to this process's environment. */
export async function startApp(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string }> {
  const port = env.PORT ?? String(3300 + Math.floor(Math.random() * 500));
  const child = spawn(process.execPath, PRODUCTION_START, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // Benches render from one address on purpose: the per-address render limit (ADR 053) off.
      RENDER_RATE_LIMIT_PER_MINUTE: '0',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(`${url}/api/v1/health`, child);
  return { child, url };
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}
