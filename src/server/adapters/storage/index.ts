import { createLocalStorage, type LocalStorageDriver } from './local';
import { createS3Storage, type S3StorageDriver } from './s3';

export type {
  ObjectInfo,
  StorageDriver,
  StoredObject,
  UploadTarget,
  UploadUrlOptions,
} from './types';
export type { LocalStorageDriver } from './local';
export type { S3StorageDriver } from './s3';
export { InvalidStorageKeyError } from './keys';

export interface StorageConfig {
  dataDir: string;
  /** Signs local upload URLs. */
  secret: string;
  s3?: {
    bucket?: string;
    region?: string;
    endpoint?: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    publicBaseUrl?: string;
  };
}

/**
 * S3 when a bucket is configured, otherwise files under `${dataDir}/media`. The result is
 * discriminated by `name` so the HTTP layer mounts the local media routes only when needed.
 */
export function createStorage(config: StorageConfig): LocalStorageDriver | S3StorageDriver {
  const s3 = config.s3;
  if (s3?.bucket) {
    return createS3Storage({
      bucket: s3.bucket,
      region: s3.region ?? 'us-east-1',
      endpoint: s3.endpoint,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      publicBaseUrl: s3.publicBaseUrl,
    });
  }
  return createLocalStorage({
    dir: `${config.dataDir}/media`,
    secret: config.secret,
  });
}
