import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { call, idOf } from './stripe-call';
import {
  PaymentProviderError,
  type BillingDriver,
  type BillingInvoiceInfo,
  type BillingScheduleInfo,
  type BillingSubscriptionInfo,
} from './types';

// Plan subscriptions at Stripe (docs/decisions/033): a customer per member, their card attached
// and made the default for invoices, one recurring Price per plan and interval (found by its
// lookup key, so the Stripe account needs no setup), and a Subscription Schedule that starts the
// subscription now with one phase of one interval and releases it after, so it renews on its own.
// Every POST carries an idempotency key: stable ones where a retry must find the first answer
// (customer, price, schedule, cancel), fresh ones for "set this value" updates, which are safe to
// repeat but must not be answered with an older call's result when the member changes their mind.

/** What a read of a schedule, subscription or invoice asks Stripe to include. */
const INVOICE_PARTS = ['payments', 'confirmation_secret'];
const SUBSCRIPTION_PARTS = INVOICE_PARTS.map((part) => `latest_invoice.${part}`);
const SCHEDULE_PARTS = SUBSCRIPTION_PARTS.map((part) => `subscription.${part}`);

const date = (seconds: number | null | undefined) =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

/** `plan_creator_month`: the key the plan's Price is found by. */
export const priceLookupKey = (planId: string, interval: string) => `plan_${planId}_${interval}`;
/** `plan_creator`: the Product of a plan (its id is ours, so it is found without a search). */
export const planProductId = (planId: string) => `plan_${planId}`;

function toInvoice(invoice: Stripe.Invoice): BillingInvoiceInfo {
  const line =
    invoice.lines.data.find((l) => l.parent?.type === 'subscription_item_details') ??
    invoice.lines.data[0];
  const payment =
    invoice.payments?.data.find((p) => p.is_default) ?? invoice.payments?.data[0] ?? null;
  const subscription = invoice.parent?.subscription_details?.subscription ?? null;
  return {
    id: invoice.id,
    status: invoice.status ?? 'draft',
    billingReason: invoice.billing_reason,
    subscriptionId: idOf(subscription),
    amountPaidMinor: invoice.amount_paid,
    amountDueMinor: invoice.amount_due,
    currency: invoice.currency,
    periodStart: date(line?.period.start ?? invoice.period_start)!,
    periodEnd: date(line?.period.end ?? invoice.period_end)!,
    paymentIntentId: idOf(payment?.payment.payment_intent ?? null),
    clientSecret: invoice.confirmation_secret?.client_secret ?? null,
  };
}

function toSubscription(sub: Stripe.Subscription): BillingSubscriptionInfo {
  const item = sub.items.data[0];
  return {
    id: sub.id,
    status: sub.status,
    customerId: idOf(sub.customer) ?? '',
    scheduleId: idOf(sub.schedule),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    cancellationReason: sub.cancellation_details?.reason ?? null,
    currentPeriodStart: date(item?.current_period_start),
    currentPeriodEnd: date(item?.current_period_end),
    metadata: { ...sub.metadata },
    latestInvoice:
      sub.latest_invoice && typeof sub.latest_invoice === 'object'
        ? toInvoice(sub.latest_invoice)
        : null,
  };
}

function toSchedule(schedule: Stripe.SubscriptionSchedule): BillingScheduleInfo {
  const sub = schedule.subscription;
  return {
    id: schedule.id,
    status: schedule.status,
    endBehavior: schedule.end_behavior,
    customerId: idOf(schedule.customer) ?? '',
    subscriptionId: idOf(sub) ?? schedule.released_subscription,
    metadata: { ...schedule.metadata },
    subscription: sub && typeof sub === 'object' ? toSubscription(sub) : null,
  };
}

const isMissing = (err: unknown) =>
  err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing';

/** The schedule still drives its subscription (it can be updated or cancelled). */
const scheduleRuns = (status: string) => status === 'not_started' || status === 'active';
/** The subscription is over at Stripe (nothing left to cancel). */
const subscriptionOver = (status: string) =>
  status === 'canceled' || status === 'incomplete_expired';

