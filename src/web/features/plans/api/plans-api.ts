import { plansApi } from '../../../../shared/api/plans';
import type {
  MySubscription,
  PlansResponse,
  SubscribeRequest,
} from '../../../../shared/contracts/plans';
import {
  PAID_PLAN_IDS,
  PLAN_FREQUENCIES,
  type PaidPlanId,
  type PlanFrequency,
} from '../../../../shared/plans';
import { api } from '../../../lib/api';
import type { ApiClient } from '../../../lib/api-client';

// The plans calls (docs/decisions/032): the catalogue for /pricing and /plan-selection, the
// member's subscription, buying a plan and switching back to free.

export const loadPlans = (client: ApiClient): Promise<PlansResponse> => client.call(plansApi.list, {});

export const loadMySubscription = (client: ApiClient): Promise<MySubscription> =>
  client.call(plansApi.mySubscription, {});

export const subscribeToPlan = (body: SubscribeRequest) => api.call(plansApi.subscribe, { body });

export const switchToFreePlan = () => api.call(plansApi.switchToFree, {});

/** `?billing=year` (or `frequency=year`) → 'year'; anything else is monthly. */
export const billingOf = (value: string | null): PlanFrequency =>
  (PLAN_FREQUENCIES as readonly string[]).includes(value ?? '')
    ? (value as PlanFrequency)
    : 'month';

/** `?plan=creator` → 'creator' when it names a paid plan, else null. */
export const paidPlanOf = (value: string | null): PaidPlanId | null =>
  (PAID_PLAN_IDS as readonly string[]).includes(value ?? '') ? (value as PaidPlanId) : null;

/** Where "Choose" leads for a plan and billing period. */
export const choosePlanPath = (planId: string, frequency: PlanFrequency) =>
  `/plan-selection?plan=${encodeURIComponent(planId)}&frequency=${frequency}`;
