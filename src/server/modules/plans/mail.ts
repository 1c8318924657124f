import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { renderMail } from '../../adapters/mail/templates';
import { formatDay, formatMoney } from '../../../shared/format';
import { toMajor } from '../../../shared/money';
import { UPGRADE_PATH } from '../../../shared/constants';
import { PLANS } from '../../../shared/plans';
import { subscriptionCharges, subscriptions, users, type SubscriptionRow } from '../../db/schema';
import { appOrigin, defineJob, queueModuleMail, type ModuleDeps } from '../core';

/**
 * Plan emails go out through the job queue, enqueued in the transaction of the change they report
 * (as commerce's do): a payment is never recorded without its receipt on the way, and no mail
 * leaves for a change that rolled back. The payload names the record; the text is written when
 * the mail is sent. Every driver (embedded, Stripe) queues the same mails.
 */
export const PLAN_MAILS = [
  /** The first payment of a new subscription (id: the charge). */
  'receipt',
  /** A renewal was paid (id: the charge). */
  'renewed',
  /** The member switched back to free: when the paid plan ends (id: the subscription). */
  'cancel_scheduled',
  /** The paid plan ended after a switch to free (id: the subscription). */
  'ended',
  /** A renewal could not be paid: back on the free plan (id: the subscription). */
  'payment_failed',
] as const;
export type PlanMail = (typeof PLAN_MAILS)[number];

const planMailPayload = z.object({ mail: z.enum(PLAN_MAILS), id: z.string() });

export const planMailJob = defineJob('plans.mail', planMailPayload, deliverPlanMail);

export function queuePlanMail(deps: Pick<ModuleDeps, 'db' | 'now'>, mail: PlanMail, id: string) {
  return queueModuleMail(deps, planMailJob, { mail, id }, id);
}

const day = (d: Date) => formatDay(d.toISOString());

async function send(
  deps: ModuleDeps,
  sub: SubscriptionRow,
  subject: string,
  heading: string,
  paragraphs: string[],
) {
  const [member] = await deps.db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, sub.userId))
    .limit(1);
  if (!member) return;
  const origin = appOrigin(deps);
  await deps.mail.send({
    to: member.email,
    subject,
    ...renderMail({
      brandName: deps.env.BRAND_NAME,
      appUrl: origin,
      heading: heading.replace('{name}', member.name),
      paragraphs,
      action: { label: 'See your plan', url: `${origin}${UPGRADE_PATH}` },
      footer: `You are receiving this email about your ${deps.env.BRAND_NAME} plan.`,
    }),
  });
}

async function deliverPlanMail(
  deps: ModuleDeps,
  payload: z.output<typeof planMailPayload>,
): Promise<void> {
  const chargeMail = payload.mail === 'receipt' || payload.mail === 'renewed';
  const [charge] = chargeMail
    ? await deps.db
        .select()
        .from(subscriptionCharges)
        .where(eq(subscriptionCharges.id, payload.id))
        .limit(1)
    : [];
  const subId = chargeMail ? charge?.subscriptionId : payload.id;
  if (!subId) return;
  const [sub] = await deps.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subId))
    .limit(1);
  if (!sub) return;
  const plan = PLANS[sub.planId];
  const every = sub.frequency === 'year' ? 'year' : 'month';
  switch (payload.mail) {
    case 'receipt':
    case 'renewed': {
      if (!charge) return;
      const paid = formatMoney(toMajor(charge.amountMinor), charge.currency);
      const renewed = payload.mail === 'renewed';
      await send(
        deps,
        sub,
        renewed ? `Your ${plan.name} plan was renewed` : `Welcome to the ${plan.name} plan`,
        renewed ? `Thank you, {name}!` : `You are on the ${plan.name} plan, {name}!`,
        [
          `We charged ${paid} to your card for the ${plan.name} plan from ${day(charge.periodStart)} to ${day(charge.periodEnd)}.`,
          `It renews every ${every} until you switch back to the free plan, which you can do at any time from your plan page; you keep the ${plan.name} plan until the end of the period you paid for.`,
        ],
      );
      return;
    }
    case 'cancel_scheduled':
      await send(
        deps,
        sub,
        `Your ${plan.name} plan ends on ${day(sub.currentPeriodEnd)}`,
        `You are switching to the free plan, {name}`,
        [
          `Your ${plan.name} plan stays on until ${day(sub.currentPeriodEnd)} and will not be charged again. After that you are on the Free plan and its limits apply.`,
          `Changed your mind? Choose the ${plan.name} plan again before then: it carries on without a new charge.`,
        ],
      );
      return;
    case 'ended':
      await send(
        deps,
        sub,
        `You are now on the Free plan`,
        `Your ${plan.name} plan has ended, {name}`,
        [
          `As you asked, your ${plan.name} plan ended on ${day(sub.endedAt ?? sub.currentPeriodEnd)} and you are now on the Free plan. Its limits apply from now on: posts beyond the limit can stay as drafts, and a custom domain is kept but not served until you upgrade again.`,
        ],
      );
      return;
    case 'payment_failed': {
      const [failed] = await deps.db
        .select()
        .from(subscriptionCharges)
        .where(
          and(
            eq(subscriptionCharges.subscriptionId, sub.id),
            eq(subscriptionCharges.status, 'failed'),
          ),
        )
        .orderBy(desc(subscriptionCharges.createdAt))
        .limit(1);
      const why = failed?.failureMessage ? ` ${failed.failureMessage}` : '';
      await send(
        deps,
        sub,
        `We could not renew your ${plan.name} plan`,
        `Your payment did not go through, {name}`,
        [
          `We tried to charge your card for another ${every} of the ${plan.name} plan, but the payment failed.${why}`,
          `You are now on the Free plan and its limits apply. Nothing was charged. To get the ${plan.name} plan back, choose it again with a card that works.`,
        ],
      );
      return;
    }
  }
}
