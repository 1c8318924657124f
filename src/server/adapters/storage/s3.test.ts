import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createS3Storage, type S3StorageDriver } from './s3';

interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A minimal S3-compatible endpoint on loopback: accepts PUT/DELETE and records them. */
let server: Server;
let endpoint: string;
let recorded: Recorded[] = [];
let failNextWith: number | null = null;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      recorded.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      if (failNextWith) {
        res.writeHead(failNextWith, { 'content-type': 'application/xml' });
        res.end(
          '<?xml version="1.0"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>',
        );
        failNextWith = null;
      } else if (req.method === 'PUT') {
        res.writeHead(200, { etag: '"abc"' });
        res.end();
      } else if (req.method === 'DELETE') {
        res.writeHead(204);
        res.end();
      } else {
        res.writeHead(405);
        res.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

let s3: S3StorageDriver;
beforeEach(() => {
  recorded = [];
  failNextWith = null;
  s3 = createS3Storage({
    bucket: 'media',
    region: 'us-east-1',
    endpoint,
    accessKeyId: 'AKIATEST',
    secretAccessKey: 'secret-test-key',
  });
});

describe('S3 storage against an S3-compatible endpoint', () => {
  it('puts an object with path-style addressing, its content type, cache policy and bytes', async () => {
    const body = Buffer.from([0, 1, 2, 3, 255, 254]);
    const stored = await s3.put('avatars/u1/id-thumb.webp', body, 'image/webp');
    expect(stored).toEqual({
      key: 'avatars/u1/id-thumb.webp',
      url: `${endpoint}/media/avatars/u1/id-thumb.webp`,
    });
    expect(recorded).toHaveLength(1);
    const [put] = recorded;
    expect(put!.method).toBe('PUT');
    expect(put!.url.split('?')[0]).toBe('/media/avatars/u1/id-thumb.webp');
    expect(put!.headers['content-type']).toBe('image/webp');
    expect(put!.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(put!.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIATEST\/\d{8}\/us-east-1\/s3\/aws4_request/,
    );
    expect(put!.body).toEqual(body);
  });

  it('deletes an object', async () => {
    await s3.delete('avatars/u1/id-thumb.webp');
    expect(recorded.map((r) => [r.method, r.url.split('?')[0]])).toEqual([
      ['DELETE', '/media/avatars/u1/id-thumb.webp'],
    ]);
  });

  it('surfaces errors from the service', async () => {
    failNextWith = 403;
    await expect(s3.put('a/b.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      /Access Denied/,
    );
  });

  it('rejects unsafe keys without calling the service', async () => {
    await expect(s3.put('../x', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      /Invalid storage key/,
    );
    await expect(s3.delete('a//b')).rejects.toThrow(/Invalid storage key/);
    expect(recorded).toEqual([]);
  });

  it('presigns a PUT with signed content type and metadata that the endpoint accepts', async () => {
    const target = await s3.createUploadUrl('uploads/u1/clip.mp4', 'video/mp4', {
      expiresInSeconds: 120,
      metadata: { Owner: 'u1' },
    });
    expect(target.method).toBe('PUT');
    expect(target.headers).toEqual({
      'Content-Type': 'video/mp4',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'x-amz-meta-owner': 'u1',
    });
    const url = new URL(target.url);
    expect(url.origin + url.pathname).toBe(`${endpoint}/media/uploads/u1/clip.mp4`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('120');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    const signed = url.searchParams.get('X-Amz-SignedHeaders')!.split(';');
    expect(signed).toEqual(
      expect.arrayContaining(['host', 'content-type', 'cache-control', 'x-amz-meta-owner']),
    );
    // Metadata must stay a header (so the uploader cannot drop it), not ride in the query.
    expect(url.searchParams.has('x-amz-meta-owner')).toBe(false);
    // No SDK default checksum baked in: S3-compatible services differ in supporting it.
    expect([...url.searchParams.keys()].some((k) => k.toLowerCase().includes('checksum'))).toBe(
      false,
    );

    // The client then uploads straight to the bucket with exactly the returned headers.
    const body = Buffer.from('fake mp4 bytes');
    const res = await fetch(target.url, { method: 'PUT', headers: target.headers, body });
    expect(res.status).toBe(200);
    const [upload] = recorded;
    expect(upload!.url).toBe(url.pathname + url.search);
    expect(upload!.headers['content-type']).toBe('video/mp4');
    expect(upload!.headers['x-amz-meta-owner']).toBe('u1');
    expect(upload!.body).toEqual(body);
  });

  it('builds public URLs from publicBaseUrl, the endpoint, or AWS virtual-host style', () => {
    const cdn = createS3Storage({
      bucket: 'media',
      region: 'eu-west-1',
      endpoint,
      publicBaseUrl: 'https://cdn.example.com/',
    });
    expect(cdn.publicUrl('a/b.webp')).toBe('https://cdn.example.com/a/b.webp');
    expect(s3.publicUrl('a/b.webp')).toBe(`${endpoint}/media/a/b.webp`);
    const aws = createS3Storage({ bucket: 'shop-media', region: 'eu-west-1' });
    expect(aws.publicUrl('a/b.webp')).toBe(
      'https://shop-media.s3.eu-west-1.amazonaws.com/a/b.webp',
    );
  });
});
