import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationSettings } from '../../../src/server/db/schema';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../../src/shared/contracts/notifications';
import { createTestApp, type TestApp } from '../../helpers/app';
import { inject, signedInUser } from '../../factories/accounts';

/** GET and PUT /users/notification-settings: the member's own email settings. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const URL = '/api/v1/users/notification-settings';
const get = (token?: string, url = URL) =>
  inject(t, { method: 'GET', url, headers: token ? { 'x-access-token': token } : {} });
const put = (payload: unknown, token?: string, url = URL) =>
  inject(t, {
    method: 'PUT',
    url,
    payload: payload as object,
    headers: token ? { 'x-access-token': token } : {},
  });

describe('notification settings', () => {
  it('starts with every email on, without a stored row', async () => {
    const { token } = await signedInUser(t.deps);
    const res = await get(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ settings: DEFAULT_NOTIFICATION_SETTINGS });
    expect(await get(token, `${URL}/`).then((r) => r.json())).toEqual(res.json());
  });

  it('changes only the settings sent, keeps them, and keeps them per member', async () => {
    const maya = await signedInUser(t.deps);
    const sam = await signedInUser(t.deps);
    const first = await put({ settings: { newFollower: false } }, maya.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      settings: { ...DEFAULT_NOTIFICATION_SETTINGS, newFollower: false },
    });
    const second = await put(
      { settings: { privateMessage: false, commentReply: false } },
      maya.token,
      `${URL}/`,
    );
    const expected = {
      newFollower: false,
      commentToReview: true,
      commentReply: false,
      privateMessage: false,
      likedPostAlert: true,
      checkoutReminder: true,
      offers: true,
    };
    expect(second.json()).toEqual({ settings: expected });
    expect((await get(maya.token)).json()).toEqual({ settings: expected });
    expect((await get(sam.token)).json()).toEqual({ settings: DEFAULT_NOTIFICATION_SETTINGS });
    const back = await put({ settings: { newFollower: true } }, maya.token);
    expect(back.json().settings).toEqual({ ...expected, newFollower: true });
  });

  it('refuses anonymous callers with 401', async () => {
    for (const res of [await get(), await put({ settings: { newFollower: false } })]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        code: 'UNAUTHORIZED',
        message: 'Please log in to do that.',
      });
    }
  });

  it.each([
    [
      'an unknown setting',
      { settings: { newFollowers: false } },
      /Unknown email setting\. Use newFollower, commentToReview, commentReply, privateMessage, likedPostAlert, checkoutReminder, offers\./,
    ],
    [
      'a value that is not true or false',
      { settings: { newFollower: 'no' } },
      /newFollower: Must be true or false\./,
    ],
    ['nothing to change', { settings: {} }, /Choose at least one email setting to change/],
    ['no settings object', {}, /settings: This field is required\./],
    [
      'settings that are not an object',
      { settings: [true] },
      /Must be a JSON object of email settings\./,
    ],
  ])('refuses %s with a readable 400 and changes nothing', async (_label, payload, message) => {
    const { user, token } = await signedInUser(t.deps);
    const res = await put(payload, token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(res.json().message).toMatch(message);
    expect((await get(token)).json()).toEqual({ settings: DEFAULT_NOTIFICATION_SETTINGS });
    const rows = await t.deps.database.db.select().from(notificationSettings);
    expect(rows.some((r) => r.userId === user.id)).toBe(false);
  });
});
