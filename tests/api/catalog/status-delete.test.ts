import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { inject, signedInUser } from '../../factories/accounts';
import { attachStoredImages, createProduct, storedPath } from '../../factories/catalog';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

async function tagCount(name: string): Promise<number | undefined> {
  const res = await inject(t, { method: 'GET', url: '/api/v1/tags' });
  return (res.json().tags as { name: string; count: number }[]).find((x) => x.name === name)?.count;
}

const setStatus = (auth: Record<string, string>, id: string, status: string) =>
  inject(t, {
    method: 'PATCH',
    url: '/api/v1/products/status',
    headers: auth,
    payload: { id, status },
  });
const remove = (auth: Record<string, string>, id: string) =>
  inject(t, { method: 'DELETE', url: `/api/v1/products?id=${id}`, headers: auth });

describe('PATCH /products/status', () => {
  it('lets the owner move a post through every status, the tag counts following', async () => {
    const owner = await signedInUser(t.deps);
    const post = await createProduct(t, owner.user, { _tags: ['status-tag-a'] });
    expect(await tagCount('status-tag-a')).toBe(1);
    for (const [status, count] of [
      ['draft', undefined],
      ['published', 1],
      ['sold', undefined],
      ['archived', undefined],
      ['published', 1],
    ] as const) {
      const res = await setStatus(owner.auth, post._id, status);
      expect(res.statusCode, status).toBe(200);
      expect(res.json().product).toMatchObject({ _id: post._id, status });
      // A tag no published post carries leaves the public vocabulary (it is not curated).
      expect(await tagCount('status-tag-a'), status).toBe(count);
    }
    const sold = await setStatus(owner.auth, post._id, 'sold');
    expect(sold.json().product.soldOut).toBe(true);
  });

  it("refuses another user's post with 403 and lets an admin change it", async () => {
    const owner = await signedInUser(t.deps);
    const other = await signedInUser(t.deps);
    const admin = await signedInUser(t.deps, { role: 'admin' });
    const post = await createProduct(t, owner.user);
    const refused = await setStatus(other.auth, post._id, 'archived');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/your own posts/);
    const byAdmin = await setStatus(admin.auth, post._id, 'archived');
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().product.status).toBe('archived');
  });

  it('answers 404 for an unknown post and 400 with a sentence for an unknown status', async () => {
    const owner = await signedInUser(t.deps);
    const unknown = await setStatus(owner.auth, UNKNOWN, 'draft');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('PRODUCT_NOT_FOUND');
    const post = await createProduct(t, owner.user);
    const bad = await setStatus(owner.auth, post._id, 'deleted');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Choose one of: draft, published, sold, archived/);
  });
});

describe('DELETE /products', () => {
  it('deletes the post, lowers its tag counts and removes its stored files through the job queue', async () => {
    const owner = await signedInUser(t.deps);
    const post = await createProduct(t, owner.user, { _tags: ['delete-tag-a', 'delete-tag-b'] });
    await createProduct(t, owner.user, { _tags: ['delete-tag-b'] });
    const keys = await attachStoredImages(t, post._id, 2);
    expect(keys).toHaveLength(4);
    for (const key of keys) expect(existsSync(storedPath(t, key))).toBe(true);
    expect(await tagCount('delete-tag-b')).toBe(2);

    const res = await remove(owner.auth, post._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Post deleted.' });
    expect(await tagCount('delete-tag-a')).toBeUndefined();
    expect(await tagCount('delete-tag-b')).toBe(1);
    const gone = await inject(t, { method: 'GET', url: `/api/v1/products/${post._id}` });
    expect(gone.statusCode).toBe(404);

    // The files go after the commit, through the durable queue.
    for (const key of keys) expect(existsSync(storedPath(t, key))).toBe(true);
    await t.runJobs();
    for (const key of keys) expect(existsSync(storedPath(t, key))).toBe(false);
  });

  it("refuses another user's post with 403 (the post and its files stay) and lets an admin delete it", async () => {
    const owner = await signedInUser(t.deps);
    const other = await signedInUser(t.deps);
    const admin = await signedInUser(t.deps, { role: 'admin' });
    const post = await createProduct(t, owner.user);
    const keys = await attachStoredImages(t, post._id, 1);
    const refused = await remove(other.auth, post._id);
    expect(refused.statusCode).toBe(403);
    await t.runJobs();
    for (const key of keys) expect(existsSync(storedPath(t, key))).toBe(true);
    expect(
      (await inject(t, { method: 'GET', url: `/api/v1/products/${post._id}` })).statusCode,
    ).toBe(200);

    expect((await remove(admin.auth, post._id)).statusCode).toBe(200);
    await t.runJobs();
    for (const key of keys) expect(existsSync(storedPath(t, key))).toBe(false);
  });

  it('answers 404 for an unknown post and 400 with a sentence for a malformed id', async () => {
    const owner = await signedInUser(t.deps);
    const unknown = await remove(owner.auth, UNKNOWN);
    expect(unknown.statusCode).toBe(404);
    const bad = await remove(owner.auth, 'not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/post id/);
  });
});
