import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStorageDriver } from '../../../src/server/adapters/storage/local';
import { messages } from '../../../src/server/db/schema';
import type { Message } from '../../../src/shared/contracts/messages';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { pngPart, putMessageForm, sendMessage, type FormFile } from '../../factories/messages';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const storage = () => t.deps.storage as LocalStorageDriver;
const keyOf = (url: string) => url.replace(/^\/media\//, '');
const fileExists = async (url: string) => (await storage().head(keyOf(url))) !== null;
const countMessages = async () =>
  (await t.deps.database.db.select({ n: sql<number>`count(*)::int` }).from(messages))[0]!.n;
const urlsOf = (m: Message) =>
  m.medias.flatMap((media) =>
    [media.srcset!.thumbnail, media.srcset!.fullsize].flatMap((s) => s.split(', ').map((e) => e.split(' ')[0]!)),
  );

describe('PUT /messages with images (multipart)', () => {
  it('stores each image as WebP variants (EXIF stripped) and answers them as medias', async () => {
    const a = await signedInUser(t.deps);
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#b91c1c' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret location data' } })
      .toBuffer();
    const res = await putMessageForm(t, a.token, { text: 'Two photos', _tags: ['Photos'] }, [
      await pngPart(64, 48),
      { name: 'image', data: jpeg, type: 'image/jpeg', filename: 'holiday.jpg' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const message = res.json().message as Message;
    expect(message).toMatchObject({ text: 'Two photos', _tags: ['photos'] });
    expect(message.medias).toHaveLength(2);
    expect(message.medias[1]).toMatchObject({ type: 'image', width: 900, height: 600 });
    for (const url of urlsOf(message)) {
      expect(url).toMatch(new RegExp(`^/media/messages/${a.user.id}/.+\\.webp$`));
      const bytes = await storage().read(keyOf(url));
      const meta = await sharp(bytes!).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
    }
    // The file served at the URL is the WebP.
    const served = await t.app.inject({ url: message.medias[0]!.fullsize });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('refuses a file that is not an image with a 400 that says so, and keeps nothing', async () => {
    const a = await signedInUser(t.deps);
    const before = await countMessages();
    const fake: FormFile = {
      name: 'image',
      data: Buffer.from('just some text, saved as photo.png'),
      type: 'image/png',
      filename: 'photo.png',
    };
    const res = await putMessageForm(t, a.token, { text: 'with a fake' }, [await pngPart(), fake]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'IMAGE_REJECTED',
      message: 'image (image 2): Please upload a JPEG, PNG, GIF, WebP or AVIF image.',
    });
    expect(await countMessages()).toBe(before);
    // The valid first image was written and removed again.
    const dir = path.join(storage().dir, 'messages', a.user.id);
    expect(existsSync(dir) ? await readdir(dir) : []).toEqual([]);
  });

  it('refuses more than 4 images, other file fields and a malformed message field', async () => {
    const a = await signedInUser(t.deps);
    const before = await countMessages();
    const five = await Promise.all([1, 2, 3, 4, 5].map(() => pngPart(20, 20)));
    const tooMany = await putMessageForm(t, a.token, { text: 'five' }, five);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('image: Send at most 4 images at a time.');

    const wrongField = await putMessageForm(t, a.token, { text: 'x' }, [
      { ...(await pngPart()), name: 'photo' },
    ]);
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toMatch(/Send the image in the "image" field/);

    const { multipartForm } = await import('../../factories/messages');
    const form = await multipartForm({ message: '{not json' });
    const badJson = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/messages',
      headers: { ...a.auth, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().message).toBe('message: Must be valid JSON.');
    expect(await countMessages()).toBe(before);
  });

  it('on update, keeps the listed images in order, removes the others (files deleted by the queue) and appends new ones', async () => {
    const a = await signedInUser(t.deps);
    const first = await putMessageForm(t, a.token, { text: 'three photos' }, [
      await pngPart(30, 30, '#111111'),
      await pngPart(30, 30, '#222222'),
      await pngPart(30, 30, '#333333'),
    ]);
    const m = first.json().message as Message;
    const [one, two, three] = m.medias.map((x) => x._id);
    const removedUrls = urlsOf({ ...m, medias: [m.medias[0]!] });

    const res = await putMessageForm(
      t,
      a.token,
      { _id: m._id, text: 'edited', medias: [three, two] },
      [await pngPart(30, 30, '#444444')],
    );
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json().message as Message;
    expect(updated.medias.map((x) => x._id).slice(0, 2)).toEqual([three, two]);
    expect(updated.medias).toHaveLength(3);
    expect(updated.medias.map((x) => x._id)).not.toContain(one);

    for (const url of removedUrls) expect(await fileExists(url)).toBe(true);
    await t.runJobs();
    for (const url of removedUrls) expect(await fileExists(url)).toBe(false);
    for (const url of urlsOf(updated)) expect(await fileExists(url)).toBe(true);
  });

  it('refuses an update that would go over 4 images or names an image of another message', async () => {
    const a = await signedInUser(t.deps);
    const m = (
      await putMessageForm(t, a.token, { text: 'three' }, [await pngPart(), await pngPart(), await pngPart()])
    ).json().message as Message;
    const other = (await putMessageForm(t, a.token, { text: 'other' }, [await pngPart()])).json()
      .message as Message;

    const over = await putMessageForm(t, a.token, { _id: m._id, text: 'more' }, [
      await pngPart(),
      await pngPart(),
    ]);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toMatch(/at most 4 images/);

    const foreign = await sendMessage(t, a.token, { _id: m._id, text: 'steal', medias: [other.medias[0]!._id] }).catch(
      (e: Error) => e,
    );
    expect(String(foreign)).toMatch(/400: .*not part of the message/);

    const dup = m.medias[0]!._id;
    const twice = await sendMessage(t, a.token, { _id: m._id, text: 'twice', medias: [dup, dup] }).catch(
      (e: Error) => e,
    );
    expect(String(twice)).toMatch(/400: .*once/);

    const [row] = await t.deps.database.db.select().from(messages).where(eq(messages.id, m._id));
    expect(row).toMatchObject({ text: 'three' });
    expect(row!.medias).toHaveLength(3);
  });

  it('deleting a message queues its files for deletion', async () => {
    const a = await signedInUser(t.deps);
    const m = (await putMessageForm(t, a.token, { text: 'bye' }, [await pngPart()])).json()
      .message as Message;
    const urls = urlsOf(m);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/messages?id=${m._id}`,
      headers: a.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ _id: m._id });
    await t.runJobs();
    for (const url of urls) expect(await fileExists(url)).toBe(false);
  });
});
