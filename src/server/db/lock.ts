import { open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

export interface DirLock {
  release(): Promise<void>;
}

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
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

/**
 * An exclusive lock on a directory: a lock file created with O_EXCL holding our pid.
 * A lock left by a crashed process (pid no longer alive) is taken over.
 */
export async function acquireDirLock(dir: string): Promise<DirLock> {
  const file = path.join(dir, '.lock');
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
      const pid = Number.parseInt(await readFile(file, 'utf8').catch(() => ''), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(dir, pid);
      }
      await rm(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
