import { and, eq, gte, sql } from 'drizzle-orm';
import type { AiAllowance } from '../../../shared/contracts/ai';
import { cheapestPlanAllowing, type PlanDefinition } from '../../../shared/plans';
import { aiGenerations } from '../../db/schema';
import { forbidden, type DbOrTx, type ModuleDeps } from '../core';
import { planLimitError, planOf } from '../entitlements';
import { generatorNotice } from './notice';

/** The first instant of the calendar month (UTC) that `now` falls in: allowances reset then. */
export function monthStart(now: number): Date {
  const d = new Date(now);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
}

/** Pictures the member generated since the start of this month (UTC). */
export async function usedThisMonth(db: DbOrTx, userId: string, now: number): Promise<number> {
  const [row] = await db
    .select({ used: sql<number>`coalesce(sum(${aiGenerations.count}), 0)::int` })
    .from(aiGenerations)
    .where(and(eq(aiGenerations.userId, userId), gte(aiGenerations.createdAt, monthStart(now))));
  return Number(row?.used ?? 0);
}

/**
 * The 403 PLAN_LIMIT for asking `n` pictures with `used` of the plan's monthly allowance gone: the
 * plan's own sentence when nothing is left, else how many are; both name the plan that allows more.
 */
export function allowanceError(plan: PlanDefinition, used: number, n: number) {
  const perMonth = plan.limits.aiImagesPerMonth;
  const what = `generate more than ${perMonth} AI images a month`;
  const remaining = Math.max(0, perMonth - used);
  if (remaining === 0) return planLimitError(plan, what, (l) => l.aiImagesPerMonth > perMonth);
  const better = cheapestPlanAllowing((l) => l.aiImagesPerMonth >= used + n);
  return forbidden(
    `Your ${plan.name} plan has ${remaining} AI image${remaining === 1 ? '' : 's'} left this month: ask for ${remaining === 1 ? 'one' : `${remaining} or fewer`}.${better ? ` Upgrade to the ${better.name} plan to generate more.` : ''}`,
    'PLAN_LIMIT',
  );
}

/** GET /ai/image/allowance: the generator and what is left of this month's allowance. */
export async function getAllowance(deps: ModuleDeps, userId: string): Promise<AiAllowance> {
  const plan = await planOf(deps, userId);
  const used = await usedThisMonth(deps.db, userId, deps.now());
  const perMonth = plan.limits.aiImagesPerMonth;
  return {
    generator: deps.aiImages.name,
    notice: generatorNotice(deps.aiImages.name),
    planName: plan.name,
    perMonth,
    remainingThisMonth: Math.max(0, perMonth - used),
  };
}
