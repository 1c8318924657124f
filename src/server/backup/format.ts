import { z } from 'zod';

/**
 * What a backup file of the embedded default holds (docs/decisions/041): a plain tar (its large
 * parts are compressed already) with, in this order,
 *   storefront-backup.json  the manifest below
 *   database.tar.gz         PGlite's dumpDataDir() of DATA_DIR/pglite
 *   secret                  DATA_DIR/secret, when the signing secret was generated there
 *   media/…                 DATA_DIR/media (absent when media live in S3)
 *   outbox/…                DATA_DIR/outbox (mail written by the embedded mail driver)
 */
export const ENTRY = {
  manifest: 'storefront-backup.json',
  database: 'database.tar.gz',
  secret: 'secret',
  media: 'media',
  outbox: 'outbox',
} as const;

/** A backup or restore that must not go ahead; the message says why and what to do instead. */
export class BackupRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefusedError';
  }
}

const fileCount = z.object({ files: z.number().int().min(0), bytes: z.number().int().min(0) });
export type FileCount = z.infer<typeof fileCount>;

export const manifestSchema = z.object({
  format: z.literal('storefront-backup'),
  version: z.literal(1),
  createdAt: z.iso.datetime(),
  /** Who took the snapshot: the server while it ran, or the backup command on a stopped DATA_DIR. */
  origin: z.enum(['running server', 'stopped data directory']),
  database: z.object({ engine: z.literal('pglite'), bytes: z.number().int().min(0) }),
  /** null: media live in an S3 bucket, which this backup does not hold. */
  media: fileCount.nullable(),
  outbox: fileCount,
  /** false: the signing secret comes from JWT_SECRET, which must be kept with the backup. */
  secret: z.boolean(),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** Progress of a backup, shown by the command whichever process takes the snapshot. */
export type BackupProgress =
  { stage: 'database'; bytes: number; ms: number } | { stage: 'files'; manifest: Manifest };

/** A size for people: 12.3 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
