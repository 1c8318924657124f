import { open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

export interface DirLock {
  release(): Promise<void>;
}

export class DataDirLockedError extends Error {
  constructor(
    dir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${dir} is in use by another process (pid ${pid}). ` +
        'Only one server may use an embedded database at a time: stop the other process, ' +
        'or set DATA_DIR to a different directory (or DATABASE_URL to a PostgreSQL server).',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM means the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const lockFile = (dir: string) => path.join(dir, '.lock');

/** The pid of a live process that holds the lock on `dir`, or null (no lock, or a stale one). */
export async function lockHolder(dir: string): Promise<number | null> {
  const pid = Number.parseInt(await readFile(lockFile(dir), 'utf8').catch(() => ''), 10);
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : null;
}

/**
 * An exclusive lock on a directory: a lock file created with O_EXCL holding our pid.
 * A lock left by a crashed process (pid no longer alive) is taken over.
 */
export async function acquireDirLock(dir: string): Promise<DirLock> {
  const file = lockFile(dir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          await rm(file, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = await lockHolder(dir);
      if (pid !== null && pid !== process.pid) throw new DataDirLockedError(dir, pid);
      await rm(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
