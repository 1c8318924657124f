import { eq } from 'drizzle-orm';
import { jobs } from '../../../src/server/db/schema';
import { planStripeEventJob } from '../../../src/server/modules/plans';
import type { TestApp } from '../../helpers/app';
import type { CardBehaviour } from '../../helpers/stripe-billing-stand-in';
import type { StripeStandIn } from '../../helpers/stripe-stand-in';
import { signedInUser } from '../../factories/accounts';
import { deliver, type StripeTestApp } from '../commerce/stripe-support';
import { send, type Auth } from './plans-support';

// Shared by the Stripe plan tests (docs/decisions/033): buying with a card Stripe.js would have
// made, and the events Stripe sends about a member's subscription, delivered signed.

export { closeStripeTestApp, openStripeTestApp } from '../commerce/stripe-support';

/** POST /users/subscription with a new card of that behaviour (Creator monthly unless told). */
export function buyWithStripe(
  w: StripeTestApp,
  auth: Auth,
  behaviour: CardBehaviour = 'succeeds',
  body: { planId?: string; frequency?: string } = {},
) {
  const paymentMethodId = w.standIn.billing.paymentMethod(behaviour);
  return send(w.t, auth, 'POST', '/users/subscription', {
    planId: 'creator',
    frequency: 'month',
    paymentMethodId,
    ...body,
  });
}

/** A member who bought a plan with Stripe, and its ids at Stripe. */
export async function stripeMember(w: StripeTestApp, behaviour: CardBehaviour = 'succeeds') {
  const member = await signedInUser(w.t.deps);
  const res = await buyWithStripe(w, member.auth, behaviour);
  if (res.statusCode !== 200) throw new Error(`subscribe failed: ${res.statusCode} ${res.body}`);
  const plan = res.json();
  const schedule = w.standIn.billing.schedules.get(plan.subscriptionScheduleId)!;
  const subscriptionId = String(schedule.subscription);
  const firstInvoice = String(w.standIn.billing.subscriptions.get(subscriptionId)!.latest_invoice);
  return { ...member, plan, scheduleId: String(schedule.id), subscriptionId, firstInvoice };
}

/** The event Stripe sends about one of its objects now, by kind and id. */
export function stripeEvent(standIn: StripeStandIn, type: string, id: string) {
  const { billing } = standIn;
  const object = type.startsWith('invoice.')
    ? billing.invoices.get(id)
    : type.startsWith('subscription_schedule.')
      ? billing.schedules.get(id)
      : billing.subscriptions.get(id);
  if (!object) throw new Error(`stand-in: no object ${id} for ${type}`);
  return standIn.event(type, object);
}

/** Delivers events signed, then runs the jobs they queued. */
export async function deliverAll(w: StripeTestApp, events: Record<string, unknown>[]) {
  for (const event of events) {
    const res = await deliver(w.t, w.standIn, event);
    if (res.statusCode !== 200) throw new Error(`webhook: ${res.statusCode} ${res.body}`);
  }
  await w.t.runJobs();
}

/** The plans module's queued (or run) Stripe event jobs. */
export const planEventJobs = (t: TestApp) =>
  t.deps.database.db.select().from(jobs).where(eq(jobs.name, planStripeEventJob.name));
