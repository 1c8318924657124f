import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { inject, signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const tagsNow = async () =>
  (await inject(t, { method: 'GET', url: '/api/v1/tags' })).json().tags as {
    name: string;
    count: number;
  }[];
const addTag = (auth: Record<string, string>, payload: object) =>
  inject(t, { method: 'POST', url: '/api/v1/tags', headers: auth, payload });

describe('GET /tags', () => {
  it('lists tags of published posts with their counts, most used first; drafts’ tags stay out', async () => {
    const { user } = await signedInUser(t.deps);
    await createProduct(t, user, { _tags: ['vinyl', 'music'] });
    await createProduct(t, user, { _tags: ['music'] });
    await createProduct(t, user, { _tags: ['secret-draft-tag'], status: 'draft' });
    const tags = await tagsNow();
    expect(tags.slice(0, 2)).toEqual([
      { name: 'music', count: 2 },
      { name: 'vinyl', count: 1 },
    ]);
    expect(tags.map((x) => x.name)).not.toContain('secret-draft-tag');
  });
});

describe('POST /tags', () => {
  it('adds a curated tag (listed with 0 posts), idempotently', async () => {
    const admin = await signedInUser(t.deps, { role: 'admin' });
    const res = await addTag(admin.auth, { userId: admin.user.id, tag: '  Hand  Made ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ tag: { name: 'hand made', count: 0 } });
    expect(await tagsNow()).toContainEqual({ name: 'hand made', count: 0 });
    const again = await addTag(admin.auth, { tag: 'hand made' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ tag: { name: 'hand made', count: 0 } });
  });

  it('curates a tag posts already use, keeping its count', async () => {
    const admin = await signedInUser(t.deps, { role: 'admin' });
    const { user } = await signedInUser(t.deps);
    await createProduct(t, user, { _tags: ['pottery'] });
    const res = await addTag(admin.auth, { tag: 'Pottery' });
    expect(res.json()).toEqual({ tag: { name: 'pottery', count: 1 } });
  });

  it('refuses a userId that is not the caller with a sentence, and sellers with 403', async () => {
    const admin = await signedInUser(t.deps, { role: 'admin' });
    const seller = await signedInUser(t.deps);
    const wrong = await addTag(admin.auth, { userId: seller.user.id, tag: 'x' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/your own id/);
    expect((await addTag(seller.auth, { tag: 'x' })).statusCode).toBe(403);
    const empty = await addTag(admin.auth, { tag: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/Name the tag/);
    const long = await addTag(admin.auth, { tag: 'x'.repeat(31) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/at most 30 characters/);
  });
});
