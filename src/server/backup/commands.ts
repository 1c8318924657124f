import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '../config/env';
import { hasPgliteDatabase, openPglite } from '../db/client';
import { DataDirLockedError } from '../db/lock';
import { backupFromServer, createBackupFile, type BackupFile } from './client';
import { BackupRefusedError, formatBytes, type BackupProgress, type Manifest } from './format';
import { controlSocketPath } from './frames';
import { restoreBackup, type RestoreProgress } from './restore';
import { removeStaleStaging, takeSnapshot } from './snapshot';

/** Where the commands report, a line at a time (the terminal; a test's list). */
export interface Output {
  line(text: string): void;
}

const POSTGRES_ADVICE =
  'This deployment keeps its data in PostgreSQL (and media in S3): back it up with pg_dump or ' +
  "the database's point-in-time recovery, and the bucket with versioning (README, Operate → Backups).";

export const defaultBackupName = (now: Date) =>
  `storefront-backup-${now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}.tar`;

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

function printProgress(out: Output) {
  return (progress: BackupProgress) => {
    if (progress.stage === 'database') {
      out.line(`  database  ${formatBytes(progress.bytes)}, snapshot taken in ${progress.ms} ms`);
      return;
    }
    const { media, outbox, secret } = progress.manifest;
    out.line(
      media
        ? `  media     ${media.files} files, ${formatBytes(media.bytes)}`
        : '  media     in the S3 bucket, not in this backup (keep the bucket versioned)',
    );
    out.line(`  outbox    ${outbox.files} mails`);
    out.line(
      secret
        ? '  secret    included (sessions and signed links keep working after a restore)'
        : '  secret    JWT_SECRET is set, so it is not in DATA_DIR: keep it with this backup',
    );
  };
}

/** No server answers on the control socket: the command opens DATA_DIR itself, taking its lock. */
async function backupStoppedDataDir(
  env: Env,
  dataDir: string,
  file: BackupFile,
  onProgress: (progress: BackupProgress) => void,
): Promise<Manifest> {
  if (!(await hasPgliteDatabase(dataDir))) {
    throw new BackupRefusedError(
      `There is no embedded database in ${dataDir} to back up (DATA_DIR).`,
    );
  }
  const database = await openPglite(dataDir, { migrate: false }).catch((err: unknown) => {
    if (!(err instanceof DataDirLockedError)) throw err;
    throw new BackupRefusedError(
      `A server (pid ${err.pid}) has ${dataDir} open but does not answer on ` +
        `${controlSocketPath(dataDir)}: it may have been started before backups existed, or with ` +
        'a DATA_DIR path too long for a socket (see its log). Restart it, or stop it and run the backup again.',
    );
  });
  try {
    await removeStaleStaging(dataDir);
    const snapshot = await takeSnapshot(
      {
        dataDir,
        dumpDatabase: database.dumpDataDir!,
        // Nothing else has DATA_DIR open (we hold its lock): no deletion can happen meanwhile.
        media: env.S3_BUCKET
          ? null
          : { dir: path.join(dataDir, 'media'), holdDeletions: () => () => {} },
        origin: 'stopped data directory',
      },
      onProgress,
    );
    try {
      for await (const chunk of snapshot.archive()) await file.write(chunk);
      return snapshot.manifest;
    } finally {
      await snapshot.dispose();
    }
  } finally {
    await database.close();
  }
}

/**
 * `npm run backup [file]`: one file with the database, media, mail outbox and signing secret of
 * the embedded default. Made by the running server when there is one (over its control socket),
 * otherwise by this process on the stopped DATA_DIR.
 */
export async function backupCommand(
  env: Env,
  fileArg: string | undefined,
  out: Output,
): Promise<{ file: string; manifest: Manifest; bytes: number }> {
  if (env.DATABASE_URL) {
    throw new BackupRefusedError(
      `DATABASE_URL is set: npm run backup is for the embedded default. ${POSTGRES_ADVICE}`,
    );
  }
  const dataDir = path.resolve(env.DATA_DIR);
  const target = path.resolve(fileArg ?? defaultBackupName(new Date()));
  if (await stat(target).catch(() => null)) {
    throw new BackupRefusedError(`${target} exists already: name another file.`);
  }
  const started = performance.now();
  const file = await createBackupFile(target);
  try {
    const progress = printProgress(out);
    out.line(`Backing up ${dataDir} …`);
    const manifest =
      (await backupFromServer(dataDir, file, progress)) ??
      (await backupStoppedDataDir(env, dataDir, file, progress));
    const bytes = await file.commit();
    const by =
      manifest.origin === 'running server' ? 'by the running server' : 'from the stopped DATA_DIR';
    out.line(`Backup written to ${target} (${formatBytes(bytes)}, ${by}) in ${seconds(started)}.`);
    out.line('It holds every account and the signing secret: keep it private.');
    out.line(`Restore it into an empty DATA_DIR with: npm run restore ${target}`);
    return { file: target, manifest, bytes };
  } catch (err) {
    await file.abort();
    throw err;
  }
}

/** `npm run restore <file>`: fills an empty DATA_DIR from a backup file; the app then starts on it. */
export async function restoreCommand(
  env: Env,
  fileArg: string | undefined,
  out: Output,
): Promise<Manifest> {
  if (env.DATABASE_URL) {
    throw new BackupRefusedError(
      `DATABASE_URL is set: npm run restore fills the embedded default's DATA_DIR. ${POSTGRES_ADVICE}`,
    );
  }
  if (!fileArg) throw new BackupRefusedError('Which backup? Usage: npm run restore <file>');
  const dataDir = path.resolve(env.DATA_DIR);
  const file = path.resolve(fileArg);
  const started = performance.now();
  out.line(`Restoring ${file} into ${dataDir} …`);
  const manifest = await restoreBackup(file, dataDir, (progress: RestoreProgress) => {
    if (progress.stage === 'unpacked') {
      const m = progress.manifest;
      out.line(`  backup    made ${m.createdAt} by the ${m.origin}`);
      out.line(
        m.media
          ? `  media     ${m.media.files} files`
          : '  media     not in this backup (they are in the S3 bucket)',
      );
      out.line(
        m.secret
          ? '  secret    restored'
          : '  secret    not in this backup: set the JWT_SECRET it was made with',
      );
    } else out.line(`  database  restored and opened in ${progress.ms} ms`);
  });
  out.line(
    `Done in ${seconds(started)}. Start the app on it: npm start (DATA_DIR=${env.DATA_DIR}).`,
  );
  return manifest;
}
