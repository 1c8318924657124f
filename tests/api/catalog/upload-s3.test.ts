import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage, type S3StorageDriver } from '../../../src/server/adapters/storage/s3';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { addMedia, rotatedJpeg, uploadUrl, type Target } from './media-helpers';

/**
 * The real AWS SDK driver against an S3-compatible server (s3rver) started here on loopback, in a
 * temporary directory: presigned PUTs, metadata, reads and deletes go over HTTP as in production.
 *
 * s3rver checks a presigned URL's algorithm, access key and expiry, but does not recompute SigV4
 * signatures, so a forged signature or an unsigned header is refused only by real S3; these tests
 * check that the driver signs the content type and the productid metadata (X-Amz-SignedHeaders)
 * and that s3rver refuses the tampering it does detect.
 */
const BUCKET = 'storefront-test';
let dir: string;
let server: S3rver;
let endpoint: string;
let storage: S3StorageDriver;
let t: TestApp;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: dir,
    silent: true,
    vhostBuckets: false,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  storage = createS3Storage({
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint,
    // s3rver's built-in account.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  });
  t = await createTestApp({ storage });
});
afterAll(async () => {
  await t?.close();
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

const presigned = (key: string) =>
  storage.createUploadUrl(key, 'image/jpeg', {
    expiresInSeconds: 900,
    metadata: { productid: 'p-1' },
  });

describe('S3 driver against s3rver', () => {
  it('accepts a presigned PUT with its metadata, reads it back, and deletes it', async () => {
    const key = 'uploads/p-1/photo.jpg';
    const target = await presigned(key);
    expect(target.url.startsWith(`${endpoint}/${BUCKET}/${key}?`)).toBe(true);
    const signed = new URL(target.url).searchParams.get('X-Amz-SignedHeaders')!.split(';');
    expect(signed).toEqual(expect.arrayContaining(['content-type', 'x-amz-meta-productid']));
    expect(target.headers).toMatchObject({
      'Content-Type': 'image/jpeg',
      'x-amz-meta-productid': 'p-1',
    });

    const body = Buffer.from('jpeg bytes, as far as S3 cares');
    const res = await fetch(target.url, { method: 'PUT', headers: target.headers, body });
    expect(res.status).toBe(200);

    expect(await storage.read(key)).toEqual(body);
    expect(await storage.head(key)).toEqual({
      size: body.length,
      contentType: 'image/jpeg',
      metadata: { productid: 'p-1' },
    });
    const publicRead = await fetch(storage.publicUrl(key));
    expect(Buffer.from(await publicRead.arrayBuffer())).toEqual(body);

    await storage.delete(key);
    expect(await storage.read(key)).toBeNull();
    expect(await storage.head(key)).toBeNull();
  });

  it('refuses tampered presigned URLs: another access key, a moved or expired date', async () => {
    const key = 'uploads/p-1/tampered.jpg';
    const target = await presigned(key);
    const tamper = (name: string, edit: (v: string) => string) => {
      const u = new URL(target.url);
      u.searchParams.set(name, edit(u.searchParams.get(name)!));
      return u.href;
    };
    const hourAgo = new Date(Date.now() - 3600_000).toISOString().replace(/[-:]|\.\d{3}/g, '');
    for (const url of [
      tamper('X-Amz-Credential', (v) => v.replace(/^S3RVER/, 'AKIAFORGED')),
      tamper('X-Amz-Date', () => hourAgo),
      tamper('X-Amz-Expires', () => '700000'),
      tamper('X-Amz-Algorithm', () => 'AWS4-HMAC-SHA1'),
    ]) {
      const res = await fetch(url, { method: 'PUT', headers: target.headers, body: 'x' });
      expect(res.status, url).toBeGreaterThanOrEqual(400);
      expect(res.status, url).toBeLessThan(500);
    }
    expect(await storage.head(key)).toBeNull();
  });

  it('runs the whole editor flow: upload link, browser PUT, PUT /products/media', async () => {
    const owner = await signedInUser(t.deps);
    const product = await createProduct(t, owner.user);
    const target = (await uploadUrl(t, owner.token, product._id)).json() as Target;
    expect(target.headers['x-amz-meta-productid']).toBe(product._id);
    const put = await fetch(target.url, {
      method: 'PUT',
      headers: target.headers,
      body: new Uint8Array(await rotatedJpeg(900, 600)),
    });
    expect(put.status).toBe(200);
    expect((await storage.head(target.key))?.metadata).toEqual({ productid: product._id });

    const res = await addMedia(t, owner.token, { productId: product._id, key: target.key });
    expect(res.statusCode).toBe(200);
    const media = res.json().product.medias[0];
    expect(media.fullsize.startsWith(`${endpoint}/${BUCKET}/products/${product._id}/`)).toBe(true);
    const image = await fetch(media.fullsize);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({
      width: 600,
      height: 900,
    });
    await t.runJobs();
    expect(await storage.head(target.key)).toBeNull();
  });
});
