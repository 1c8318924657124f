// The drill's own processes: every one it starts is tracked by PID and ended by PID (never by
// name), in reverse order of start, on success, failure or Ctrl-C.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Tracked {
  name: string;
  child: ChildProcess;
  pid: number;
  /** Resolves when the process has exited, however that happened. */
  exited: Promise<Exit>;
  /** Where its stdout and stderr go. */
  log: string;
}

export interface SpawnOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Runs the command as this system user (PostgreSQL refuses to run as root). */
  asUser?: string;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Runs a command to its end (without blocking the workload), output into `log`; throws on failure. */
export async function runToEnd(command: string, args: string[], log: string, opts: SpawnOptions = {}) {
  const [cmd, argv] = opts.asUser ? ['runuser', ['-u', opts.asUser, '--', command, ...args]] : [command, args];
  const fd = openSync(log, 'a');
  // Detached like every process of the drill: a Ctrl-C must not cut a pg_ctl (or its server) short.
  const child = spawn(cmd, argv, { env: opts.env ?? process.env, cwd: opts.cwd, stdio: ['ignore', fd, fd], detached: true });
  closeSync(fd);
  const exit = await new Promise<Exit>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  if (exit.code !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${exit.code ?? exit.signal}):\n${tail(log)}`);
  }
}

/**
 * Why a process died, from the end of its log: the lines of its last error that say what and
 * where (the message, the error's code and constraint), not the whole stack.
 */
export function crashSummary(file: string): string {
  const lines = tail(file, 80).split('\n');
  // pino's JSON lines are the instance's own logging; the crash is what Node printed after them.
  const telling = lines.filter(
    (l) => (!/^[\s{]/.test(l) && /error|Error|ERR_/.test(l)) || /^\s+(code|constraint|routine): /.test(l),
  );
  return (telling.length ? telling.slice(-6) : lines.slice(-6)).map((l) => l.trim().slice(0, 200)).join('\n');
}

/** The last lines of a log file, for a report. */
export function tail(file: string, lines = 15): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

export class ProcessTable {
  private readonly running = new Map<number, Tracked>();
  /** PIDs of daemons started through another program (pg_ctl), ended last by PID if still up. */
  private readonly daemons = new Map<number, () => Promise<void>>();

  constructor(private readonly logDir: string) {
    // Last resort when the drill itself dies: nothing it started outlives it.
    process.once('exit', () => {
      for (const pid of [...this.running.keys(), ...this.daemons.keys()]) {
        if (alive(pid)) process.kill(pid, 'SIGKILL');
      }
    });
  }

  logFile(name: string) {
    return path.join(this.logDir, `${name}.log`);
  }

  spawn(name: string, command: string, args: string[], opts: SpawnOptions = {}): Tracked {
    const log = this.logFile(name);
    const fd = openSync(log, 'a');
    const [cmd, argv] = opts.asUser ? ['runuser', ['-u', opts.asUser, '--', command, ...args]] : [command, args];
    // Its own process group: a Ctrl-C reaches only the drill, which then stops everything in order.
    const child = spawn(cmd, argv, { env: opts.env ?? process.env, cwd: opts.cwd, stdio: ['ignore', fd, fd], detached: true });
    closeSync(fd);
    if (child.pid === undefined) throw new Error(`${name}: could not start ${command}`);
    const pid = child.pid;
    const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    const tracked: Tracked = { name, child, pid, exited, log };
    this.running.set(pid, tracked);
    void exited.then(() => this.running.delete(pid));
    return tracked;
  }

  /** Ends a process by its PID: `signal`, then SIGKILL after `graceMs`. */
  async stop(t: Tracked, signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000): Promise<Exit> {
    if (!this.running.has(t.pid)) return t.exited;
    process.kill(t.pid, signal);
    const timer = setTimeout(() => alive(t.pid) && process.kill(t.pid, 'SIGKILL'), graceMs);
    const exit = await t.exited;
    clearTimeout(timer);
    return exit;
  }

  /** `kill -9`: no chance to clean up. */
  kill9(t: Tracked): Promise<Exit> {
    if (this.running.has(t.pid)) process.kill(t.pid, 'SIGKILL');
    return t.exited;
  }

  /** A daemon another program started (its PID from a pid file), with the proper way to stop it. */
  trackDaemon(pid: number, stop: () => Promise<void>) {
    this.daemons.set(pid, stop);
  }

  untrackDaemon(pid: number) {
    this.daemons.delete(pid);
  }

  /** Everything still running, newest first; daemons last. */
  async stopAll() {
    for (const t of [...this.running.values()].reverse()) await this.stop(t, 'SIGTERM', 5_000);
    for (const [pid, stop] of this.daemons) {
      await stop().catch(() => {});
      if (alive(pid)) process.kill(pid, 'SIGKILL');
      this.daemons.delete(pid);
    }
  }
}
