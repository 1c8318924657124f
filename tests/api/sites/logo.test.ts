import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStorageDriver } from '../../../src/server/adapters/storage/local';
import { uploadSiteLogo } from '../../../src/server/modules/sites';
import { createTestApp, type TestApp } from '../../helpers/app';
import { inject, signedInUser } from '../../factories/accounts';
import {
  logoPart,
  mySite,
  publicSite,
  putSite,
  recordChanges,
  siteOf,
  squareJpeg,
  uploadLogo,
  wideLogoPng,
} from './site-helpers';

let t: TestApp;
let png: Buffer;
let jpeg: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  [png, jpeg] = await Promise.all([wideLogoPng(), squareJpeg()]);
});
afterAll(() => t?.close());

const fileOf = (url: string) =>
  (t.deps.storage as LocalStorageDriver).filePath(url.replace(/^\/media\//, ''));

describe('PUT /sites/media', () => {
  it('stores a PNG logo as two WebP variants, whole (a wide logo is not cropped), with transparency', async () => {
    const a = await signedInUser(t.deps);
    const site = siteOf(await uploadLogo(t, a.auth, { image: logoPart(png) }));
    const logo = site.image!;
    expect(logo.thumbnail).toMatch(new RegExp(`^/media/logos/${a.user.id}/.+-thumb\\.webp$`));
    expect(logo.fullsize).toMatch(new RegExp(`^/media/logos/${a.user.id}/.+-full\\.webp$`));
    const thumb = await sharp(fileOf(logo.thumbnail)).metadata();
    expect(thumb).toMatchObject({ format: 'webp', width: 320, height: 80, hasAlpha: true });
    const full = await sharp(fileOf(logo.fullsize)).metadata();
    expect(full).toMatchObject({ format: 'webp', width: 800, height: 200 });
    const served = await inject(t, { url: logo.fullsize });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    // The public page shows it.
    expect((await publicSite(t, a.user.username)).json().image).toEqual(logo);
  });

  it('accepts a JPEG by its bytes whatever the declared type and name', async () => {
    const a = await signedInUser(t.deps);
    const site = siteOf(
      await uploadLogo(t, a.auth, {
        image: logoPart(jpeg, 'application/octet-stream', 'logo.txt'),
      }),
    );
    expect((await sharp(fileOf(site.image!.thumbnail)).metadata()).width).toBe(300);
  });

  it.each([
    [
      'text called a PNG',
      Buffer.from('<svg onload="alert(1)"></svg>'),
      'Please upload a JPEG, PNG, GIF, WebP or AVIF image.',
    ],
    [
      'an SVG',
      Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'),
      'Please upload a JPEG, PNG, GIF, WebP or AVIF image.',
    ],
    ['a truncated PNG', null, 'We could not read this image. Please upload a different file.'],
  ])('refuses %s, changing nothing', async (_label, bytes, message) => {
    const a = await signedInUser(t.deps);
    const before = await mySite(t, a.auth);
    const data = bytes ?? png.subarray(0, 60);
    const res = await uploadLogo(t, a.auth, { image: logoPart(data) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'IMAGE_REJECTED', message });
    expect(await mySite(t, a.auth)).toEqual(before);
  });

  it('needs an image in the `image` field of a multipart form', async () => {
    const a = await signedInUser(t.deps);
    const json = await inject(t, {
      method: 'PUT',
      url: '/api/v1/sites/media',
      headers: a.auth,
      payload: { image: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('image: Choose an image to upload.');
    const empty = await uploadLogo(t, a.auth, { note: 'no file' });
    expect(empty.json().message).toBe('image: Choose an image to upload.');
    const wrongField = await uploadLogo(t, a.auth, { logo: logoPart(png) });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe(
      'logo: Unexpected file. Send the image in the "image" field.',
    );
  });

  it('deletes the replaced logo’s files (in a background job) and removes the logo on `image: null`', async () => {
    const a = await signedInUser(t.deps);
    const first = siteOf(await uploadLogo(t, a.auth, { image: logoPart(png) })).image!;
    const second = siteOf(
      await uploadLogo(t, a.auth, { image: logoPart(jpeg, 'image/jpeg', 'b.jpg') }),
    ).image!;
    expect(second.fullsize).not.toBe(first.fullsize);
    expect(existsSync(fileOf(first.fullsize))).toBe(true);
    expect(await t.runJobs()).toBe(1);
    for (const url of [first.thumbnail, first.fullsize])
      expect(existsSync(fileOf(url))).toBe(false);
    for (const url of [second.thumbnail, second.fullsize])
      expect(existsSync(fileOf(url))).toBe(true);

    const removed = siteOf(await putSite(t, a.auth, { image: null }));
    expect(removed.image).toBeNull();
    expect(await t.runJobs()).toBe(1);
    for (const url of [second.thumbnail, second.fullsize])
      expect(existsSync(fileOf(url))).toBe(false);
    // Removing no logo is a no-op that queues nothing.
    siteOf(await putSite(t, a.auth, { image: null }));
    expect(await t.runJobs()).toBe(0);
  });

  it('queues the new files for deletion when the save fails after storing them', async () => {
    const nobody = randomUUID();
    await expect(uploadSiteLogo(t.moduleDeps(), nobody, png)).rejects.toMatchObject({
      code: 'SITE_NOT_FOUND',
    });
    const dir = path.join(t.dataDir, 'media', 'logos', nobody);
    expect(await readdir(dir)).toHaveLength(2);
    expect(await t.runJobs()).toBe(1);
    expect(await readdir(dir).catch(() => [])).toHaveLength(0);
  });

  it('announces each new logo as a site change of the owner', async () => {
    const a = await signedInUser(t.deps);
    const changes = recordChanges(t);
    try {
      siteOf(await uploadLogo(t, a.auth, { image: logoPart(png) }));
      expect(changes.take()).toEqual([{ kind: 'site', userIds: [a.user.id] }]);
      siteOf(await putSite(t, a.auth, { image: null }));
      expect(changes.take()).toEqual([{ kind: 'site', userIds: [a.user.id] }]);
      expect(
        (await uploadLogo(t, a.auth, { image: logoPart(Buffer.from('nope')) })).statusCode,
      ).toBe(400);
      expect(changes.take()).toEqual([]);
    } finally {
      changes.stop();
    }
  });

  it('limits logo uploads per account (20 an hour)', async () => {
    const a = await signedInUser(t.deps);
    const tiny = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    for (let i = 0; i < 20; i++)
      expect((await uploadLogo(t, a.auth, { image: logoPart(tiny) })).statusCode).toBe(200);
    const limited = await uploadLogo(t, a.auth, { image: logoPart(tiny) });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
