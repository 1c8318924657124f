import { existsSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema';
import type { LocalStorageDriver } from '../../../src/server/adapters/storage/local';
import { publicProfileSchema, sessionUserSchema } from '../../../src/shared/contracts/accounts';
import { mySiteSchema, publicSiteSchema, siteSchema } from '../../../src/shared/contracts/sites';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { multipartBody } from '../../helpers/multipart';

let t: TestApp;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c2410c' } })
    .png()
    .toBuffer();
});
afterAll(() => t?.close());

async function put(url: string, token: string | undefined, parts: Parameters<typeof multipartBody>[0]) {
  const { payload, contentType } = await multipartBody(parts);
  return t.app.inject({
    method: 'PUT',
    url,
    payload,
    headers: { 'content-type': contentType, ...(token ? { 'x-access-token': token } : {}) },
  });
}

const storage = () => t.deps.storage as LocalStorageDriver;
const keyOf = (url: string) => url.replace(/^\/media\//, '');

describe('GET /users/me', () => {
  it('returns the signed-in user and site, and 401 when signed out', async () => {
    const a = await signedInUser(t.deps);
    const res = await t.app.inject({ url: '/api/v1/users/me', headers: a.auth });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(sessionUserSchema.parse(body.user)._id).toBe(a.user.id);
    expect(siteSchema.parse(body.site).username).toBe(a.user.username);
    const anon = await t.app.inject({ url: '/api/v1/users/me' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Please log in to do that.',
    });
  });
});

describe('PUT /users', () => {
  it('updates name, bio, link and tags from a JSON body', async () => {
    const a = await signedInUser(t.deps);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users',
      headers: a.auth,
      payload: {
        user: {
          name: '  Maya Chen ',
          bio: 'Mugs & bowls',
          link: 'https://maya.example/shop',
          _tags: ['ceramics', 'Ceramics', ' mugs '],
          email: 'ignored@x.io',
        },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      name: 'Maya Chen',
      bio: 'Mugs & bowls',
      link: 'https://maya.example/shop',
      _tags: ['ceramics', 'mugs'],
      email: a.user.email,
    });
  });

  it('accepts the multipart form: a `user` JSON field plus an avatar, stored as two WebP variants', async () => {
    const a = await signedInUser(t.deps);
    const res = await put('/api/v1/users', a.token, {
      user: JSON.stringify({ name: 'Leo Park', bio: '', link: '', _tags: ['retro'] }),
      image: { data: png, type: 'image/png', filename: 'me.png' },
    });
    expect(res.statusCode).toBe(200);
    const user = sessionUserSchema.parse(res.json().user);
    expect(user).toMatchObject({ name: 'Leo Park', _tags: ['retro'] });
    expect(user.image?.thumbnail).toMatch(
      new RegExp(`^/media/avatars/${a.user.id}/.+-thumb\\.webp$`),
    );
    expect(user.image?.fullsize).toMatch(/-full\.webp$/);
    const thumbFile = storage().filePath(keyOf(user.image!.thumbnail));
    expect((await sharp(thumbFile).metadata()).format).toBe('webp');
    const served = await t.app.inject({ url: user.image!.fullsize });
    expect(served.statusCode).toBe(200);

    // A new avatar replaces the old one, whose files are deleted.
    const again = await put('/api/v1/profiles/media', a.token, {
      image: { data: png, type: 'image/png', filename: 'new.png' },
    });
    expect(again.statusCode).toBe(200);
    const next = again.json().user;
    expect(next.image.thumbnail).not.toBe(user.image!.thumbnail);
    expect(next.name).toBe('Leo Park');
    // The replaced files go in a background job enqueued with the swap.
    expect(existsSync(thumbFile)).toBe(true);
    expect(await t.runJobs()).toBe(1);
    expect(existsSync(thumbFile)).toBe(false);
    expect(existsSync(storage().filePath(keyOf(next.image.thumbnail)))).toBe(true);
  });

  it('limits avatar uploads per account (20 an hour), whichever address they come from', async () => {
    const a = await signedInUser(t.deps);
    const upload = () => put('/api/v1/profiles/media', a.token, { image: { data: png, type: 'image/png', filename: 'a.png' } });
    for (let i = 0; i < 20; i++) expect((await upload()).statusCode).toBe(200);
    const limited = await upload();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.json().message).toMatch(/^Too many attempts\. Please wait \d+ minutes and try again\.$/);
    // Someone else is not affected.
    const b = await signedInUser(t.deps);
    const other = await put('/api/v1/profiles/media', b.token, { image: { data: png, type: 'image/png', filename: 'b.png' } });
    expect(other.statusCode).toBe(200);
  });

  it('refuses a text file disguised as a PNG, changing nothing', async () => {
    const a = await signedInUser(t.deps);
    const res = await put('/api/v1/users', a.token, {
      user: JSON.stringify({ name: 'Should Not Save' }),
      image: {
        data: Buffer.from('just some text, honest'),
        type: 'image/png',
        filename: 'photo.png',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'IMAGE_REJECTED',
      message: 'Please upload a JPEG, PNG, GIF, WebP or AVIF image.',
    });
    const [row] = await t.deps.database.db.select().from(users).where(eq(users.id, a.user.id));
    expect(row!.name).toBe(a.user.name);
    expect(row!.imageThumbnail).toBeNull();
  });

  it('refuses an image over 10 MB with 413', async () => {
    const a = await signedInUser(t.deps);
    const big = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const res = await put('/api/v1/profiles/media', a.token, {
      image: { data: big, type: 'image/png', filename: 'big.png' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('image: Images must be 10 MB or smaller.');
  });

  it.each([
    [
      'a link that is not http(s)',
      { link: 'javascript:alert(1)' },
      /^user\.link: Enter a web address/,
    ],
    ['a 1 MB bio', { bio: 'b'.repeat(1_000_000) }, /^user\.bio: Use at most 500 characters\.$/],
    ['an empty name', { name: '' }, /^user\.name: Enter a name\.$/],
    ['a numeric name', { name: 42 }, /^user\.name: Must be text\.$/],
    [
      '21 tags',
      { _tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
      /^user\._tags: Add at most 20 tags\.$/,
    ],
    [
      'a 31-character tag',
      { _tags: ['x'.repeat(31)] },
      /^user\._tags\.0: Each tag can have at most 30 characters\.$/,
    ],
    ['tags that are not a list', { _tags: 'ceramics' }, /^user\._tags: Must be a list of tags\.$/],
  ])('rejects %s (JSON) with a 400 naming the field', async (_label, user, message) => {
    const a = await signedInUser(t.deps);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users',
      headers: a.auth,
      payload: { user },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().message).toMatch(message);
  });

  it('rejects bad multipart fields with a 400 naming the field', async () => {
    const a = await signedInUser(t.deps);
    const notJson = await put('/api/v1/users', a.token, { user: '{name:' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBe('user: Must be valid JSON.');
    const badLink = await put('/api/v1/users', a.token, {
      user: JSON.stringify({ link: 'ftp://x' }),
    });
    expect(badLink.json().message).toMatch(/^user\.link: /);
    const huge = await put('/api/v1/users', a.token, {
      user: JSON.stringify({ bio: 'x'.repeat(100_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('user: This field is too large.');
  });

  it('stores hostile text verbatim and returns it as JSON text', async () => {
    const a = await signedInUser(t.deps);
    const bio = `'; DELETE FROM users; -- <img src=x onerror=alert(1)> {{constructor}}`;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users',
      headers: a.auth,
      payload: { user: { bio, _tags: ['<b>tag</b>'] } },
    });
    expect(res.statusCode).toBe(200);
    const profile = await t.app.inject({ url: `/api/v1/users/${a.user.id}` });
    expect(profile.json().user).toMatchObject({ bio, _tags: ['<b>tag</b>'] });
  });

  it('is 401 when signed out', async () => {
    const res = await put('/api/v1/users', undefined, { user: JSON.stringify({ name: 'X' }) });
    expect(res.statusCode).toBe(401);
    const media = await put('/api/v1/profiles/media', undefined, {
      image: { data: png, type: 'image/png', filename: 'a.png' },
    });
    expect(media.statusCode).toBe(401);
  });
});

describe('PUT /profiles/media', () => {
  it('needs an image', async () => {
    const a = await signedInUser(t.deps);
    const empty = await put('/api/v1/profiles/media', a.token, { note: 'no file' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('image: Choose an image to upload.');
    const json = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profiles/media',
      headers: a.auth,
      payload: { image: 'data:image/png;base64,AAAA' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('image: Choose an image to upload.');
  });
});

describe('GET /users/:id', () => {
  it('returns the public profile without email or payment details', async () => {
    const a = await signedInUser(t.deps);
    const res = await t.app.inject({ url: `/api/v1/users/${a.user.id}` });
    expect(res.statusCode).toBe(200);
    const user = publicProfileSchema.strict().parse(res.json().user);
    expect(user.username).toBe(a.user.username);
    expect(res.body).not.toContain(a.user.email);
  });

  it('is 404 for unknown, malformed and suspended users', async () => {
    const a = await signedInUser(t.deps);
    await t.deps.database.db
      .update(users)
      .set({ status: 'suspended' })
      .where(eq(users.id, a.user.id));
    for (const id of [
      '00000000-0000-4000-8000-000000000000',
      'not-a-uuid',
      "1' or '1'='1",
      a.user.id,
    ]) {
      const res = await t.app.inject({ url: `/api/v1/users/${encodeURIComponent(id)}` });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe('This user could not be found.');
    }
  });
});

describe('GET /sites', () => {
  it('finds a site by username (any case) or user id; /sites/mine needs a session', async () => {
    const a = await signedInUser(t.deps);
    const byName = await t.app.inject({
      url: `/api/v1/sites?username=${a.user.username.toUpperCase()}`,
    });
    expect(byName.statusCode).toBe(200);
    const site = publicSiteSchema.strict().parse(byName.json());
    expect(site).toMatchObject({
      name: a.user.name,
      username: a.user.username,
      headerBranding: 'name',
      fontScale: 1,
      owner: { _id: a.user.id, username: a.user.username, name: a.user.name, postsCount: 0 },
    });
    const byId = await t.app.inject({ url: `/api/v1/sites?user_id=${a.user.id}` });
    expect(byId.json()).toEqual(byName.json());
    // The owner's view is the public one plus the custom domain's status.
    const mine = await t.app.inject({ url: '/api/v1/sites/mine', headers: a.auth });
    const { domain, ...publicPart } = mySiteSchema.strict().parse(mine.json());
    expect(publicPart).toEqual(site);
    expect(domain).toMatchObject({ name: null, status: 'none', txtRecord: null, httpFile: null });
    expect((await t.app.inject({ url: '/api/v1/sites/mine' })).statusCode).toBe(401);
  });

  it('answers 404 for unknown owners and 400 for missing or malformed queries', async () => {
    expect((await t.app.inject({ url: '/api/v1/sites?username=nobody-at-all' })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ url: '/api/v1/sites?user_id=00000000-0000-4000-8000-000000000000' }))
        .statusCode,
    ).toBe(404);
    const neither = await t.app.inject({ url: '/api/v1/sites' });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toBe('username: Give a username or a user_id.');
    const bad = await t.app.inject({ url: '/api/v1/sites?user_id=42' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('user_id: Must be a user id.');
  });
});
