import { endpoint } from './endpoint';
import {
  mySubscriptionResponse,
  plansResponse,
  subscribeRequest,
  subscriptionPlanResponse,
} from '../contracts/plans';

/** Plans and subscriptions (issue 13, SPEC §7 "Sites, plans, misc", docs/decisions/032). */
export const plansApi = {
  list: endpoint({
    method: 'GET',
    path: '/plans',
    summary: 'The plans: prices per month and per year, limits and what each unlocks',
    tags: ['plans'],
    response: plansResponse,
  }),
  mySubscription: endpoint({
    method: 'GET',
    path: '/users/subscription',
    summary: 'My plan, my subscription (renewal or end date, card) and its recent charges',
    tags: ['plans'],
    response: mySubscriptionResponse,
  }),
  subscribe: endpoint({
    method: 'POST',
    path: '/users/subscription',
    summary:
      'Buy a paid plan (embedded driver: `card`, Stripe: `paymentMethodId`); the response is the plan. 402 on a decline',
    tags: ['plans'],
    body: subscribeRequest,
    response: subscriptionPlanResponse,
  }),
  switchToFree: endpoint({
    method: 'PATCH',
    path: '/users/subscription',
    summary:
      'Switch back to the free plan at the end of the paid period; the response is the plan (still the paid one until `end`)',
    tags: ['plans'],
    response: subscriptionPlanResponse,
  }),
};
