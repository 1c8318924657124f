import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedCards } from '../../../src/server/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { DAY, VISA, freshAuth, send, stateOf, subscribedMember } from './plans-support';

// The embedded driver's renewal job (plans.renew), driven by moving the app's clock.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** The app's clock (tests before this one moved it). */
const appNow = () => t.moduleDeps().now();
const untilPeriodEnd = (plan: { end: string }) =>
  Math.max(0, Date.parse(plan.end) - appNow()) + 1000;

async function mailsTo(email: string, subject: RegExp) {
  return (await t.outbox()).filter((m) => m.to === email && subject.test(m.subject));
}

describe('plans.renew', () => {
  it('charges the saved card for the next period and sends a receipt', async () => {
    const member = await subscribedMember(t, { frequency: 'month' });
    const firstEnd = member.plan.end;
    t.advanceTime(untilPeriodEnd(member.plan));
    await t.runJobs();
    const state = await stateOf(t, member.user.id);
    expect(state.charges.map((c) => c.status)).toEqual(['paid', 'paid']);
    expect(state.charges[1]!.periodStart.toISOString()).toBe(firstEnd);
    expect(state.subs[0]!.currentPeriodStart.toISOString()).toBe(firstEnd);
    expect(state.plan).toMatchObject({ id: 'creator', start: member.plan.start });
    expect(Date.parse(state.plan!.end!)).toBeGreaterThan(Date.parse(firstEnd) + 27 * DAY);
    // Running the jobs again charges nothing more.
    await t.runJobs();
    expect((await stateOf(t, member.user.id)).charges).toHaveLength(2);
    const renewed = await mailsTo(member.user.email, /^Your Creator plan was renewed$/);
    expect(renewed).toHaveLength(1);
    const mine = (
      await send(t, await freshAuth(t, member.user), 'GET', '/users/subscription')
    ).json();
    expect(mine).toMatchObject({
      currentPlanId: 'creator',
      charges: [{ amount: 9 }, { amount: 9 }],
    });
  });

  it('puts the member back on the free plan with an email when the card has expired', async () => {
    const now = new Date(appNow());
    // A card valid this month only: the renewal a month on finds it expired.
    const expiring = { ...VISA, expMonth: now.getUTCMonth() + 1, expYear: now.getUTCFullYear() };
    const member = await subscribedMember(t, { card: expiring });
    t.advanceTime(untilPeriodEnd(member.plan));
    await t.runJobs();
    const state = await stateOf(t, member.user.id);
    expect(state.plan).toBeNull();
    expect(state.subs[0]).toMatchObject({ status: 'ended', endedReason: 'payment_failed' });
    expect(state.charges.map((c) => [c.status, c.failureMessage])).toEqual([
      ['paid', null],
      ['failed', 'Your card has expired.'],
    ]);
    const [mail] = await mailsTo(member.user.email, /^We could not renew your Creator plan$/);
    expect(mail?.text).toContain('Your card has expired.');
    expect(mail?.text).toContain('You are now on the Free plan');
    const mine = (
      await send(t, await freshAuth(t, member.user), 'GET', '/users/subscription')
    ).json();
    expect(mine).toMatchObject({
      currentPlanId: 'free',
      plan: null,
      subscription: { status: 'ended' },
    });
  });

  it('puts the member back on free when the saved card’s charges fail', async () => {
    const member = await subscribedMember(t);
    const [sub] = (await stateOf(t, member.user.id)).subs;
    await t.deps.database.db
      .update(savedCards)
      .set({ behaviour: 'charge_fails' })
      .where(eq(savedCards.id, sub!.paymentMethodId!));
    t.advanceTime(untilPeriodEnd(member.plan));
    await t.runJobs();
    const state = await stateOf(t, member.user.id);
    expect(state.plan).toBeNull();
    expect(state.charges[1]).toMatchObject({
      status: 'failed',
      failureMessage: 'Your card was declined.',
    });
  });

  it('ends a plan switched to free at the end of its period, without charging', async () => {
    const member = await subscribedMember(t, { planId: 'business' });
    await send(t, member.auth, 'PATCH', '/users/subscription');
    // Still paid for until the end.
    t.advanceTime(untilPeriodEnd(member.plan) - 2 * DAY);
    await t.runJobs();
    expect((await stateOf(t, member.user.id)).plan).toEqual(member.plan);
    t.advanceTime(2 * DAY);
    await t.runJobs();
    const state = await stateOf(t, member.user.id);
    expect(state.plan).toBeNull();
    expect(state.subs[0]).toMatchObject({ status: 'ended', endedReason: 'switched_to_free' });
    expect(state.charges).toHaveLength(1);
    const [mail] = await mailsTo(member.user.email, /^You are now on the Free plan$/);
    expect(mail?.text).toContain('your Business plan ended on');
    // Free again: a new purchase starts a new subscription.
    const auth = await freshAuth(t, member.user);
    const again = await send(t, auth, 'POST', '/users/subscription', {
      planId: 'creator',
      frequency: 'year',
      card: VISA,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await stateOf(t, member.user.id)).subs).toHaveLength(2);
  });
});
