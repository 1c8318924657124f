import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MAX_BYTES } from '../../../src/shared/contracts/catalog-rules';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { putUpload, rotatedJpeg, uploadUrl, type Target } from './media-helpers';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let productId: string;
let jpeg: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInUser(t.deps);
  productId = (await createProduct(t, owner.user))._id;
  jpeg = await rotatedJpeg(60, 40);
});
afterAll(async () => t?.close());

const INVALID = 'This upload link is invalid or has expired.';

describe('GET /get-s3-upload-url/:ext', () => {
  it('gives the owner a signed, 15-minute PUT target for a fresh key of the post', async () => {
    const res = await uploadUrl(t, owner.token, productId, 'JPG');
    expect(res.statusCode).toBe(200);
    const target = res.json() as Target;
    expect(target.method).toBe('PUT');
    expect(target.key).toMatch(new RegExp(`^uploads/${productId}/[0-9a-f-]{36}\\.jpg$`));
    expect(target.url).toMatch(/^\/media-upload\/uploads\/.+\?expires=\d+&ct=image%2Fjpeg&sig=/);
    expect(target.headers).toEqual({
      'Content-Type': 'image/jpeg',
      'x-amz-meta-productid': productId,
    });
    const ttl = Date.parse(target.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(14 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000);
    // Every link names a new key.
    const again = (await uploadUrl(t, owner.token, productId)).json() as Target;
    expect(again.key).not.toBe(target.key);

    expect((await putUpload(t, target, jpeg)).statusCode).toBe(201);
    expect((await t.deps.storage.head(target.key))?.size).toBe(jpeg.length);
  });

  it('signs QuickTime as MP4 and every audio type as audio/mpeg (SPEC §5)', async () => {
    const mov = (await uploadUrl(t, owner.token, productId, 'mov')).json() as Target;
    expect(mov.headers['Content-Type']).toBe('video/mp4');
    const m4a = (await uploadUrl(t, owner.token, productId, 'm4a')).json() as Target;
    expect(m4a.headers['Content-Type']).toBe('audio/mpeg');
  });

  it("refuses someone else's post (403), unknown posts (404) and unknown extensions (400)", async () => {
    const other = await signedInUser(t.deps);
    const res = await uploadUrl(t, other.token, productId);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/your own posts/);
    const missing = await uploadUrl(t, owner.token, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    const exe = await uploadUrl(t, owner.token, productId, 'exe');
    expect(exe.statusCode).toBe(400);
    expect(exe.json().message).toMatch(/Upload one of/);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/v1/get-s3-upload-url/jpg?productId=${productId}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets an admin upload to any post', async () => {
    const admin = await signedInUser(t.deps, { role: 'admin' });
    expect((await uploadUrl(t, admin.token, productId)).statusCode).toBe(200);
  });
});

describe('PUT to the signed upload URL (local driver)', () => {
  it('refuses the link once it has expired', async () => {
    const target = (await uploadUrl(t, owner.token, productId)).json() as Target;
    t.advanceTime(15 * 60_000 + 1_000);
    try {
      const res = await putUpload(t, target, jpeg);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(INVALID);
      expect(await t.deps.storage.head(target.key)).toBeNull();
    } finally {
      t.advanceTime(-(15 * 60_000 + 1_000));
    }
  });

  it('refuses tampered signatures, keys and metadata', async () => {
    const target = (await uploadUrl(t, owner.token, productId)).json() as Target;
    const u = new URL(target.url, 'http://x.test');
    const sig = u.searchParams.get('sig')!;
    u.searchParams.set('sig', (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1));
    const otherKey = target.url.replace(
      /[0-9a-f-]{36}\.jpg/,
      '00000000-0000-4000-8000-000000000000.jpg',
    );
    for (const [url, headers] of [
      [u.pathname + u.search, target.headers],
      [otherKey, target.headers],
      [target.url, { ...target.headers, 'x-amz-meta-productid': 'another-post' }],
      [target.url, { 'Content-Type': 'image/jpeg' }],
    ] as const) {
      const res = await putUpload(t, { url, headers }, jpeg);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(INVALID);
    }
    expect(await t.deps.storage.head(target.key)).toBeNull();
  });

  it('refuses a content type other than the signed one with 415', async () => {
    const target = (await uploadUrl(t, owner.token, productId)).json() as Target;
    const res = await putUpload(t, target, jpeg, {
      ...target.headers,
      'Content-Type': 'text/html',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/expects Content-Type image\/jpeg/);
  });

  it('refuses a file above the limit of its type with 413 and a sentence', async () => {
    const target = (await uploadUrl(t, owner.token, productId)).json() as Target;
    const res = await putUpload(t, target, Buffer.alloc(MEDIA_MAX_BYTES.image + 1));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('This file is too large. Files must be 15 MB or smaller.');
    expect(await t.deps.storage.head(target.key)).toBeNull();
    // A video link allows more than an image link.
    const video = (await uploadUrl(t, owner.token, productId, 'mp4')).json() as Target;
    const big = await putUpload(t, video, Buffer.alloc(MEDIA_MAX_BYTES.image + 1));
    expect(big.statusCode).toBe(201);
  });
});
