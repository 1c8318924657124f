import { onFirstUse } from '../on-first-use';
import { assertValidKey, normalizeContentType, trimTrailingSlash } from './keys';
import {
  DEFAULT_UPLOAD_EXPIRY_SECONDS,
  IMMUTABLE_CACHE_CONTROL,
  type StorageDriver,
  type StoredObject,
  type UploadTarget,
  type UploadUrlOptions,
} from './types';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** S3-compatible endpoint (MinIO, R2, …); unset means AWS. */
  endpoint?: string;
  /** Unset means the SDK's default chain (environment, instance role, …). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Where objects are read from, typically a CDN in front of the bucket. */
  publicBaseUrl?: string;
}

export interface S3StorageDriver extends StorageDriver {
  readonly name: 's3';
  readonly bucket: string;
}

/** The AWS SDK (a few hundred modules), loaded by the first call rather than by the start
 * (docs/decisions/055). */
async function loadSdk() {
  const [s3, presigner] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/s3-request-presigner'),
  ]);
  return { ...s3, getSignedUrl: presigner.getSignedUrl };
}
type Sdk = Awaited<ReturnType<typeof loadSdk>>;

/** A missing object: the SDK's typed errors, or a bare 404 from S3-compatible services. */
function isMissing({ NoSuchKey, NotFound }: Sdk, err: unknown): boolean {
  if (err instanceof NoSuchKey || err instanceof NotFound) return true;
  const status = (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata
    ?.httpStatusCode;
  return status === 404;
}

/** S3 user metadata names travel as HTTP header names. */
const METADATA_NAME = /^[a-z0-9-]+$/;

export function createS3Storage(options: S3StorageOptions): S3StorageDriver {
  const { bucket, region, endpoint } = options;
  if (!bucket) throw new Error('S3 storage needs a bucket.');
  const credentials =
    options.accessKeyId && options.secretAccessKey
      ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
      : undefined;

  const connect = onFirstUse(async () => {
    const sdk = await loadSdk();
    const client = new sdk.S3Client({
      region,
      ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
      ...(credentials ? { credentials } : {}),
      // The SDK's default checksums (CRC32 on every request, baked into presigned URLs) are not
      // accepted by every S3-compatible service (older MinIO, R2); send them only when required.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    return { sdk, client };
  });

  const readBase = options.publicBaseUrl
    ? trimTrailingSlash(options.publicBaseUrl)
    : endpoint
      ? `${trimTrailingSlash(endpoint)}/${bucket}`
      : `https://${bucket}.s3.${region}.amazonaws.com`;

  function publicUrl(key: string): string {
    assertValidKey(key);
    // Valid keys only contain URL-safe characters, so no escaping is needed.
    return `${readBase}/${key}`;
  }

  return {
    name: 's3',
    bucket,
    publicUrl,

    async put(key, body, contentType): Promise<StoredObject> {
      assertValidKey(key);
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
          CacheControl: IMMUTABLE_CACHE_CONTROL,
        }),
      );
      return { key, url: publicUrl(key) };
    },

    async read(key) {
      assertValidKey(key);
      const { sdk, client } = await connect();
      try {
        const out = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!out.Body) return null;
        return Buffer.from(await out.Body.transformToByteArray());
      } catch (err) {
        if (isMissing(sdk, err)) return null;
        throw err;
      }
    },

    async head(key) {
      assertValidKey(key);
      const { sdk, client } = await connect();
      try {
        const out = await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: key }));
        return {
          size: out.ContentLength ?? 0,
          ...(out.ContentType ? { contentType: out.ContentType } : {}),
          metadata: out.Metadata ?? {},
        };
      } catch (err) {
        if (isMissing(sdk, err)) return null;
        throw err;
      }
    },

    async delete(key) {
      assertValidKey(key);
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async createUploadUrl(key, contentType, opts: UploadUrlOptions = {}): Promise<UploadTarget> {
      assertValidKey(key);
      const ct = normalizeContentType(contentType);
      const expiresIn = opts.expiresInSeconds ?? DEFAULT_UPLOAD_EXPIRY_SECONDS;
      const metadata: Record<string, string> = {};
      for (const [name, value] of Object.entries(opts.metadata ?? {})) {
        const lower = name.toLowerCase();
        if (!METADATA_NAME.test(lower))
          throw new Error(`Invalid metadata name: ${JSON.stringify(name)}`);
        metadata[lower] = value;
      }
      const metaHeaders = Object.keys(metadata).map((name) => `x-amz-meta-${name}`);
      const { sdk, client } = await connect();
      const url = await sdk.getSignedUrl(
        client,
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: key,
          ContentType: ct,
          CacheControl: IMMUTABLE_CACHE_CONTROL,
          Metadata: metadata,
        }),
        {
          expiresIn,
          // Keep these as signed headers rather than query parameters: the client must send
          // exactly this content type, cache policy and metadata, or S3 rejects the upload.
          signableHeaders: new Set(['content-type', 'cache-control', ...metaHeaders]),
          unhoistableHeaders: new Set(metaHeaders),
        },
      );
      const headers: Record<string, string> = {
        'Content-Type': ct,
        'Cache-Control': IMMUTABLE_CACHE_CONTROL,
      };
      for (const [name, value] of Object.entries(metadata)) headers[`x-amz-meta-${name}`] = value;
      return { url, method: 'PUT', headers };
    },
  };
}
