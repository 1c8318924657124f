import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { DECLINED, NO_FUNDS, VISA, buy, send, stateOf, subscribedMember } from './plans-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('GET /plans', () => {
  it('lists the free and paid plans with prices per month and year, limits and features', async () => {
    const res = await send(t, null, 'GET', '/plans');
    expect(res.statusCode, res.body).toBe(200);
    const plans = res.json();
    expect(plans.map((p: { id: string }) => p.id)).toEqual(['free', 'creator', 'business']);
    expect(plans[0]).toMatchObject({
      name: 'Free',
      prices: { month: 0, year: 0 },
      currency: 'USD',
      limits: { publishedPosts: 25, customDomain: false, platformFeePercent: 5 },
    });
    expect(plans[1]).toMatchObject({
      name: 'Creator',
      prices: { month: 9, year: 90 },
      limits: { customDomain: true, platformFeePercent: 3 },
    });
    expect(plans[1].features).toContain('Your own domain name');
  });
});

describe('POST /users/subscription (embedded driver)', () => {
  it('charges the first period, activates the plan and answers it', async () => {
    const member = await signedInUser(t.deps);
    const before = Date.now();
    const res = await buy(t, member.auth);
    expect(res.statusCode, res.body).toBe(200);
    const plan = res.json();
    expect(plan).toMatchObject({ id: 'creator', frequency: 'month' });
    expect(plan.subscriptionScheduleId).toMatch(/^sub_sched_local_/);
    const end = Date.parse(plan.end);
    expect(end - before).toBeGreaterThanOrEqual(28 * 24 * 3600_000);
    expect(end - before).toBeLessThanOrEqual(31 * 24 * 3600_000 + 60_000);

    const state = await stateOf(t, member.user.id);
    expect(state.plan).toEqual(plan);
    expect(state.subs).toHaveLength(1);
    expect(state.subs[0]).toMatchObject({ status: 'active', provider: 'local', planId: 'creator' });
    expect(state.charges).toHaveLength(1);
    expect(state.charges[0]).toMatchObject({
      status: 'paid',
      amountMinor: 900,
      currency: 'USD',
      idempotencyKey: `sub:${state.subs[0]!.id}:${state.charges[0]!.periodStart.toISOString()}`,
    });
    expect(state.cards).toBe(1);

    const mine = await send(t, member.auth, 'GET', '/users/subscription');
    expect(mine.json()).toMatchObject({
      currentPlanId: 'creator',
      plan,
      subscription: {
        status: 'active',
        cancelAtPeriodEnd: false,
        card: { brand: 'visa', last4: '4242' },
      },
      charges: [{ amount: 9, status: 'paid' }],
      provider: 'local',
    });
    const receipt = (await t.outbox()).find((m) => m.to === member.user.email);
    expect(receipt?.subject).toBe('Welcome to the Creator plan');
    expect(receipt?.text).toContain('$9.00');
  });

  it('charges the yearly price for a year', async () => {
    const { user, plan } = await subscribedMember(t, { planId: 'business', frequency: 'year' });
    expect(plan).toMatchObject({ id: 'business', frequency: 'year' });
    const { charges } = await stateOf(t, user.id);
    expect(charges[0]!.amountMinor).toBe(29000);
    expect(new Date(plan.end).getUTCFullYear()).toBe(new Date(plan.start).getUTCFullYear() + 1);
  });

  it.each([
    ['declined', DECLINED, 'card_declined', 'Your card was declined.'],
    ['insufficient funds', NO_FUNDS, 'insufficient_funds', 'Your card has insufficient funds.'],
    [
      'a real card',
      { ...VISA, number: '4111 1111 1111 1111' },
      'card_declined',
      'Your card was declined. This store takes test cards only (4242 4242 4242 4242).',
    ],
  ])('answers 402 for a %s card and writes nothing', async (_name, card, code, message) => {
    const member = await signedInUser(t.deps);
    const res = await buy(t, member.auth, { card });
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toMatchObject({ code, message });
    expect(await stateOf(t, member.user.id)).toEqual({
      subs: [],
      charges: [],
      cards: 0,
      plan: null,
    });
  });

  it('refuses an invalid card by the field and writes nothing', async () => {
    const member = await signedInUser(t.deps);
    const res = await buy(t, member.auth, {
      card: { number: '4242 4242 4242 4241', expMonth: 1, expYear: 2020, cvc: '12' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('CARD_INVALID');
    expect(body.details).toEqual([
      { path: ['card', 'number'], message: 'Your card number is invalid.' },
      { path: ['card', 'expiry'], message: "Your card's expiration date is in the past." },
      { path: ['card', 'cvc'], message: "Your card's security code is 3 digits." },
    ]);
    const missing = await send(t, member.auth, 'POST', '/users/subscription', {
      planId: 'creator',
      frequency: 'month',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('CARD_INVALID');
    const free = await send(t, member.auth, 'POST', '/users/subscription', {
      planId: 'free',
      frequency: 'month',
      card: VISA,
    });
    expect(free.statusCode).toBe(400);
    expect(free.json().message).toContain('Choose one of the paid plans');
    expect(await stateOf(t, member.user.id)).toEqual({
      subs: [],
      charges: [],
      cards: 0,
      plan: null,
    });
  });

  it('does not charge twice for a double submit', async () => {
    const member = await signedInUser(t.deps);
    const [a, b] = await Promise.all([buy(t, member.auth), buy(t, member.auth)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    const again = await buy(t, member.auth);
    expect(again.json()).toEqual(a.json());
    const state = await stateOf(t, member.user.id);
    expect(state.subs).toHaveLength(1);
    expect(state.charges).toHaveLength(1);
  });

  it('refuses another paid plan while one is active, saying what to do', async () => {
    const member = await subscribedMember(t);
    const res = await buy(t, member.auth, { planId: 'business' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ALREADY_SUBSCRIBED' });
    expect(res.json().message).toMatch(
      /^You already have the Creator plan \(monthly\), renewing on .+\. To change plans, switch to the free plan first/,
    );
    expect((await stateOf(t, member.user.id)).charges).toHaveLength(1);
  });

  it('needs a signed-in member', async () => {
    expect((await buy(t, {})).statusCode).toBe(401);
    expect((await send(t, null, 'GET', '/users/subscription')).statusCode).toBe(401);
    expect((await send(t, null, 'PATCH', '/users/subscription')).statusCode).toBe(401);
  });
});

describe('PATCH /users/subscription', () => {
  it('keeps the paid plan until the end of the period, then resumes free of charge when bought again', async () => {
    const member = await subscribedMember(t);
    const res = await send(t, member.auth, 'PATCH', '/users/subscription');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(member.plan);
    const again = await send(t, member.auth, 'PATCH', '/users/subscription');
    expect(again.json()).toEqual(member.plan);
    const mine = (await send(t, member.auth, 'GET', '/users/subscription')).json();
    expect(mine).toMatchObject({
      currentPlanId: 'creator',
      subscription: { cancelAtPeriodEnd: true },
    });
    const mail = (await t.outbox()).find(
      (m) => m.to === member.user.email && m.subject.startsWith('Your Creator plan ends on'),
    );
    expect(mail?.text).toContain('will not be charged again');

    const resumed = await buy(t, member.auth, { card: DECLINED });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toEqual(member.plan);
    const state = await stateOf(t, member.user.id);
    expect(state.subs[0]!.cancelAtPeriodEnd).toBe(false);
    expect(state.charges).toHaveLength(1);
  });

  it('answers 409 on the free plan', async () => {
    const member = await signedInUser(t.deps);
    const res = await send(t, member.auth, 'PATCH', '/users/subscription');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'You are on the Free plan already: there is no paid plan to switch from.',
    );
  });
});
