import type { MySubscription } from '../../../shared/contracts/plans';
import type { PlanId } from '../../../shared/plans';

/** What a plan card offers the reader: only changes that can really be made now. */
export type PlanOffer =
  | { kind: 'start' } // a visitor, free plan: "Start with Free" (sign up first)
  | { kind: 'choose' } // a plan that can be bought now: "Choose …"
  | { kind: 'current' } // the member's plan now: marked, nothing to buy
  | { kind: 'switch-free' } // a renewing paid plan can be switched back to free
  | { kind: 'scheduled' } // the free plan a cancelled paid plan turns into at the period's end
  | { kind: 'after-period' }; // blocked until the paid period ends (docs/decisions/032)

/** The member's plan as the cards need it; null for a signed-out visitor. */
export type PlanMember = Pick<MySubscription, 'currentPlanId' | 'subscription'> | null;

/**
 * The offer on one plan's card. While a paid plan is live a member can neither buy another paid
 * plan nor the same one again (docs/decisions/032: switch to free first, choose again when the
 * period ends); resuming a plan being cancelled is CurrentPlan's "Keep" link, not a card's.
 */
export function planOffer(planId: PlanId, isFree: boolean, member: PlanMember): PlanOffer {
  if (!member) return isFree ? { kind: 'start' } : { kind: 'choose' };
  if (planId === member.currentPlanId) return { kind: 'current' };
  const live = member.subscription?.status === 'active' ? member.subscription : null;
  if (!live) return { kind: 'choose' };
  if (isFree) return live.cancelAtPeriodEnd ? { kind: 'scheduled' } : { kind: 'switch-free' };
  return { kind: 'after-period' };
}
