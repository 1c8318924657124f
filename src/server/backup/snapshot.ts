import { copyFile, link, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import * as tar from 'tar';
import { ENTRY, type BackupProgress, type FileCount, type Manifest } from './format';

/** What a snapshot is taken from: the embedded database and the files beside it in DATA_DIR. */
export interface SnapshotSources {
  dataDir: string;
  /** A consistent tarball of the database, taken inside the process that has it open. */
  dumpDatabase: () => Promise<Blob>;
  /** The local media directory and its deletion hold; null when media live in S3. */
  media: { dir: string; holdDeletions(): () => void } | null;
  origin: Manifest['origin'];
}

export interface Snapshot {
  manifest: Manifest;
  /** The backup file's bytes (a plain tar), read from the snapshot's own links to the files. */
  archive(): AsyncIterable<Buffer>;
  dispose(): Promise<void>;
}

/** Awaited, so a caller (a test) may act at a stage; the commands only print. */
export type OnProgress = (progress: BackupProgress) => void | Promise<void>;

/** Snapshots are assembled in DATA_DIR (hard links need the same file system as the media). */
const STAGING_PREFIX = '.backup-';

/** Staging directories a killed backup left behind; only call while holding DATA_DIR's lock. */
export async function removeStaleStaging(dataDir: string): Promise<void> {
  const names = await readdir(dataDir).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith(STAGING_PREFIX))
      .map((name) => rm(path.join(dataDir, name), { recursive: true, force: true })),
  );
}

const gzipAsync = promisify(gzip);
const errorCode = (err: unknown) => (err as NodeJS.ErrnoException | null)?.code;

/**
 * Mirrors `from` into `to` with hard links (copies across file systems). Stored files are never
 * rewritten in place (new keys; writes go to a hidden temporary file that is renamed), so a link
 * is a snapshot of the file that later writes and deletions of the original cannot change.
 * Hidden names are those half-written temporaries: skipped, as is a file gone meanwhile.
 */
async function linkTree(from: string, to: string): Promise<FileCount> {
  const count: FileCount = { files: 0, bytes: 0 };
  await mkdir(to, { recursive: true });
  const entries = await readdir(from, { withFileTypes: true }).catch((err: unknown) => {
    if (errorCode(err) === 'ENOENT') return [];
    throw err;
  });
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      const inner = await linkTree(source, target);
      count.files += inner.files;
      count.bytes += inner.bytes;
    } else if (entry.isFile() && (await linkOrCopy(source, target))) {
      count.files += 1;
      count.bytes += (await stat(target)).size;
    }
  }
  return count;
}

async function linkOrCopy(source: string, target: string): Promise<boolean> {
  try {
    await link(source, target);
    return true;
  } catch (err) {
    const code = errorCode(err);
    if (code === 'ENOENT') return false;
    if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP') throw err;
  }
  await copyFile(source, target).catch((err: unknown) => {
    if (errorCode(err) !== 'ENOENT') throw err;
  });
  return true;
}

/**
 * Takes a consistent snapshot of an embedded DATA_DIR: every media file the database snapshot
 * refers to is in it. Files are written before the rows that refer to them commit, and deleted
 * only after the rows that referred to them are gone; so deletions are held from before the
 * database dump until the media are linked, and whatever the dump refers to is still there to
 * link. The hold lasts the dump and the linking only (about a second), not the writing of the
 * backup file. Nothing here queries the database: a deletion waiting inside a transaction must
 * not wait for us in turn (PGlite's dump needs no transaction; docs/decisions/041).
 */
export async function takeSnapshot(
  sources: SnapshotSources,
  onProgress: OnProgress = () => {},
): Promise<Snapshot> {
  const staging = await mkdtemp(path.join(sources.dataDir, STAGING_PREFIX));
  const dispose = () => rm(staging, { recursive: true, force: true });
  try {
    const started = performance.now();
    let dump: Blob;
    let media: FileCount | null = null;
    const release = sources.media?.holdDeletions() ?? (() => {});
    try {
      dump = await sources.dumpDatabase();
      await onProgress({
        stage: 'database',
        bytes: dump.size,
        ms: Math.round(performance.now() - started),
      });
      if (sources.media) media = await linkTree(sources.media.dir, path.join(staging, ENTRY.media));
    } finally {
      release();
    }
    const database = await gzipAsync(new Uint8Array(await dump.arrayBuffer()));
    await writeFile(path.join(staging, ENTRY.database), database);
    const outbox = await linkTree(
      path.join(sources.dataDir, ENTRY.outbox),
      path.join(staging, ENTRY.outbox),
    );
    const secret = await copyFile(
      path.join(sources.dataDir, ENTRY.secret),
      path.join(staging, ENTRY.secret),
    ).then(
      () => true,
      (err: unknown) => {
        if (errorCode(err) === 'ENOENT') return false;
        throw err;
      },
    );
    const manifest: Manifest = {
      format: 'storefront-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      origin: sources.origin,
      database: { engine: 'pglite', bytes: database.length },
      media,
      outbox,
      secret,
    };
    await writeFile(path.join(staging, ENTRY.manifest), `${JSON.stringify(manifest, null, 2)}\n`);
    await onProgress({ stage: 'files', manifest });
    const entries = [
      ENTRY.manifest,
      ENTRY.database,
      ...(secret ? [ENTRY.secret] : []),
      ...(media ? [ENTRY.media] : []),
      ENTRY.outbox,
    ];
    return {
      manifest,
      // `portable` leaves out owners and inode data: the file restores on another machine.
      archive: () => tar.c({ cwd: staging, portable: true }, entries),
      dispose,
    };
  } catch (err) {
    await dispose();
    throw err;
  }
}
