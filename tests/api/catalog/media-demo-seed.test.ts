import { readdir } from 'node:fs/promises';
import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { products, users } from '../../../src/server/db/schema';
import { DEMO_POSTS } from '../../../src/server/demo/posts';
import { seedDemo } from '../../../src/server/composition/setup';
import { createTestApp, type TestApp } from '../../helpers/app';
import { inject } from '../../factories/accounts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const quiet = { info() {}, warn() {} } as unknown as Parameters<typeof seedDemo>[1];

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

describe('the demo seed', { timeout: 90_000 }, () => {
  it('creates the demo posts with processed photos, tags, variations, sold-out items and drafts', async () => {
    t = await createTestApp();
    const started = performance.now();
    expect(await seedDemo(t.deps, quiet)).toBe(true);
    const ms = performance.now() - started;
    console.info(`demo seed: ${DEMO_POSTS.length} posts in ${Math.round(ms)} ms`);

    const rows = await t.deps.database.db.select().from(products);
    expect(rows).toHaveLength(DEMO_POSTS.length);
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(rows.filter((r) => r.status === 'draft').length).toBeGreaterThanOrEqual(2);
    expect(
      rows.filter((r) => r.stock === 0 && r.status === 'published').length,
    ).toBeGreaterThanOrEqual(3);
    expect(rows.filter((r) => r.variations.length > 0).length).toBeGreaterThanOrEqual(4);
    const tags = new Set(rows.flatMap((r) => r.tags));
    for (const tag of ['art', 'fashion', 'music', 'handmade', 'vintage', 'pc-hardware'])
      expect(tags.has(tag), tag).toBe(true);
    // Every photo went through the pipeline: WebP variants only, all on disk.
    const files = new Set(await filesUnder(`${t.dataDir}/media/products`));
    for (const row of rows) {
      expect(row.medias.length).toBeGreaterThanOrEqual(1);
      expect(row.medias.length).toBeLessThanOrEqual(3);
      for (const m of row.medias) {
        expect(m.alt).not.toBe('');
        expect(m.thumbnails.length).toBeGreaterThan(0);
        for (const key of m.keys) expect(files.has(key.split('/').pop()!), key).toBe(true);
      }
    }
    // Distinct photos: no two posts share a first image's bytes.
    const sizes = new Set(rows.map((r) => r.medias[0]!.keys.join()));
    expect(sizes.size).toBe(rows.length);

    const [maya] = await t.deps.database.db.select().from(users).where(eq(users.username, 'maya'));
    const first = rows.find((r) => r.userId === maya!.id && r.status === 'published')!;
    const image = await inject(t, { method: 'GET', url: first.medias[0]!.fullsizes[0]!.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });

  it('leaves nothing behind when it fails midway: no accounts, no posts, no files', async () => {
    t = await createTestApp();
    const real = t.deps.storage;
    let puts = 0;
    t.deps.storage = {
      ...real,
      name: real.name,
      put: async (key, body, type) => {
        puts += 1;
        if (puts > 40) throw new Error('disk full');
        return real.put(key, body, type);
      },
    };
    await expect(seedDemo(t.deps, quiet)).rejects.toThrow('disk full');
    t.deps.storage = real;
    const db = t.deps.database.db;
    expect((await db.select({ n: count() }).from(users))[0]!.n).toBe(0);
    expect((await db.select({ n: count() }).from(products))[0]!.n).toBe(0);
    expect(await filesUnder(`${t.dataDir}/media`)).toEqual([]);
  });
});
