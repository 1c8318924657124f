import { count, eq } from 'drizzle-orm';
import {
  savedCards,
  subscriptionCharges,
  subscriptions,
  users,
} from '../../../src/server/db/schema';
import type { TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { VISA, send, type Auth } from '../../helpers/member-calls';

// Shared by the plans API tests: calls as a member, the test cards, and what the plans tables
// hold for a member.

export { DECLINED, NO_FUNDS, VISA, freshAuth, send, type Auth } from '../../helpers/member-calls';
export const DAY = 24 * 3600_000;

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
