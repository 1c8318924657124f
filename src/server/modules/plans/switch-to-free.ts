import type { UserPlan } from '../../../shared/contracts/accounts';
import { conflict, inTransaction, type ModuleDeps } from '../core';
import { queuePlanMail } from './mail';
import { switchToFreeWithStripe, type StripeDeps } from './stripe-subscriptions';
import { liveSubscription, setCancelAtPeriodEnd, userPlanOf } from './subscription-state';

/**
 * PATCH /users/subscription (docs/decisions/032): back to the free plan at the end of the paid
 * period. Nothing is refunded and nothing more is charged; the answer is the plan, still the paid
 * one until its `end`. Asking twice answers the same.
 */
export async function switchToFree(deps: ModuleDeps, userId: string): Promise<UserPlan> {
  const live = await liveSubscription(deps.db, userId);
  if (!live || live.status !== 'active') {
    throw conflict('You are on the Free plan already: there is no paid plan to switch from.');
  }
  if (live.cancelAtPeriodEnd) return userPlanOf(live);
  if (live.provider === 'stripe' && deps.payments)
    return switchToFreeWithStripe(deps as StripeDeps, live);
  return inTransaction(deps, async (tx) => {
    const locked = await liveSubscription(tx.db, userId, true);
    if (!locked || locked.status !== 'active') {
      throw conflict('You are on the Free plan already: there is no paid plan to switch from.');
    }
    if (locked.cancelAtPeriodEnd) return userPlanOf(locked);
    const next = await setCancelAtPeriodEnd(tx, locked, true);
    await queuePlanMail(tx, 'cancel_scheduled', next.id);
    return userPlanOf(next);
  });
}
