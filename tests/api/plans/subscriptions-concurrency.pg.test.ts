import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { buy, send, stateOf, subscribedMember } from './plans-support';

/**
 * Real PostgreSQL only: a member's purchase clicked ten times races on several connections. One
 * subscription, one charge, one receipt, and every click answers the same plan; switching to
 * free ten times at once marks it once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('subscriptions under concurrency (PostgreSQL)', () => {
  it('ten parallel purchases make one subscription and one charge', async () => {
    const member = await signedInUser(t.deps);
    const answers = await Promise.all(Array.from({ length: 10 }, () => buy(t, member.auth)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    const state = await stateOf(t, member.user.id);
    expect(state.subs).toHaveLength(1);
    expect(state.charges).toHaveLength(1);
    expect(state.plan).toEqual(answers[0]!.json());
    const receipts = (await t.outbox()).filter(
      (m) => m.to === member.user.email && m.subject === 'Welcome to the Creator plan',
    );
    expect(receipts).toHaveLength(1);
  });

  it('ten parallel switches to free mark the subscription once, with one email', async () => {
    const member = await subscribedMember(t);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => send(t, member.auth, 'PATCH', '/users/subscription')),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect((await stateOf(t, member.user.id)).subs[0]!.cancelAtPeriodEnd).toBe(true);
    const mails = (await t.outbox()).filter(
      (m) => m.to === member.user.email && m.subject.startsWith('Your Creator plan ends on'),
    );
    expect(mails).toHaveLength(1);
  });
});
