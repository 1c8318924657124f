import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidStorageKeyError } from './keys';
import { createLocalStorage, verifyUploadSignature, type LocalStorageDriver } from './local';

const SECRET = 'test-secret-that-is-long-enough-0123456789';
let dir: string;
let clock: number;
let storage: LocalStorageDriver;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'local-storage-'));
  clock = Date.UTC(2030, 0, 1);
  storage = createLocalStorage({
    dir,
    secret: SECRET,
    now: () => clock,
  });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function signedParams(url: string) {
  const u = new URL(url, 'http://any-host.example');
  return {
    key: decodeURIComponent(u.pathname.replace(/^\/media-upload\//, '')),
    expires: u.searchParams.get('expires')!,
    ct: u.searchParams.get('ct')!,
    sig: u.searchParams.get('sig')!,
  };
}

describe('local storage', () => {
  it('puts an object on disk, gives its public URL and deletes it', async () => {
    const key = 'avatars/u1/abc-thumb.webp';
    const body = Buffer.from([1, 2, 3, 250]);
    const stored = await storage.put(key, body, 'image/webp');
    expect(stored).toEqual({ key, url: `/media/${key}` });
    expect(storage.publicUrl(key)).toBe(stored.url);
    expect(await readFile(path.join(dir, key))).toEqual(body);
    // Atomic write: no temp file is left next to the object.
    expect(await readdir(path.join(dir, 'avatars/u1'))).toEqual(['abc-thumb.webp']);

    await storage.delete(key);
    await expect(stat(path.join(dir, key))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('replaces an existing object whole', async () => {
    await storage.put('a/b.bin', Buffer.from('first version, longer'), 'application/octet-stream');
    await storage.put('a/b.bin', Buffer.from('second'), 'application/octet-stream');
    expect((await readFile(path.join(dir, 'a/b.bin'))).toString()).toBe('second');
  });

  it.each([
    '../escape.txt',
    'a/../../escape.txt',
    '/etc/passwd',
    'a\\b.txt',
    'a/.hidden',
    'a//b',
    'a/b/',
    'spaces in name.png',
    'a/%2e%2e/b',
    '',
    'ü.png',
  ])('rejects the key %j', async (key) => {
    await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(
      InvalidStorageKeyError,
    );
    await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect(() => storage.publicUrl(key)).toThrow(InvalidStorageKeyError);
    await expect(storage.createUploadUrl(key, 'image/png')).rejects.toBeInstanceOf(
      InvalidStorageKeyError,
    );
    expect(await readdir(dir)).toEqual([]);
  });

  it('issues an upload URL whose signature verifies until it expires', async () => {
    const target = await storage.createUploadUrl('uploads/u1/x.png', 'image/PNG', {
      expiresInSeconds: 60,
    });
    expect(target.method).toBe('PUT');
    expect(target.headers).toEqual({ 'Content-Type': 'image/png' });
    expect(target.url).toMatch(
      /^\/media-upload\/uploads\/u1\/x\.png\?expires=\d+&ct=image%2Fpng&sig=[0-9a-f]{64}$/,
    );

    const params = signedParams(target.url);
    expect(params.expires).toBe(String(clock / 1000 + 60));
    expect(storage.verifyUploadSignature(params)).toBe(true);
    expect(verifyUploadSignature({ ...params, secret: SECRET, now: clock })).toBe(true);

    clock += 60_000; // the last valid second
    expect(storage.verifyUploadSignature(params)).toBe(true);
    clock += 1_000;
    expect(storage.verifyUploadSignature(params)).toBe(false);
  });

  it('rejects tampered signatures, keys, types and expiry, and a different secret', async () => {
    const params = signedParams((await storage.createUploadUrl('k/a.png', 'image/png')).url);
    const flipped = params.sig.slice(0, -1) + (params.sig.endsWith('0') ? '1' : '0');
    expect(storage.verifyUploadSignature({ ...params, sig: flipped })).toBe(false);
    expect(storage.verifyUploadSignature({ ...params, sig: params.sig.slice(0, 10) })).toBe(false);
    expect(storage.verifyUploadSignature({ ...params, sig: 'zz'.repeat(32) })).toBe(false);
    expect(storage.verifyUploadSignature({ ...params, key: 'k/b.png' })).toBe(false);
    expect(storage.verifyUploadSignature({ ...params, ct: 'text/html' })).toBe(false);
    expect(
      storage.verifyUploadSignature({ ...params, expires: String(Number(params.expires) + 3600) }),
    ).toBe(false);
    expect(storage.verifyUploadSignature({ ...params, expires: `${params.expires}.0` })).toBe(
      false,
    );
    expect(verifyUploadSignature({ ...params, secret: 'another-secret', now: clock })).toBe(false);
  });

  it('refuses content types that are not a bare media type', async () => {
    await expect(storage.createUploadUrl('k/a.png', 'image/png; charset=x')).rejects.toThrow(
      /content type/i,
    );
    await expect(storage.createUploadUrl('k/a.png', 'image|png')).rejects.toThrow(/content type/i);
  });

  it('reads objects back and tells their size; missing objects are null', async () => {
    await storage.put('a/b.bin', Buffer.from('hello'), 'application/octet-stream');
    expect(await storage.read('a/b.bin')).toEqual(Buffer.from('hello'));
    expect(await storage.head('a/b.bin')).toEqual({ size: 5 });
    expect(await storage.read('a/missing.bin')).toBeNull();
    expect(await storage.head('a/missing.bin')).toBeNull();
    expect(await storage.head('a')).toBeNull();
    await expect(storage.read('../x')).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });

  it('signs metadata into the link: the upload must carry exactly those headers', async () => {
    const target = await storage.createUploadUrl('uploads/p/x.jpg', 'image/jpeg', {
      metadata: { ProductId: 'p-1' },
    });
    expect(target.headers).toEqual({ 'Content-Type': 'image/jpeg', 'x-amz-meta-productid': 'p-1' });
    const params = signedParams(target.url);
    expect(storage.verifyUploadSignature({ ...params, meta: { productid: 'p-1' } })).toBe(true);
    expect(storage.verifyUploadSignature(params)).toBe(false);
    expect(storage.verifyUploadSignature({ ...params, meta: { productid: 'p-2' } })).toBe(false);
    expect(
      storage.verifyUploadSignature({ ...params, meta: { productid: 'p-1', extra: 'x' } }),
    ).toBe(false);
    expect(storage.verifyUploadSignature({ ...params, meta: { productid: 'a&b' } })).toBe(false);
    await expect(
      storage.createUploadUrl('k/a.png', 'image/png', { metadata: { id: 'x|y' } }),
    ).rejects.toThrow(/metadata/);
  });

  it('holds deletions until the last hold is released (a backup links the files meanwhile)', async () => {
    const key = 'products/p1/photo-f800.webp';
    await storage.put(key, Buffer.from('photo'), 'image/webp');
    const releaseFirst = storage.holdDeletions();
    const releaseSecond = storage.holdDeletions();
    let deleted = false;
    const deleting = storage.delete(key).then(() => (deleted = true));
    // Many file-system round trips later the deletion still waits and the file is still there.
    for (let i = 0; i < 20; i++) expect((await stat(path.join(dir, key))).isFile()).toBe(true);
    releaseFirst();
    releaseFirst(); // releasing twice does not count twice
    for (let i = 0; i < 20; i++) expect((await stat(path.join(dir, key))).isFile()).toBe(true);
    expect(deleted).toBe(false);
    releaseSecond();
    await deleting;
    await expect(stat(path.join(dir, key))).rejects.toMatchObject({ code: 'ENOENT' });
    // No hold left: deletions run at once again.
    await storage.put(key, Buffer.from('photo'), 'image/webp');
    await storage.delete(key);
    await expect(stat(path.join(dir, key))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
