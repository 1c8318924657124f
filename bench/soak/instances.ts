// The app's production instances, supervised as a deployment would (compose's `restart:
// unless-stopped`): an instance that exits without being told to is recorded — with the end of
// its log, which says why — and started again a second later.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PORTS, S3_BUCKET } from './config';
import { crashSummary, tail, type ProcessTable, type Tracked } from './processes';
import { PRODUCTION_START } from '../processes';

export interface InstanceEvent {
  at: number;
  instance: string;
  kind: 'unplanned exit' | 'kill -9' | 'started';
  detail: string;
}

/** What every instance shares: the drill's services and one signing secret. */
export interface SharedEnv {
  databaseUrl: string;
  jwtSecret: string;
}

/** The production app's environment, from scratch: nothing of the caller's shell leaks in. */
export function instanceEnv(shared: SharedEnv, port: number, dataDir: string): NodeJS.ProcessEnv {
  const front = `http://127.0.0.1:${PORTS.haproxy}`;
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: process.env.TMPDIR,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: front,
    DATA_DIR: dataDir,
    DATABASE_URL: shared.databaseUrl,
    REDIS_URL: `redis://127.0.0.1:${PORTS.redis}`,
    // Media at the front door too: HAProxy sends /{bucket}/… to s3rver (deploy/haproxy/haproxy.cfg).
    S3_BUCKET,
    S3_ENDPOINT: front,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    SMTP_URL: `smtp://127.0.0.1:${PORTS.smtp}`,
    MAIL_FROM: 'Storefront <no-reply@soak.storefront.test>',
    JWT_SECRET: shared.jwtSecret,
    // Two proxies: each simulated user's X-Forwarded-For stands for the outer one (a CDN), so
    // 100 users are 100 addresses to the rate limits; HAProxy is the inner one.
    TRUST_PROXY: '2',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    // The rolling restart's drain: longer than HAProxy's two failed checks (1 s apart, each up to
    // 2 s), so the balancer lets go before the instance stops listening (README "Operate").
    DRAIN_MS: '4000',
  };
}

class RouteMissing extends Error {}

export class AppInstance {
  readonly name: string;
  readonly port: number;
  private current: Tracked | null = null;
  private planned = false;
  private supervising = true;

  constructor(
    private readonly table: ProcessTable,
    index: number,
    private readonly shared: SharedEnv,
    private readonly dataRoot: string,
    private readonly events: InstanceEvent[],
  ) {
    this.name = `app${index + 1}`;
    this.port = PORTS.apps[index]!;
  }

  start() {
    const dataDir = path.join(this.dataRoot, this.name);
    mkdirSync(dataDir, { recursive: true });
    const env = instanceEnv(this.shared, this.port, dataDir);
    const t = this.table.spawn(this.name, process.execPath, PRODUCTION_START, { env });
    this.current = t;
    this.planned = false;
    this.events.push({ at: Date.now(), instance: this.name, kind: 'started', detail: `pid ${t.pid}` });
    void t.exited.then((exit) => {
      if (this.current !== t) return;
      this.current = null;
      if (this.planned) return;
      this.events.push({
        at: Date.now(),
        instance: this.name,
        kind: 'unplanned exit',
        detail: `exit ${exit.code ?? exit.signal}\n${crashSummary(t.log)}`,
      });
      if (this.supervising) setTimeout(() => this.supervising && !this.current && this.start(), 1_000);
    });
  }

  /** Resolves when the instance answers `healthPath` with 200 (restarts after a crash included). */
  async waitReady(healthPath: string, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      try {
        const res = await fetch(`http://127.0.0.1:${this.port}${healthPath}`, { signal: AbortSignal.timeout(2_000) });
        if (res.ok) return;
        if (res.status === 404) {
          throw new RouteMissing(`${healthPath} answers 404: this build has no such route (HEALTH_PATH=/api/v1/health checks the database alone).`);
        }
      } catch (err) {
        if (err instanceof RouteMissing) throw err;
        // not listening yet, or restarting after a crash
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`${this.name} was not ready on ${healthPath} within ${timeoutMs / 1000} s:\n${tail(this.table.logFile(this.name))}`);
  }

  async kill9() {
    const t = this.current;
    if (!t) return;
    this.planned = true;
    this.events.push({ at: Date.now(), instance: this.name, kind: 'kill -9', detail: `pid ${t.pid}` });
    await this.table.kill9(t);
  }

  /** A deploy's restart: SIGTERM (the instance drains and exits 0), then started again. */
  async restart(): Promise<{ drainedMs: number; exit: string }> {
    const t = this.current;
    if (!t) return { drainedMs: 0, exit: 'not running' };
    this.planned = true;
    const started = Date.now();
    const exit = await this.table.stop(t, 'SIGTERM', 30_000);
    const drainedMs = Date.now() - started;
    this.start();
    return { drainedMs, exit: `exit ${exit.code ?? exit.signal}` };
  }

  /** The end of the drill: SIGTERM, and no restart. */
  async stop() {
    this.supervising = false;
    const t = this.current;
    if (!t) return;
    this.planned = true;
    await this.table.stop(t, 'SIGTERM', 15_000);
  }
}
