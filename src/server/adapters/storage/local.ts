import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertValidKey, canonicalMetadata, isValidKey, normalizeContentType } from './keys';
import {
  DEFAULT_UPLOAD_EXPIRY_SECONDS,
  type StorageDriver,
  type StoredObject,
  type UploadTarget,
  type UploadUrlOptions,
} from './types';

export interface LocalStorageOptions {
  /** Directory that holds the objects (e.g. `${DATA_DIR}/media`). */
  dir: string;
  /** HMAC key for upload URLs. Every app instance must share it so any of them accepts the upload. */
  secret: string;
  /** Clock in milliseconds; injectable so expiry is testable without waiting. */
  now?: () => number;
}

export interface UploadSignatureParams {
  key: string;
  /** Unix seconds, as it arrives in the query string. */
  expires: string | number;
  ct: string;
  sig: string;
  /** The `x-amz-meta-*` headers the upload carries (names without the prefix, lower case). */
  meta?: Record<string, string>;
}

export interface LocalStorageDriver extends StorageDriver {
  readonly name: 'local';
  readonly dir: string;
  /** True when the signature was issued by this storage and has not expired. */
  verifyUploadSignature(params: UploadSignatureParams): boolean;
  /** Absolute file path of a key (validated), for the routes and tests. */
  filePath(key: string): string;
  /**
   * Makes every delete() wait until the returned release is called (several holds: the last
   * one). A backup holds deletions from before its database snapshot until it has linked the
   * media files, so a file the snapshot refers to cannot vanish in between (docs/decisions/041).
   */
  holdDeletions(): () => void;
}

function sign(secret: string, key: string, expires: string, ct: string, meta: string): string {
  // Keys, expiry, types and canonical metadata cannot contain '|', so the joined string is
  // unambiguous. Without metadata the string is what links issued before metadata existed signed.
  const signed = meta ? `${key}|${expires}|${ct}|${meta}` : `${key}|${expires}|${ct}`;
  return createHmac('sha256', secret).update(signed).digest('hex');
}

const isMissing = (err: unknown) =>
  (err as NodeJS.ErrnoException | null)?.code === 'ENOENT' ||
  (err as NodeJS.ErrnoException | null)?.code === 'ENOTDIR';

/** Checks an upload link's HMAC (timing-safe) and expiry. Never throws: bad input is just invalid. */
export function verifyUploadSignature(
  params: UploadSignatureParams & { secret: string; now?: number },
): boolean {
  const { key, ct, sig, secret } = params;
  const expires = String(params.expires);
  if (!/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/i.test(sig) || !isValidKey(key)) return false;
  const nowSeconds = Math.floor((params.now ?? Date.now()) / 1000);
  if (Number(expires) < nowSeconds) return false;
  const meta = canonicalMetadata(params.meta ?? {});
  if (meta === null) return false;
  const expected = Buffer.from(sign(secret, key, expires, ct, meta), 'hex');
  return timingSafeEqual(expected, Buffer.from(sig, 'hex'));
}

function lowerNames(metadata: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(metadata).map(([k, v]) => [k.toLowerCase(), v]));
}

export function createLocalStorage(options: LocalStorageOptions): LocalStorageDriver {
  const root = path.resolve(options.dir);
  const now = options.now ?? Date.now;
  if (!options.secret) throw new Error('Local storage needs a secret to sign upload URLs.');
  let holds = 0;
  let deletionsResume: { promise: Promise<void>; resume: () => void } | null = null;

  function filePath(key: string): string {
    assertValidKey(key);
    const full = path.resolve(root, key);
    // Belt and braces: the key rules already exclude traversal.
    if (!full.startsWith(root + path.sep))
      throw new Error('Storage key escapes the storage directory.');
    return full;
  }

  function publicUrl(key: string): string {
    assertValidKey(key);
    // A same-origin path: images load whatever host the visitor used (APP_URL is for emails).
    return `/media/${key}`;
  }

  return {
    name: 'local',
    dir: root,
    filePath,
    publicUrl,

    async put(key, body, _contentType): Promise<StoredObject> {
      const target = filePath(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Write to a hidden temp file in the same directory, then rename: readers never see a
      // half-written object, and rename is atomic within one file system.
      const temp = path.join(path.dirname(target), `.${path.basename(target)}.${randomUUID()}.tmp`);
      try {
        await writeFile(temp, body);
        await rename(temp, target);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
      return { key, url: publicUrl(key) };
    },

    async read(key) {
      try {
        return await readFile(filePath(key));
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async head(key) {
      try {
        const info = await stat(filePath(key));
        return info.isFile() ? { size: info.size } : null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async delete(key) {
      const target = filePath(key);
      // Waiting (rather than deleting later) keeps delete()'s promise: when it resolves the file
      // is gone, which callers deleting under a row lock rely on (catalog's discard-upload job).
      while (deletionsResume) await deletionsResume.promise;
      await rm(target, { force: true });
    },

    holdDeletions() {
      holds += 1;
      if (!deletionsResume) {
        let resume = () => {};
        const promise = new Promise<void>((resolve) => (resume = resolve));
        deletionsResume = { promise, resume };
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds -= 1;
        if (holds === 0) {
          deletionsResume?.resume();
          deletionsResume = null;
        }
      };
    },

    async createUploadUrl(key, contentType, opts: UploadUrlOptions = {}): Promise<UploadTarget> {
      assertValidKey(key);
      const ct = normalizeContentType(contentType);
      const ttl = opts.expiresInSeconds ?? DEFAULT_UPLOAD_EXPIRY_SECONDS;
      if (!Number.isInteger(ttl) || ttl <= 0)
        throw new Error('expiresInSeconds must be a positive integer.');
      const expires = String(Math.floor(now() / 1000) + ttl);
      const metadata = lowerNames(opts.metadata ?? {});
      const meta = canonicalMetadata(metadata);
      if (meta === null) throw new Error('Invalid upload metadata.');
      const query = new URLSearchParams({
        expires,
        ct,
        sig: sign(options.secret, key, expires, ct, meta),
      });
      // Metadata is signed like S3 signs it: the upload must carry exactly these headers (the
      // browser code is the same for both drivers). A plain file system has nowhere to keep it.
      const headers: Record<string, string> = { 'Content-Type': ct };
      for (const [name, value] of Object.entries(metadata)) headers[`x-amz-meta-${name}`] = value;
      return { url: `/media-upload/${key}?${query.toString()}`, method: 'PUT', headers };
    },

    verifyUploadSignature(params) {
      return verifyUploadSignature({ ...params, secret: options.secret, now: now() });
    },
  };
}
