import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { moduleDeps } from '../../../src/server/app-deps';
import {
  savedCards,
  subscriptionCharges,
  subscriptions,
  users,
  type UserRow,
} from '../../../src/server/db/schema';
import { startSession } from '../../../src/server/modules/accounts';
import { silentLog } from '../../../src/server/modules/core';
import type { TestApp } from '../../helpers/app';
import { inject, signedInUser } from '../../factories/accounts';

// Shared by the plans API tests: calls as a member, the test cards, and what the plans tables
// hold for a member.

export type Auth = Record<string, string>;

const year = new Date().getUTCFullYear();
export const VISA = { number: '4242 4242 4242 4242', expMonth: 12, expYear: year + 3, cvc: '123' };
export const DECLINED = { ...VISA, number: '4000 0000 0000 0002' };
export const NO_FUNDS = { ...VISA, number: '4000 0000 0000 9995' };
export const DAY = 24 * 3600_000;

export function send(
  t: TestApp,
  auth: Auth | null,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return inject(t, {
    method,
    url: `/api/v1${url}`,
    headers: auth ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A new session for `user` (access tokens are short-lived: tests that move the clock need one). */
export async function freshAuth(t: TestApp, user: UserRow): Promise<Auth> {
  const session = await startSession(moduleDeps(t.deps, silentLog), user);
  return { 'x-access-token': session.token };
}

export const buy = (
  t: TestApp,
  auth: Auth,
  body: { planId?: string; frequency?: string; card?: object } = {},
) =>
  send(t, auth, 'POST', '/users/subscription', {
    planId: 'creator',
    frequency: 'month',
    card: VISA,
    ...body,
  });

/** A signed-in member who bought a plan (Creator monthly unless told). */
export async function subscribedMember(t: TestApp, body: Parameters<typeof buy>[2] = {}) {
  const member = await signedInUser(t.deps);
  const res = await buy(t, member.auth, body);
  if (res.statusCode !== 200) throw new Error(`subscribe failed: ${res.body}`);
  return { ...member, plan: res.json() };
}

/** What the plans tables and users.plan hold for a member. */
export async function stateOf(t: TestApp, userId: string) {
  const db = t.deps.database.db;
  const subs = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const charges = subs.length
    ? await db
        .select()
        .from(subscriptionCharges)
        .where(eq(subscriptionCharges.subscriptionId, subs[0]!.id))
        .orderBy(subscriptionCharges.periodStart)
    : [];
  const [cards] = await db
    .select({ n: count() })
    .from(savedCards)
    .where(eq(savedCards.userId, userId));
  const [user] = await db.select({ plan: users.plan }).from(users).where(eq(users.id, userId));
  return { subs, charges, cards: cards!.n, plan: user!.plan };
}
