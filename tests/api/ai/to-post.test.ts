import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../factories/catalog';
import { inject, signedInUser } from '../../factories/accounts';
import { createTestApp, type TestApp } from '../../helpers/app';
import { smallPng, uploadMedia } from '../catalog/media-helpers';
import { addToPost, generate, keyOf } from './ai-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const WEEK = 7 * 24 * 60 * 60 * 1000;

async function seller() {
  const s = await signedInUser(t.deps);
  const post = await createProduct(t, { id: s.user.id, role: 'user' }, { status: 'draft' });
  return { ...s, post };
}

async function generated(token: string, prompt: string, n = 1): Promise<string[]> {
  const res = await generate(t, token, { prompt, n });
  expect(res.statusCode).toBe(200);
  return res.json().urls;
}

describe('PUT /products/media/generated', () => {
  it('turns my generated picture into a photo of my post, marked AI generated', async () => {
    const me = await seller();
    const [url] = await generated(me.token, 'a tidy desk with a retro PC', 2);
    const res = await addToPost(t, me.token, {
      productId: me.post._id,
      url: url!,
      alt: 'A retro PC on a tidy desk (AI generated)',
    });
    expect(res.statusCode).toBe(200);
    const [media] = res.json().product.medias;
    expect(media).toMatchObject({
      type: 'image',
      alt: 'A retro PC on a tidy desk (AI generated)',
      aiGenerated: true,
      width: 1024,
      height: 1024,
    });
    // The post has its own files (the pipeline's variants), not the generation's.
    expect(media.fullsize).toMatch(new RegExp(`^/media/products/${me.post._id}/`));
    const full = await t.deps.storage.read(keyOf(media.fullsize));
    expect(await sharp(full!).metadata()).toMatchObject({ format: 'webp', width: 1024 });
    expect(media.srcset.thumbnail).toMatch(/ 320w/);

    // The badge's data is on the post as anyone reads it, and survives saving the post.
    const save = await inject(t, {
      method: 'PUT',
      url: '/api/v1/products',
      headers: { 'x-access-token': me.token },
      payload: {
        _id: me.post._id,
        title: me.post.title,
        price: me.post.price,
        status: 'published',
        medias: [{ _id: media._id, alt: 'Retro PC, AI generated' }],
      },
    });
    expect(save.statusCode).toBe(200);
    const read = await inject(t, { method: 'GET', url: `/api/v1/products/${me.post._id}` });
    expect(read.json().product.medias[0]).toMatchObject({
      alt: 'Retro PC, AI generated',
      aiGenerated: true,
    });
  });

  it('does not mark an uploaded photo as AI generated', async () => {
    const me = await seller();
    const { res } = await uploadMedia(t, me.token, me.post._id, await smallPng(), 'png');
    expect(res.statusCode).toBe(200);
    expect(res.json().product.medias[0]).not.toHaveProperty('aiGenerated');
  });

  it('refuses another member’s generated picture, and addresses that were never generated', async () => {
    const me = await seller();
    const other = await seller();
    const [theirs] = await generated(other.token, 'their own picture');
    const refused = await addToPost(t, me.token, { productId: me.post._id, url: theirs! });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'GENERATED_IMAGE_NOT_FOUND' });
    expect(refused.json().message).toMatch(/not a picture you generated/);

    const [mine] = await generated(me.token, 'my own picture');
    for (const url of [
      mine!.replace(/-full\.webp$/, '-thumb.webp'),
      '/media/ai/elsewhere.webp',
      'https://example.com/cat.png',
    ]) {
      const res = await addToPost(t, me.token, { productId: me.post._id, url });
      expect(res.statusCode, url).toBe(404);
    }
    const post = await inject(t, {
      method: 'GET',
      url: `/api/v1/products/mine?id=${me.post._id}`,
      headers: { 'x-access-token': me.token },
    });
    expect(post.json().products[0].medias).toEqual([]);
  });

  it('adds my picture only to a post I manage', async () => {
    const me = await seller();
    const other = await seller();
    const [mine] = await generated(me.token, 'a picture for someone else');
    const res = await addToPost(t, me.token, { productId: other.post._id, url: mine! });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'NOT_OWNER' });
  });

  it('refuses a signed-out caller and bad input with sentences', async () => {
    const me = await seller();
    const anonymous = await inject(t, {
      method: 'PUT',
      url: '/api/v1/products/media/generated',
      payload: { productId: me.post._id, url: '/media/ai/x.webp' },
    });
    expect(anonymous.statusCode).toBe(401);
    const bad = await addToPost(t, me.token, { productId: 'nope', url: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/productId: Must be a post id/);
  });
});

describe('generated pictures no post took', () => {
  it('are deleted after a week; a post’s copy stays', async () => {
    const me = await seller();
    const [used, unused] = await generated(me.token, 'a week-old picture', 2);
    const added = await addToPost(t, me.token, { productId: me.post._id, url: used! });
    const copy = keyOf(added.json().product.medias[0].fullsize);

    await t.runJobs();
    expect(await t.deps.storage.read(keyOf(unused!))).not.toBeNull();
    t.advanceTime(WEEK + 60_000);
    try {
      await t.runJobs(); // discards the generation and queues its files' deletion
      await t.runJobs(); // deletes the files
      expect(await t.deps.storage.read(keyOf(unused!))).toBeNull();
      expect(await t.deps.storage.read(keyOf(used!))).toBeNull();
      expect(await t.deps.storage.read(copy)).not.toBeNull();
    } finally {
      t.advanceTime(-(WEEK + 60_000));
    }
    const late = await addToPost(t, me.token, { productId: me.post._id, url: unused! });
    expect(late.statusCode).toBe(404);
    expect(late.json().message).toMatch(/kept for a week/);
  });

  it('go with the member who made them', async () => {
    const admin = await signedInUser(t.deps, { role: 'admin' });
    const member = await signedInUser(t.deps);
    const [url] = await generated(member.token, 'a picture of a deleted member');
    const res = await inject(t, {
      method: 'DELETE',
      url: `/api/v1/users?id=${member.user.id}`,
      headers: { 'x-access-token': admin.token },
    });
    expect(res.statusCode).toBe(200);
    await t.runJobs();
    expect(await t.deps.storage.read(keyOf(url!))).toBeNull();
  });
});
