/** One object written to storage: its key and the URL clients read it from. */
export interface StoredObject {
  key: string;
  url: string;
}

export interface UploadUrlOptions {
  /** Lifetime of the signed URL; drivers default to 15 minutes. */
  expiresInSeconds?: number;
  /** Stored with the object where the driver supports it (S3: `x-amz-meta-*`). */
  metadata?: Record<string, string>;
}

/** A signed, expiring direct-upload target: the client sends `PUT url` with exactly these headers. */
export interface UploadTarget {
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
}

/** What `head` knows about a stored object without reading it. */
export interface ObjectInfo {
  size: number;
  /** S3 only: the Content-Type it was stored with. */
  contentType?: string;
  /** S3 only: user metadata (`x-amz-meta-*`), names in lower case. */
  metadata?: Record<string, string>;
}

export interface StorageDriver {
  readonly name: 'local' | 's3';
  /** Server-side upload. Keys are content-unique, so objects are never rewritten in place. */
  put(key: string, body: Buffer, contentType: string): Promise<StoredObject>;
  /** An object's bytes, or null when there is no such object. */
  read(key: string): Promise<Buffer | null>;
  /** An object's size (and, where the driver keeps them, type and metadata), or null when missing. */
  head(key: string): Promise<ObjectInfo | null>;
  /** Removes an object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** The URL clients use to read an object. */
  publicUrl(key: string): string;
  /** A signed, expiring URL for a direct upload from the client. */
  createUploadUrl(key: string, contentType: string, opts?: UploadUrlOptions): Promise<UploadTarget>;
}

export const DEFAULT_UPLOAD_EXPIRY_SECONDS = 15 * 60;

/**
 * Objects are addressed by content-unique keys (a random UUID per upload), so a URL never changes
 * meaning and caches and CDNs may keep it for a year.
 */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
