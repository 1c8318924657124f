import type { UserPlan } from '../../../shared/contracts/accounts';
import type { PaidPlanId, PlanFrequency } from '../../../shared/plans';

/**
 * What /plan-selection hands the payment form of a plan purchase, whichever driver takes it: the
 * embedded card form (provider 'local'), or StripeSubscriptionForm (provider 'stripe', loaded
 * lazily: Stripe.js creates a PaymentMethod and the form sends POST /users/subscription with its
 * `paymentMethodId`).
 */
export interface SubscriptionFormProps {
  planId: PaidPlanId;
  frequency: PlanFrequency;
  /** The price of the first period, in major units, and its currency (for the pay button). */
  amount: number;
  currency: string;
  /** Stripe's publishable key (GET /users/subscription `publishableKey`); null for 'local'. */
  publishableKey: string | null;
  /** The purchase went through: the member's new plan (POST /users/subscription's answer). */
  onSubscribed: (plan: UserPlan) => void | Promise<void>;
}
