import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { onContentChange, type ContentChange } from '../../../src/server/modules/core';
import { createTestApp, type TestApp } from '../../helpers/app';
import { nextIp, signedInUser } from '../../factories/accounts';
import { putMessage, sendMessage } from '../../factories/messages';

/**
 * Writes that change what a member's public page shows announce it on the change bus (after the
 * commit), so cached copies of that page go; private messages and refused calls announce nothing.
 */
let t: TestApp;
let heard: ContentChange[] = [];
let stop: () => void;
beforeAll(async () => {
  t = await createTestApp();
  stop = onContentChange(t.deps.env, (c) => heard.push(c));
});
afterAll(async () => {
  stop?.();
  await t?.close();
});
afterEach(() => {
  heard = [];
});

const forUser = (id: string) => heard.filter((c) => c.kind === 'user' && c.userIds?.includes(id));

describe('change announcements', () => {
  it('send, edit, like and delete of a public message announce its author', async () => {
    const a = await signedInUser(t.deps);
    const b = await signedInUser(t.deps);
    const m = await sendMessage(t, a.token, { text: 'public' });
    expect(forUser(a.user.id)).toHaveLength(1);
    await sendMessage(t, a.token, { _id: m._id, text: 'edited' });
    expect(forUser(a.user.id)).toHaveLength(2);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/messages/like',
      remoteAddress: nextIp(),
      headers: b.auth,
      payload: { id: m._id },
    });
    expect(forUser(a.user.id)).toHaveLength(3);
    // A like only moves a count: soft; sending, editing and deleting are hard.
    expect(forUser(a.user.id).map((c) => c.soft ?? false)).toEqual([false, false, true]);
    await t.app.inject({ method: 'DELETE', url: `/api/v1/messages?id=${m._id}`, headers: a.auth });
    expect(forUser(a.user.id)).toHaveLength(4);
  });

  it('private messages and refused writes announce nothing', async () => {
    const a = await signedInUser(t.deps);
    const b = await signedInUser(t.deps);
    await sendMessage(t, a.token, { text: 'private', recipient: b.user.username });
    expect((await putMessage(t, a.token, { text: '' })).statusCode).toBe(400);
    expect(heard).toEqual([]);
  });
});