export function createStripeBilling(stripe: Stripe): BillingDriver {
  async function ensureProduct(planId: string, planName: string): Promise<string> {
    const id = planProductId(planId);
    try {
      return (await stripe.products.retrieve(id)).id;
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
    const product = await stripe.products.create(
      { id, name: planName, metadata: { planId } },
      { idempotencyKey: `product:${id}` },
    );
    return product.id;
  }

  return {
    createCustomer: (input) =>
      call('create the customer', async () => {
        const customer = await stripe.customers.create(
          { email: input.email, name: input.name, metadata: input.metadata },
          { idempotencyKey: input.idempotencyKey },
        );
        return { id: customer.id };
      }),

    attachPaymentMethod: (input) =>
      call('save the card', async () => {
        await stripe.paymentMethods.attach(
          input.paymentMethodId,
          { customer: input.customerId },
          { idempotencyKey: `attach:${input.paymentMethodId}:${input.customerId}` },
        );
        await stripe.customers.update(
          input.customerId,
          { invoice_settings: { default_payment_method: input.paymentMethodId } },
          { idempotencyKey: `default-card:${input.customerId}:${input.paymentMethodId}` },
        );
      }),

    ensurePrice: (input) =>
      call('find the plan price', async () => {
        const lookupKey = priceLookupKey(input.planId, input.interval);
        const currency = input.currency.toLowerCase();
        const { data } = await stripe.prices.list({
          lookup_keys: [lookupKey],
          active: true,
          limit: 1,
        });
        const found = data[0];
        if (
          found &&
          found.unit_amount === input.amountMinor &&
          found.currency === currency &&
          found.recurring?.interval === input.interval
        ) {
          return { id: found.id };
        }
        // Missing, or the plan's price changed: a new Price takes the lookup key over (existing
        // subscriptions keep the price they were bought at).
        const product = await ensureProduct(input.planId, input.planName);
        const price = await stripe.prices.create(
          {
            product,
            currency,
            unit_amount: input.amountMinor,
            recurring: { interval: input.interval },
            lookup_key: lookupKey,
            transfer_lookup_key: true,
            metadata: { planId: input.planId, interval: input.interval },
          },
          { idempotencyKey: `price:${lookupKey}:${input.amountMinor}:${currency}` },
        );
        return { id: price.id };
      }),

    createSchedule: (input) =>
      call('start the subscription', async () =>
        toSchedule(
          await stripe.subscriptionSchedules.create(
            {
              customer: input.customerId,
              start_date: 'now',
              // After the first period the schedule lets go and the subscription renews on.
              end_behavior: 'release',
              default_settings: {
                collection_method: 'charge_automatically',
                default_payment_method: input.paymentMethodId,
              },
              phases: [
                {
                  items: [{ price: input.priceId, quantity: 1 }],
                  duration: { interval: input.interval, interval_count: 1 },
                  // Copied onto the subscription, so its invoices name the member too.
                  metadata: input.metadata,
                },
              ],
              metadata: input.metadata,
              expand: SCHEDULE_PARTS,
            },
            { idempotencyKey: input.idempotencyKey },
          ),
        ),
      ),

    retrieveSchedule: (id) =>
      call('read the subscription', async () =>
        toSchedule(await stripe.subscriptionSchedules.retrieve(id, { expand: SCHEDULE_PARTS })),
      ),

    retrieveSubscription: (id) =>
      call('read the subscription', async () =>
        toSubscription(await stripe.subscriptions.retrieve(id, { expand: SUBSCRIPTION_PARTS })),
      ),

    retrieveInvoice: (id) =>
      call('read the invoice', async () =>
        toInvoice(await stripe.invoices.retrieve(id, { expand: INVOICE_PARTS })),
      ),

    payInvoice: (id) =>
      call('charge the card', async () => {
        let invoice = await stripe.invoices.retrieve(id);
        if (invoice.status === 'draft') {
          invoice = await stripe.invoices.finalizeInvoice(
            id,
            { auto_advance: true },
            { idempotencyKey: `finalize:${id}` },
          );
        }
        if (invoice.status === 'open') {
          try {
            await stripe.invoices.pay(id, {}, { idempotencyKey: `pay:${id}` });
          } catch (err) {
            // Declined or waiting for 3-D Secure: the invoice's payment says which, below.
            if (!(err instanceof Stripe.errors.StripeCardError)) throw err;
          }
        }
        const read = toInvoice(await stripe.invoices.retrieve(id, { expand: INVOICE_PARTS }));
        if (read.status === 'paid') return { invoice: read, outcome: 'paid', decline: null };
        const intent = read.paymentIntentId
          ? await stripe.paymentIntents.retrieve(read.paymentIntentId)
          : null;
        const status = intent?.status ?? 'requires_payment_method';
        if (status === 'requires_action' || status === 'requires_confirmation') {
          return { invoice: read, outcome: 'requires_action', decline: null };
        }
        if (status === 'processing' || status === 'succeeded') {
          return { invoice: read, outcome: 'processing', decline: null };
        }
        const error = intent?.last_payment_error;
        return {
          invoice: read,
          outcome: 'declined',
          decline: {
            code: error?.decline_code ?? error?.code ?? 'card_declined',
            message: error?.message ?? 'Your card was declined.',
          },
        };
      }),

    setEndsAtPeriodEnd: ({ scheduleId, subscriptionId, ends }) =>
      call('change the subscription', async () => {
        const schedule = await stripe.subscriptionSchedules.retrieve(scheduleId);
        const fresh = { idempotencyKey: `schedule-end:${scheduleId}:${randomUUID()}` };
        if (scheduleRuns(schedule.status)) {
          // The one phase is the paid period: ending the schedule with it ends the subscription.
          await stripe.subscriptionSchedules.update(
            scheduleId,
            { end_behavior: ends ? 'cancel' : 'release' },
            fresh,
          );
          return;
        }
        const subId = schedule.released_subscription ?? subscriptionId;
        const sub = subId ? await stripe.subscriptions.retrieve(subId) : null;
        if (!sub || subscriptionOver(sub.status)) {
          if (ends) return; // already over: nothing renews
          throw new PaymentProviderError(
            'Stripe could not change the subscription: it has already ended.',
            false,
            { code: 'subscription_ended', cardError: false, said: 'It has already ended.' },
          );
        }
        // Released after its first period: the subscription itself stops at its period end.
        await stripe.subscriptions.update(sub.id, { cancel_at_period_end: ends }, fresh);
      }),

    cancelNow: ({ scheduleId, subscriptionId }) =>
      call('cancel the subscription', async () => {
        const schedule = await stripe.subscriptionSchedules.retrieve(scheduleId);
        const noCredit = { invoice_now: false, prorate: false };
        if (scheduleRuns(schedule.status)) {
          await stripe.subscriptionSchedules.cancel(scheduleId, noCredit, {
            idempotencyKey: `cancel:${scheduleId}`,
          });
          return;
        }
        const subId = schedule.released_subscription ?? subscriptionId;
        if (!subId) return;
        const sub = await stripe.subscriptions.retrieve(subId);
        if (subscriptionOver(sub.status)) return;
        await stripe.subscriptions.cancel(subId, noCredit, { idempotencyKey: `cancel:${subId}` });
      }),
  };
}
