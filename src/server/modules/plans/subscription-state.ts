import { and, desc, eq, ne } from 'drizzle-orm';
import type { UserPlan } from '../../../shared/contracts/accounts';
import {
  subscriptionCharges,
  subscriptions,
  type SubscriptionChargeRow,
  type SubscriptionRow,
} from '../../db/schema';
import { setUserPlan } from '../accounts';
import { nowDate, type DbOrTx, type ModuleDeps } from '../core';
import { queuePlanMail } from './mail';

// The state transitions of a subscription, shared by every payments driver (docs/decisions/032):
// the embedded driver calls them from its own use-cases and renewal job, the Stripe driver from
// its webhook handlers. Each one keeps the member's SPEC `plan` field (users.plan, written through
// accounts.setUserPlan) in step with the subscription in the same transaction.

type Deps = Pick<ModuleDeps, 'db' | 'now'>;

/** The member's SPEC §3 plan for a subscription: paid up to `end` (the current period's end). */
export function userPlanOf(row: SubscriptionRow): UserPlan {
  return {
    id: row.planId,
    start: row.createdAt.toISOString(),
    end: row.currentPeriodEnd.toISOString(),
    frequency: row.frequency,
    subscriptionScheduleId: row.scheduleId,
  };
}

/** users.plan from the subscription: its plan while active, null (free) otherwise. */
export async function syncUserPlan(deps: Deps, row: SubscriptionRow): Promise<void> {
  await setUserPlan(deps, row.userId, row.status === 'active' ? userPlanOf(row) : null);
}

/** A subscription by id, locked for the rest of the transaction (null when there is none). */
export async function lockSubscription(db: DbOrTx, id: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  return row ?? null;
}

/** The member's subscription that is not over (at most one: a unique index says so). */
export async function liveSubscription(
  db: DbOrTx,
  userId: string,
  lock = false,
): Promise<SubscriptionRow | null> {
  const query = db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'ended')));
  const [row] = lock ? await query.for('update') : await query.limit(1);
  return row ?? null;
}

/** The member's live subscription, else their latest ended one (for the plan page). */
export async function latestSubscription(
  db: DbOrTx,
  userId: string,
): Promise<SubscriptionRow | null> {
  const live = await liveSubscription(db, userId);
  if (live) return live;
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row ?? null;
}

async function update(
  deps: Deps,
  row: SubscriptionRow,
  set: Partial<typeof subscriptions.$inferInsert>,
): Promise<SubscriptionRow> {
  const [next] = await deps.db
    .update(subscriptions)
    .set({ ...set, updatedAt: nowDate(deps) })
    .where(eq(subscriptions.id, row.id))
    .returning();
  return next!;
}

/** `sub:{subscriptionId}:{periodStart ISO}`: the one key of a period's charge, for every driver. */
export const periodChargeKey = (subscriptionId: string, periodStart: Date) =>
  `sub:${subscriptionId}:${periodStart.toISOString()}`;

export interface PeriodCharge {
  periodStart: Date;
  periodEnd: Date;
  amountMinor: number;
  currency: string;
  /** The provider's record: a payment intent (embedded) or an invoice (Stripe). */
  providerRef: string | null;
  idempotencyKey: string;
}

/**
 * A period was paid: its charge is recorded once (by the unique idempotency key: a retried job or a
 * replayed webhook finds it and changes nothing more), the subscription becomes active for that
 * period and the member's plan follows. `created` says whether this call recorded it (send the
 * receipt only then). A period older than the current one never moves the subscription back.
 */
export async function recordPeriodPaid(
  deps: Deps,
  row: SubscriptionRow,
  charge: PeriodCharge,
): Promise<{ subscription: SubscriptionRow; charge: SubscriptionChargeRow; created: boolean }> {
  const at = nowDate(deps);
  const [inserted] = await deps.db
    .insert(subscriptionCharges)
    .values({ ...charge, subscriptionId: row.id, status: 'paid', createdAt: at })
    .onConflictDoNothing()
    .returning();
  let saved = inserted;
  if (!saved) {
    // Seen before: a failed attempt at this period later paid (Stripe retries) becomes paid.
    const [existing] = await deps.db
      .update(subscriptionCharges)
      .set({ status: 'paid', failureMessage: null, providerRef: charge.providerRef })
      .where(
        and(
          eq(subscriptionCharges.idempotencyKey, charge.idempotencyKey),
          eq(subscriptionCharges.status, 'failed'),
        ),
      )
      .returning();
    if (!existing) {
      const [paid] = await deps.db
        .select()
        .from(subscriptionCharges)
        .where(eq(subscriptionCharges.idempotencyKey, charge.idempotencyKey))
        .limit(1);
      return { subscription: row, charge: paid!, created: false };
    }
    saved = existing;
  }
  const newer = charge.periodEnd.getTime() >= row.currentPeriodEnd.getTime();
  const subscription =
    row.status === 'ended'
      ? row
      : await update(deps, row, {
          status: 'active',
          ...(newer
            ? { currentPeriodStart: charge.periodStart, currentPeriodEnd: charge.periodEnd }
            : {}),
        });
  await syncUserPlan(deps, subscription);
  return { subscription, charge: saved, created: true };
}

/** A period's charge failed: recorded once per key with the provider's sentence. */
export async function recordChargeFailed(
  deps: Deps,
  row: SubscriptionRow,
  charge: PeriodCharge & { failureMessage: string },
): Promise<SubscriptionChargeRow | null> {
  const [saved] = await deps.db
    .insert(subscriptionCharges)
    .values({ ...charge, subscriptionId: row.id, status: 'failed', createdAt: nowDate(deps) })
    .onConflictDoNothing()
    .returning();
  return saved ?? null;
}

export type EndReason = NonNullable<SubscriptionRow['endedReason']>;

/**
 * The subscription is over: the member is on the free plan from now on (limits apply at once) and
 * is told why by email (switched to free, or a renewal that could not be paid). Ending an ended
 * subscription changes nothing.
 */
export async function endSubscription(
  deps: Deps,
  row: SubscriptionRow,
  reason: EndReason,
): Promise<SubscriptionRow> {
  if (row.status === 'ended') return row;
  const at = nowDate(deps);
  const ended = await update(deps, row, {
    status: 'ended',
    endedReason: reason,
    endedAt: at,
    cancelAtPeriodEnd: false,
  });
  await syncUserPlan(deps, ended);
  if (reason === 'switched_to_free') await queuePlanMail(deps, 'ended', ended.id);
  if (reason === 'payment_failed') await queuePlanMail(deps, 'payment_failed', ended.id);
  return ended;
}

/** Marks (or unmarks) the switch back to free at the end of the paid period. */
export function setCancelAtPeriodEnd(
  deps: Deps,
  row: SubscriptionRow,
  cancel: boolean,
): Promise<SubscriptionRow> {
  return update(deps, row, { cancelAtPeriodEnd: cancel });
}
