import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage, type LocalStorageDriver } from '../storage/local';
import type { StorageDriver } from '../storage/types';
import { ImageRejectedError } from './process';
import { storeImage } from './store-image';

let dir: string;
let local: LocalStorageDriver;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'store-image-'));
  local = createLocalStorage({
    dir,
    secret: 'store-image-secret',
  });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const png = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: '#00f' } })
    .png()
    .toBuffer();

/** Wraps the real local driver; puts whose key matches `failOn` throw after nothing is written. */
function failing(failOn: RegExp): StorageDriver & { deleted: string[] } {
  const deleted: string[] = [];
  return {
    name: 'local',
    deleted,
    publicUrl: (key) => local.publicUrl(key),
    createUploadUrl: (...args) => local.createUploadUrl(...args),
    read: (key) => local.read(key),
    head: (key) => local.head(key),
    put: async (key, body, type) => {
      if (failOn.test(key)) throw new Error(`disk full writing ${key}`);
      return local.put(key, body, type);
    },
    delete: async (key) => {
      deleted.push(key);
      await local.delete(key);
    },
  };
}

async function filesUnder(sub: string): Promise<string[]> {
  return readdir(path.join(dir, sub)).catch(() => []);
}

describe('storeImage', () => {
  it('stores a thumbnail and a fullsize WebP under fresh keys', async () => {
    const stored = await storeImage(local, 'avatars/u1/', await png());
    const [thumbKey, fullKey] = stored.keys;
    expect(thumbKey).toMatch(/^avatars\/u1\/[0-9a-f-]{36}-thumb\.webp$/);
    expect(fullKey).toMatch(/^avatars\/u1\/[0-9a-f-]{36}-full\.webp$/);
    expect(stored.thumbnail).toBe(`/media/${thumbKey}`);
    expect(stored.fullsize).toBe(`/media/${fullKey}`);

    const thumb = await sharp(await readFile(path.join(dir, thumbKey))).metadata();
    const full = await sharp(await readFile(path.join(dir, fullKey))).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 320, 320]);
    expect([full.format, full.width, full.height]).toEqual(['webp', 900, 600]);

    const again = await storeImage(local, 'avatars/u1', await png());
    expect(again.keys[0]).not.toBe(thumbKey);
    expect((await filesUnder('avatars/u1')).length).toBe(4);
  });

  it('removes the thumbnail when the fullsize cannot be stored', async () => {
    const storage = failing(/-full\.webp$/);
    await expect(storeImage(storage, 'products/p1', await png())).rejects.toThrow(/disk full/);
    expect(storage.deleted).toHaveLength(1);
    expect(storage.deleted[0]).toMatch(/-thumb\.webp$/);
    expect(await filesUnder('products/p1')).toEqual([]);
  });

  it('removes the fullsize when the thumbnail cannot be stored', async () => {
    const storage = failing(/-thumb\.webp$/);
    await expect(storeImage(storage, 'products/p1', await png())).rejects.toThrow(/disk full/);
    expect(await filesUnder('products/p1')).toEqual([]);
  });

  it('stores nothing for a rejected image', async () => {
    const storage = failing(/$^/);
    await expect(
      storeImage(storage, 'products/p1', Buffer.from('not an image')),
    ).rejects.toBeInstanceOf(ImageRejectedError);
    expect(await readdir(dir)).toEqual([]);
  });
});
