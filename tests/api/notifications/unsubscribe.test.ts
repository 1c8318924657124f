import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, users } from '../../../src/server/db/schema';
import {
  getNotificationSettings,
  readUnsubscribeToken,
  signUnsubscribeToken,
} from '../../../src/server/modules/notifications';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_SETTING_KEYS,
  type UnsubscribeScope,
} from '../../../src/shared/contracts/notifications';
import { MESSAGES } from '../../../src/shared/messages';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createUser, inject } from '../../factories/accounts';
import {
  ALL_EMAILS_OFF,
  headersOf,
  mailsTo,
  passBatchWindow,
  recordEvent,
  unsubscribeLinks,
} from '../../factories/notifications';

/**
 * POST /notifications/unsubscribe: the signed, non-expiring link of every notification email, as
 * JSON from the /unsubscribe page and as an RFC 8058 one-click POST from a mail client.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const URL = '/api/v1/notifications/unsubscribe';
const post = (payload: unknown, url = URL) =>
  inject(t, { method: 'POST', url, payload: payload as object });
const settingsOf = (userId: string) => getNotificationSettings(t.moduleDeps(), userId);
const tokenFor = (userId: string, scope: UnsubscribeScope) =>
  signUnsubscribeToken(t.deps.secret, userId, scope);

describe('unsubscribe links', () => {
  it.each(NOTIFICATION_SETTING_KEYS)('switch off %s emails only, saying so', async (key) => {
    const { user } = await createUser(t.deps);
    const res = await post({ token: tokenFor(user.id, key) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: expect.stringMatching(/^You will no longer get emails about .+\.$/),
      kind: key,
      userId: user.id,
    });
    expect(await settingsOf(user.id)).toEqual({ ...DEFAULT_NOTIFICATION_SETTINGS, [key]: false });
  });

  it('keep meaning what they meant when new kinds of email are added (the scope is an index)', () => {
    // Links in mails already sent never expire: 'all' stays at index 4, new settings come after.
    const scopeByte = (scope: UnsubscribeScope) =>
      Buffer.from(tokenFor(crypto.randomUUID(), scope).split('.')[0]!, 'base64url')[1];
    expect(
      ['newFollower', 'commentToReview', 'commentReply', 'privateMessage', 'all'].map((s) =>
        scopeByte(s as UnsubscribeScope),
      ),
    ).toEqual([0, 1, 2, 3, 4]);
  });

  it('switch off every email with the "all" link, and say the same when opened again', async () => {
    const { user } = await createUser(t.deps);
    const token = tokenFor(user.id, 'all');
    const first = await post({ token });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      kind: 'all',
      message: expect.stringContaining('no longer get notification emails'),
    });
    const again = await post({ token }, `${URL}/`);
    expect(again.json()).toEqual(first.json());
    expect(await settingsOf(user.id)).toEqual(ALL_EMAILS_OFF);
  });

  it('never switch anything on', async () => {
    const { user } = await createUser(t.deps);
    await post({ token: tokenFor(user.id, 'all') });
    await post({ token: tokenFor(user.id, 'newFollower') });
    expect(await settingsOf(user.id)).toEqual(ALL_EMAILS_OFF);
  });

  it('accept the RFC 8058 one-click POST: token in the query, a form body', async () => {
    const { user } = await createUser(t.deps);
    const token = encodeURIComponent(tokenFor(user.id, 'all'));
    const urlencoded = await inject(t, {
      method: 'POST',
      url: `${URL}?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(urlencoded.statusCode).toBe(200);
    expect(urlencoded.json()).toMatchObject({ kind: 'all' });
    expect(await settingsOf(user.id)).toEqual(ALL_EMAILS_OFF);

    const other = (await createUser(t.deps)).user;
    const boundary = 'xyz123';
    const multipart = await inject(t, {
      method: 'POST',
      url: `${URL}?token=${encodeURIComponent(tokenFor(other.id, 'privateMessage'))}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode).toBe(200);
    expect((await settingsOf(other.id)).privateMessage).toBe(false);
  });

  it('work from a real digest: its links and its List-Unsubscribe header', async () => {
    const { user: maya } = await createUser(t.deps);
    const { user: sam } = await createUser(t.deps);
    await t.deps.database.db.insert(follows).values({ followerId: sam.id, followeeId: maya.id });
    await recordEvent(t, { userId: maya.id, kind: 'new_follower', actorId: sam.id });
    passBatchWindow(t);
    const [mail] = await mailsTo(t, maya.email);
    const links = unsubscribeLinks(mail!.text);
    const res = await post({ token: links.get('Stop emails about new followers') });
    expect(res.json()).toMatchObject({ kind: 'newFollower' });
    expect(await settingsOf(maya.id)).toEqual({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      newFollower: false,
    });

    const header = (await headersOf(t, mail!.file)).get('list-unsubscribe')!;
    const oneClick = new globalThis.URL(/^<(.+)>$/.exec(header)![1]!);
    expect(oneClick.origin).toBe('http://localhost:3000');
    const res2 = await inject(t, {
      method: 'POST',
      url: `${oneClick.pathname}${oneClick.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res2.statusCode).toBe(200);
    expect(await settingsOf(maya.id)).toEqual(ALL_EMAILS_OFF);
  });

  describe('refuse what is not a link we sent, with a 400 that says what to do', () => {
    const refused = async (payload: unknown, url = URL) => {
      const res = await post(payload, url);
      expect(res.statusCode).toBe(400);
      return res.json() as { code: string; message: string };
    };

    it('a tampered token changes nothing', async () => {
      const { user } = await createUser(t.deps);
      const { user: other } = await createUser(t.deps);
      const good = tokenFor(user.id, 'newFollower');
      const [payload, signature] = good.split('.') as [string, string];
      // Same signature, another member or another scope in the payload.
      const otherPayload = tokenFor(other.id, 'all').split('.')[0]!;
      const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
      // The last character's spare bits (it is A, Q, g or w): the same bytes, spelled differently.
      const last = signature.at(-1)!;
      const respelled = `${signature.slice(0, -1)}${String.fromCharCode(last.charCodeAt(0) + 1)}`;
      for (const token of [
        `${otherPayload}.${signature}`,
        `${payload}.${flipped}`,
        `${payload}.${respelled}`,
        `${payload}.`,
        payload,
        `${good}x`,
        'garbage',
        '',
      ]) {
        const body = await refused({ token });
        expect(body).toMatchObject({
          code: 'UNSUBSCRIBE_TOKEN_INVALID',
          message: MESSAGES.unsubscribeTokenInvalid,
        });
      }
      expect(await settingsOf(user.id)).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
      expect(await settingsOf(other.id)).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    });

    it('a token signed with another secret', async () => {
      const { user } = await createUser(t.deps);
      const foreign = signUnsubscribeToken(
        'another-secret-another-secret-0123456789',
        user.id,
        'all',
      );
      expect(readUnsubscribeToken(t.deps.secret, foreign)).toBeNull();
      expect(await refused({ token: foreign })).toMatchObject({
        code: 'UNSUBSCRIBE_TOKEN_INVALID',
      });
      expect(await settingsOf(user.id)).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    });

    it('no token at all', async () => {
      expect(await refused({})).toMatchObject({ code: 'UNSUBSCRIBE_TOKEN_INVALID' });
      const res = await inject(t, { method: 'POST', url: URL });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: MESSAGES.unsubscribeTokenInvalid });
    });

    it('a token of an account that was deleted', async () => {
      const { user } = await createUser(t.deps);
      const token = tokenFor(user.id, 'all');
      await t.deps.database.db.delete(users).where(eq(users.id, user.id));
      expect(await refused({ token })).toMatchObject({ code: 'UNSUBSCRIBE_TOKEN_INVALID' });
    });

    it('a token that is not a string or far too long', async () => {
      expect((await refused({ token: 42 })).message).toMatch(
        /token: Must be the token from the unsubscribe link\./,
      );
      expect((await refused({ token: 'a'.repeat(500) })).message).toMatch(
        /Must be the token from the unsubscribe link\./,
      );
    });
  });

  it('tokens round-trip and are the same for the same member and scope (no state)', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const token = signUnsubscribeToken(t.deps.secret, id, 'commentReply');
    expect(token).toBe(signUnsubscribeToken(t.deps.secret, id, 'commentReply'));
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(readUnsubscribeToken(t.deps.secret, token)).toEqual({
      userId: id,
      scope: 'commentReply',
    });
    expect(signUnsubscribeToken(t.deps.secret, id, 'all')).not.toBe(token);
  });
});
