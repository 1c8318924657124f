// The services the drill runs the app on, each its own process on its own port: a PostgreSQL
// cluster in a temporary folder (never the machine's shared server), redis-server, s3rver, an
// SMTP sink that records every message, and HAProxy with the deployment's configuration.
import { execFileSync } from 'node:child_process';
import { accessSync, chownSync, constants, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { PORTS, S3_BUCKET } from './config';
import { runToEnd, tail, type ProcessTable, type Tracked } from './processes';

const isRoot = () => process.getuid?.() === 0;

/** An executable on PATH, in the sbin folders, or among the installed PostgreSQL versions. */
export function which(cmd: string): string | null {
  const pgBins = (() => {
    try {
      return readdirSync('/usr/lib/postgresql').map((v) => `/usr/lib/postgresql/${v}/bin`);
    } catch {
      return [];
    }
  })();
  const dirs = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin', '/sbin', ...pgBins];
  for (const dir of dirs.filter(Boolean)) {
    try {
      accessSync(path.join(dir, cmd), constants.X_OK);
      return path.join(dir, cmd);
    } catch {
      // not here
    }
  }
  return null;
}

function required(cmd: string, hint: string): string {
  const found = which(cmd);
  if (!found) throw new Error(`${cmd} was not found. ${hint}`);
  return found;
}

/** Resolves once something accepts connections on the port. */
export async function waitForPort(port: number, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not open port ${port}`);
}

/** Refuses to start when a port of the drill is taken (another run, another service). */
export async function assertPortsFree(ports: number[]) {
  for (const port of ports) {
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (!free) throw new Error(`Port ${port} is in use: is another drill running? (ports: ${ports.join(', ')})`);
  }
}

/** HAProxy from Debian's package; installed with apt-get when missing and running as root. */
export async function ensureHaproxy(log: string): Promise<string> {
  const found = which('haproxy');
  if (found) return found;
  if (!isRoot() || !which('apt-get')) {
    throw new Error("HAProxy is not installed. Install Debian's package (sudo apt-get install haproxy) and run `npm run soak` again.");
  }
  console.log("HAProxy is missing: installing Debian's package (apt-get install haproxy)…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await runToEnd('apt-get', ['update'], log, { env });
  await runToEnd('apt-get', ['install', '-y', '--no-install-recommends', 'haproxy'], log, { env });
  return required('haproxy', 'apt-get install haproxy did not provide it.');
}

/** A PostgreSQL cluster of the drill's own: initdb in `dir`, started, restarted and stopped with pg_ctl. */
export class Postgres {
  readonly url = `postgres://postgres@127.0.0.1:${PORTS.postgres}/storefront`;
  private readonly data: string;
  /** pg_ctl's own output (the drill writes it) and the server's log (the server writes it). */
  private readonly log: string;
  private readonly serverLog: string;
  private readonly pgCtl = required('pg_ctl', 'Install PostgreSQL (apt-get install postgresql).');
  // PostgreSQL will not run as root: then the cluster belongs to the system's postgres user.
  private readonly asUser = isRoot() ? 'postgres' : undefined;
  private pid = 0;

  constructor(
    private readonly table: ProcessTable,
    private readonly dir: string,
  ) {
    this.data = path.join(dir, 'data');
    this.log = table.logFile('postgres');
    this.serverLog = path.join(dir, 'server.log');
  }

  async create() {
    mkdirSync(this.dir, { recursive: true });
    if (this.asUser) {
      const uid = Number(execFileSync('id', ['-u', this.asUser]).toString());
      const gid = Number(execFileSync('id', ['-g', this.asUser]).toString());
      chownSync(this.dir, uid, gid);
    }
    const initdb = required('initdb', 'Install PostgreSQL (apt-get install postgresql).');
    await runToEnd(initdb, ['-D', this.data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], this.log, { asUser: this.asUser });
    await this.pgctl(['start', '-o', this.options()]);
    const admin = new pg.Client({ connectionString: this.url.replace(/\/storefront$/, '/postgres') });
    await admin.connect();
    await admin.query('create database storefront');
    await admin.end();
  }

  /** `pg_ctl restart -m fast`: every connection is terminated (57P01), then the server is back. */
  restart() {
    return this.pgctl(['restart', '-m', 'fast']);
  }

  stop() {
    return this.pgctl(['stop', '-m', 'fast']);
  }

  // Only its own loopback port and a socket folder of its own; fsync off: a throwaway cluster
  // (every stop here is a clean one, so no acknowledged commit depends on it).
  private options() {
    return `-p ${PORTS.postgres} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${this.dir} -c max_connections=200 -c fsync=off`;
  }

  private async pgctl(args: string[]) {
    await runToEnd(this.pgCtl, ['-D', this.data, '-l', this.serverLog, '-w', '-t', '60', ...args], this.log, { asUser: this.asUser });
    this.table.untrackDaemon(this.pid);
    if (args[0] === 'stop') return;
    this.pid = Number(readFileSync(path.join(this.data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    this.table.trackDaemon(this.pid, () => this.stop());
  }
}

/** A process of the drill that can be stopped and started again on the same port. */
export class Restartable {
  private current: Tracked | null = null;

  constructor(
    private readonly table: ProcessTable,
    readonly name: string,
    private readonly port: number,
    private readonly launch: () => Tracked,
  ) {}

  async start() {
    if (this.current) return;
    const started = this.launch();
    this.current = started;
    let starting = true;
    const died = started.exited.then((exit) => {
      if (starting) throw new Error(`${this.name} exited while starting (${exit.code ?? exit.signal}):\n${tail(started.log)}`);
    });
    died.catch(() => {}); // raced below; later exits are no error of starting
    try {
      await Promise.race([waitForPort(this.port, this.name), died]);
    } finally {
      starting = false;
    }
  }

  async stop() {
    const running = this.current;
    this.current = null;
    if (running) await this.table.stop(running, 'SIGTERM', 3_000);
  }
}

export function redisServer(table: ProcessTable, dir: string) {
  const bin = required('redis-server', 'Install Redis (apt-get install redis-server).');
  mkdirSync(dir, { recursive: true });
  return new Restartable(table, 'redis', PORTS.redis, () =>
    table.spawn('redis', bin, ['--port', String(PORTS.redis), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir]),
  );
}

export function s3Server(table: ProcessTable, dir: string) {
  mkdirSync(dir, { recursive: true });
  const bin = path.resolve('node_modules/s3rver/bin/s3rver.js');
  return new Restartable(table, 's3rver', PORTS.s3, () =>
    table.spawn('s3rver', process.execPath, [bin, '-d', dir, '-a', '127.0.0.1', '-p', String(PORTS.s3), '--silent', '--no-vhost-buckets', '--configure-bucket', S3_BUCKET]),
  );
}

/** The SMTP sink: every message it accepts is a JSON line in `file` (bench/soak/smtp-sink.ts). */
export function smtpSink(table: ProcessTable, file: string) {
  return new Restartable(table, 'smtp', PORTS.smtp, () =>
    table.spawn('smtp', process.execPath, ['--import', 'tsx', 'bench/soak/smtp-sink.ts', String(PORTS.smtp), file]),
  );
}

/**
 * HAProxy with deploy/haproxy/haproxy.cfg — the file compose.yaml mounts — and the same
 * variables: the instances, the checked route and the media route to s3rver.
 */
export function haproxy(table: ProcessTable, bin: string, healthPath: string, livePath: string) {
  const env = {
    ...process.env,
    HAPROXY_BIND: `127.0.0.1:${PORTS.haproxy}`,
    HAPROXY_STATS_BIND: `127.0.0.1:${PORTS.haproxyStats}`,
    HEALTH_PATH: healthPath,
    LIVE_PATH: livePath,
    S3_SERVER: `127.0.0.1:${PORTS.s3}`,
    S3_BUCKET,
    ...Object.fromEntries(PORTS.apps.map((port, i) => [`APP_SERVER_${i + 1}`, `127.0.0.1:${port}`])),
  };
  return new Restartable(table, 'haproxy', PORTS.haproxy, () =>
    table.spawn('haproxy', bin, ['-db', '-f', path.resolve('deploy/haproxy/haproxy.cfg')], { env }),
  );
}

/** The servers HAProxy sees up, from its stats CSV (`app1` → true). */
export async function haproxyServersUp(): Promise<Record<string, boolean>> {
  const res = await fetch(`http://127.0.0.1:${PORTS.haproxyStats}/stats;csv`);
  const up: Record<string, boolean> = {};
  for (const line of (await res.text()).split('\n')) {
    const [proxy, server, ...rest] = line.split(',');
    if (proxy === 'app' && server && server !== 'BACKEND' && server !== 'FRONTEND') up[server] = rest[15]?.startsWith('UP') ?? false;
  }
  return up;
}
