import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { emailListSubscribers } from '../../db/schema';
import { defineJob, enqueueJob, inTransaction, nowDate, type ModuleDeps } from '../core';
import { confirmLinkExpiry } from './list-mail';

/**
 * A sign-up nobody confirms is not kept: once its confirmation link has expired (CONFIRM_LINK_MS
 * after the sign-up; the link is signed to expire then), a job forgets it. An address that had
 * confirmed and unsubscribed before goes back to "unsubscribed", so that list never mails it;
 * any other is deleted. A later sign-up of the same address has a job of its own, so an older
 * job finding the row signed up again since leaves it alone.
 */
const forgetPayload = z.object({
  subscriberId: z.string(),
  /** The sign-up's time (the row's updatedAt), ISO. */
  signedUpAt: z.string(),
});

export const forgetUnconfirmedJob = defineJob(
  'outreach.forget-unconfirmed',
  forgetPayload,
  forgetUnconfirmed,
);

export function scheduleForgetUnconfirmed(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  subscriberId: string,
  signedUpAt: Date,
): Promise<string | null> {
  return enqueueJob(
    deps,
    forgetUnconfirmedJob,
    { subscriberId, signedUpAt: signedUpAt.toISOString() },
    {
      runAt: new Date(confirmLinkExpiry(signedUpAt)),
      dedupeKey: `${forgetUnconfirmedJob.name}:${subscriberId}:${signedUpAt.toISOString()}`,
    },
  );
}

async function forgetUnconfirmed(
  deps: ModuleDeps,
  payload: z.output<typeof forgetPayload>,
): Promise<void> {
  await inTransaction(deps, async (tx) => {
    const s = emailListSubscribers;
    const [row] = await tx.db.select().from(s).where(eq(s.id, payload.subscriberId)).for('update');
    if (!row || row.status !== 'pending') return;
    if (row.updatedAt.getTime() > Date.parse(payload.signedUpAt)) return;
    if (row.confirmedAt) {
      const at = nowDate(tx);
      await tx.db
        .update(s)
        .set({ status: 'unsubscribed', unsubscribedAt: at, updatedAt: at })
        .where(eq(s.id, row.id));
    } else {
      await tx.db.delete(s).where(eq(s.id, row.id));
    }
  });
}
