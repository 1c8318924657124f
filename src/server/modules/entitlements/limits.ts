import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  PAID_PLAN_IDS,
  PLANS,
  cheapestPlanAllowing,
  effectivePlanId,
  type PlanDefinition,
  type PlanLimits,
} from '../../../shared/plans';
import { users } from '../../db/schema';
import { forbidden, type ModuleDeps } from '../core';

// What a member's plan allows (docs/decisions/032). Other modules ask here before doing something
// a plan limits (catalog: publishing, sites: a custom domain, ai: images, outreach: list size,
// commerce: the platform fee), so the limits live in one table (src/shared/plans.ts).

/** The plan a member is on now (a lapsed or missing plan is Free). */
export async function planOf(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  userId: string,
): Promise<PlanDefinition> {
  const [row] = await deps.db
    .select({ plan: users.plan })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return PLANS[effectivePlanId(row?.plan ?? null, deps.now())];
}

/** The plans of several members in one query (placing an order reads each seller's fee). */
export async function plansOf(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  userIds: readonly string[],
): Promise<Map<string, PlanDefinition>> {
  const rows = userIds.length
    ? await deps.db
        .select({ id: users.id, plan: users.plan })
        .from(users)
        .where(inArray(users.id, [...userIds]))
    : [];
  const now = deps.now();
  const stored = new Map(rows.map((r) => [r.id, r.plan]));
  return new Map(userIds.map((id) => [id, PLANS[effectivePlanId(stored.get(id) ?? null, now)]]));
}

/**
 * The 403 a limit answers with (code PLAN_LIMIT): what the current plan allows and which plan
 * allows more. The web shows it with an "upgrade" link to /plan-selection.
 */
export function planLimitError(
  current: PlanDefinition,
  what: string,
  allows: (limits: PlanLimits) => boolean,
) {
  const better = cheapestPlanAllowing(allows);
  const upgrade = better ? ` Upgrade to the ${better.name} plan to ${what}.` : '';
  return forbidden(`Your ${current.name} plan does not let you ${what}.${upgrade}`, 'PLAN_LIMIT');
}

/**
 * Throws PLAN_LIMIT unless the member's plan allows something: `allows` gets the plan's limits.
 * `what` completes "Your Free plan does not let you …" (e.g. "publish more than 10 posts").
 */
export async function requirePlanAllows(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  userId: string,
  what: string,
  allows: (limits: PlanLimits) => boolean,
): Promise<PlanDefinition> {
  const plan = await planOf(deps, userId);
  if (!allows(plan.limits)) throw planLimitError(plan, what, allows);
  return plan;
}

/**
 * A condition on users.plan for queries that serve something only some plans allow (a custom
 * domain): true for members whose plan, in force at `now`, allows it. Lets a page lookup filter in
 * the database instead of reading each owner's plan.
 */
export function planAllowsSql(now: number, allows: (limits: PlanLimits) => boolean): SQL {
  if (allows(PLANS.free.limits)) return sql`true`;
  const ids = PAID_PLAN_IDS.filter((id) => allows(PLANS[id].limits));
  if (ids.length === 0) return sql`false`;
  return sql`(${users.plan}->>'id' in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}) and coalesce((${users.plan}->>'end')::timestamptz > ${new Date(now).toISOString()}::timestamptz, true))`;
}
