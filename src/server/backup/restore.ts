import { chmod, mkdir, mkdtemp, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import * as tar from 'tar';
import { loadPgliteDump } from '../db/client';
import { DataDirLockedError, acquireDirLock, lockHolder } from '../db/lock';
import { BackupRefusedError, ENTRY, manifestSchema, type Manifest } from './format';

export type RestoreProgress =
  { stage: 'unpacked'; manifest: Manifest } | { stage: 'database'; ms: number };

/** What a restore puts into DATA_DIR: removed again when it fails, so the directory stays empty. */
const RESTORED = ['pglite', ENTRY.media, ENTRY.outbox, ENTRY.secret];

async function readManifest(staging: string): Promise<Manifest> {
  const text = await readFile(path.join(staging, ENTRY.manifest), 'utf8').catch(() => null);
  let parsed: unknown = null;
  try {
    parsed = text === null ? null : JSON.parse(text);
  } catch {
    // reported below
  }
  const manifest = manifestSchema.safeParse(parsed);
  if (!manifest.success) {
    throw new BackupRefusedError(
      `This file is not a backup made by npm run backup (no valid ${ENTRY.manifest} in it).`,
    );
  }
  return manifest.data;
}

/** Unpacks the backup file; only plain files and directories, every path kept inside `into`. */
async function unpack(file: string, into: string): Promise<void> {
  try {
    await tar.x({
      file,
      cwd: into,
      strict: true,
      filter: (_path, entry) =>
        'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
    });
  } catch (err) {
    throw new BackupRefusedError(
      `${file} cannot be read as a backup (${(err as Error).message}): is it complete?`,
    );
  }
}

/**
 * Fills an empty DATA_DIR from a backup file: the database, media, mail outbox and signing
 * secret. Refuses a directory a server uses or that holds anything, so nothing is overwritten;
 * holds the directory's lock meanwhile, so a server started during the restore refuses to run.
 */
export async function restoreBackup(
  file: string,
  dataDir: string,
  onProgress: (progress: RestoreProgress) => void = () => {},
): Promise<Manifest> {
  if (!(await stat(file).catch(() => null))?.isFile()) {
    throw new BackupRefusedError(`There is no backup file at ${file}.`);
  }
  const existing = await stat(dataDir).catch(() => null);
  if (existing && !existing.isDirectory()) {
    throw new BackupRefusedError(`DATA_DIR ${dataDir} is a file, not a directory.`);
  }
  const serverRunning = (pid: number) =>
    new BackupRefusedError(
      `A server (pid ${pid}) is running on DATA_DIR ${dataDir}. Stop it first: a backup is ` +
        'restored only into an empty DATA_DIR, before the app starts on it.',
    );
  const holder = await lockHolder(dataDir);
  if (holder !== null) throw serverRunning(holder);
  await mkdir(dataDir, { recursive: true });
  const lock = await acquireDirLock(dataDir).catch((err: unknown) => {
    throw err instanceof DataDirLockedError ? serverRunning(err.pid) : err;
  });
  let filled = false;
  try {
    const present = (await readdir(dataDir)).filter((name) => name !== '.lock');
    if (present.length > 0) {
      const shown = present.slice(0, 5).join(', ') + (present.length > 5 ? ', …' : '');
      throw new BackupRefusedError(
        `DATA_DIR ${dataDir} is not empty (${shown}). A restore only fills an empty directory: ` +
          'move this one aside (e.g. mv data data.old) or point DATA_DIR at a new directory.',
      );
    }
    filled = true;
    const staging = await mkdtemp(path.join(dataDir, '.restore-'));
    await unpack(file, staging);
    const manifest = await readManifest(staging);
    onProgress({ stage: 'unpacked', manifest });

    const started = performance.now();
    const dump = await readFile(path.join(staging, ENTRY.database));
    await loadPgliteDump(dataDir, new Blob([new Uint8Array(dump)], { type: 'application/gzip' }));
    onProgress({ stage: 'database', ms: Math.round(performance.now() - started) });

    const moves: string[] = [ENTRY.outbox, ...(manifest.media ? [ENTRY.media] : [])];
    if (manifest.secret) moves.push(ENTRY.secret);
    for (const name of moves) await rename(path.join(staging, name), path.join(dataDir, name));
    if (manifest.secret) await chmod(path.join(dataDir, ENTRY.secret), 0o600);
    await rm(staging, { recursive: true, force: true });
    filled = false;
    return manifest;
  } finally {
    if (filled) {
      // A failed restore leaves the directory as empty as it found it: ready for another try.
      const names = await readdir(dataDir).catch(() => [] as string[]);
      const ours = names.filter((n) => RESTORED.includes(n) || n.startsWith('.restore-'));
      await Promise.all(
        ours.map((n) => rm(path.join(dataDir, n), { recursive: true, force: true })),
      );
    }
    await lock.release();
  }
}
