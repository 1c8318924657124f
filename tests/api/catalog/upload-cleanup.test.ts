import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { addMedia, mp4Bytes, putUpload, smallPng, uploadUrl, type Target } from './media-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const DAY = 24 * 60 * 60 * 1000;

describe('uploads that never become media', () => {
  it('are deleted a day after their link was issued; files the post uses are kept', async () => {
    const owner = await signedInUser(t.deps);
    const productId = (await createProduct(t, owner.user))._id;
    const upload = async (ext: string, body: Buffer) => {
      const target = (await uploadUrl(t, owner.token, productId, ext)).json() as Target;
      expect((await putUpload(t, target, body)).statusCode).toBe(201);
      return target.key;
    };
    const abandoned = await upload('png', await smallPng());
    const video = await upload('mp4', mp4Bytes());
    expect((await addMedia(t, owner.token, { productId, key: video })).statusCode).toBe(200);

    await t.runJobs();
    expect(await t.deps.storage.head(abandoned)).not.toBeNull();
    t.advanceTime(DAY + 60_000);
    await t.runJobs();
    expect(await t.deps.storage.head(abandoned)).toBeNull();
    expect(await t.deps.storage.head(video)).not.toBeNull();
  });
});
