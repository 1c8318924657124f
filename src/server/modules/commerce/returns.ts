import { eq } from 'drizzle-orm';
import { isModeratorRole } from '../../../shared/contracts/account-rules';
import type { ReturnRequest } from '../../../shared/contracts/returns';
import { feeShareReturned } from '../../../shared/contracts/returns-rules';
import { formatMoney } from '../../../shared/format';
import { toMajor, toMinor } from '../../../shared/money';
import {
  returnRequests,
  transactions,
  type ReturnRequestRow,
  type TransactionRow,
} from '../../db/schema';
import {
  conflict,
  forbidden,
  inTransaction,
  nowDate,
  validationError,
  type ModuleDeps,
} from '../core';
import { recordSaleEvents } from '../insights';
import type { Reader } from './read-orders';
import { canEscalate, returnNotFound, toReturns } from './returns-read';
import { queueReturnMail } from './returns-mail';
import { queueReturnRefund } from './returns-refund';

// Return requests (issue 27 §4, ADR 074): within RETURN_WINDOW_DAYS of shipment the buyer asks
// for a refund of one seller's part (returns-open.ts); the seller accepts (all or part of it, with or without the
// item coming back: returns-shipping.ts) or declines with a reason; a declined or unanswered
// (5 days) request goes to the moderators, who decide (from /returns/:id or the moderation queue,
// both through decideReturn). Every step is one transaction with its mails queued in it; the money
// moves in a job (returns-refund.ts). A refund never exceeds what the buyer paid for that part.

export const alreadyDecided = () =>
  conflict('This return request was already answered.', 'RETURN_ALREADY_DECIDED');

export async function one(
  deps: ModuleDeps,
  viewer: Reader,
  row: ReturnRequestRow,
): Promise<ReturnRequest> {
  const [shown] = await toReturns(deps, [row], viewer);
  return shown!;
}

/** The request locked for a change, with its part; 404 unless `allowed` says the caller may. */
export async function lockReturn(
  tx: ModuleDeps,
  id: string,
  allowed: (r: ReturnRequestRow) => boolean,
) {
  const [row] = await tx.db
    .select()
    .from(returnRequests)
    .where(eq(returnRequests.id, id))
    .for('update');
  if (!row || !allowed(row)) throw returnNotFound();
  const [part] = await tx.db
    .select()
    .from(transactions)
    .where(eq(transactions.id, row.transactionId))
    .limit(1);
  if (!part) throw returnNotFound();
  return { row, part };
}

/**
 * Accepting (the seller, or a moderator): the refund and its fee share are fixed now. The money
 * moves at once, unless the item has to come back first: then the request waits for it
 * (`awaiting_return`) and the refund is sent when the seller confirms it arrived
 * (returns-shipping.ts). An item the buyer already sent back (tracked, left unconfirmed, then
 * escalated) is not waited for again: the moderator's refund is sent at once.
 */
async function refund(
  tx: ModuleDeps,
  row: ReturnRequestRow,
  part: TransactionRow,
  input: { refund: number; returnItem: boolean },
  by: { kind: 'seller' | 'moderator'; id: string; note?: string },
): Promise<ReturnRequestRow> {
  const refundMinor = toMinor(input.refund);
  if (refundMinor > part.totalMinor)
    throw validationError(
      `refund: A refund can be at most what the buyer paid for this part, ${formatMoney(toMajor(part.totalMinor), tx.env.CURRENCY)}.`,
    );
  const waitsForItem = input.returnItem && !row.returnSentAt;
  const at = nowDate(tx);
  const [updated] = await tx.db
    .update(returnRequests)
    .set({
      status: waitsForItem ? 'awaiting_return' : 'refunded',
      refundMinor,
      feeReturnedMinor: feeShareReturned(part.platformFeeMinor, refundMinor, part.totalMinor),
      returnItem: input.returnItem,
      decidedBy: by.kind,
      moderatorId: by.kind === 'moderator' ? by.id : null,
      moderatorNote: by.note || null,
      decidedAt: at,
      updatedAt: at,
    })
    .where(eq(returnRequests.id, row.id))
    .returning();
  if (!waitsForItem) await sendRefund(tx, updated!, part);
  return updated!;
}

/** The refund of a `refunded` request goes out: the money job, and insights take it back. */
export async function sendRefund(tx: ModuleDeps, row: ReturnRequestRow, part: TransactionRow) {
  await queueReturnRefund(tx, row.id);
  // Insights: the refunded amount is taken back; a full refund also takes the order back.
  await recordSaleEvents(tx, 'refund', [{ ...part, refundMinor: row.refundMinor ?? 0 }]);
}

/** POST /returns/accept: the seller refunds all or part of their part. */
export async function acceptReturn(
  deps: ModuleDeps,
  seller: Reader,
  input: { id: string; refund: number; returnItem: boolean },
): Promise<ReturnRequest> {
  const me = seller.id.toLowerCase();
  const row = await inTransaction(deps, async (tx) => {
    const { row, part } = await lockReturn(tx, input.id, (r) => r.sellerId === me);
    if (row.status !== 'open' && row.status !== 'declined') throw alreadyDecided();
    const updated = await refund(tx, row, part, input, { kind: 'seller', id: me });
    await queueReturnMail(tx, 'accepted', row.id);
    return updated;
  });
  return one(deps, seller, row);
}

/** POST /returns/decline: the seller says no, with a reason the buyer reads. */
export async function declineReturn(
  deps: ModuleDeps,
  seller: Reader,
  input: { id: string; reason: string },
): Promise<ReturnRequest> {
  const me = seller.id.toLowerCase();
  const row = await inTransaction(deps, async (tx) => {
    const { row } = await lockReturn(tx, input.id, (r) => r.sellerId === me);
    if (row.status !== 'open') throw alreadyDecided();
    const at = nowDate(tx);
    const [updated] = await tx.db
      .update(returnRequests)
      .set({
        status: 'declined',
        declineReason: input.reason,
        decidedBy: 'seller',
        decidedAt: at,
        updatedAt: at,
      })
      .where(eq(returnRequests.id, row.id))
      .returning();
    await queueReturnMail(tx, 'declined', row.id);
    return updated!;
  });
  return one(deps, seller, row);
}

/** POST /returns/escalate: the buyer sends a declined or unanswered request to the moderators. */
export async function escalateReturn(
  deps: ModuleDeps,
  buyer: Reader,
  input: { id: string },
): Promise<ReturnRequest> {
  const me = buyer.id.toLowerCase();
  const row = await inTransaction(deps, async (tx) => {
    const { row } = await lockReturn(tx, input.id, (r) => r.buyerId === me);
    if (row.status === 'escalated') return row;
    if (!canEscalate(row, deps.now())) {
      const until = row.answerBy.toISOString().slice(0, 10);
      if (row.status === 'open')
        throw conflict(
          `The seller has until ${until} to answer. If they decline or do not answer by then, you can ask our moderators.`,
          'RETURN_NOT_ESCALATABLE',
        );
      if (row.status === 'awaiting_return')
        throw conflict(
          row.returnSentAt
            ? `The seller has until ${until} to confirm the item arrived. If they do not by then, you can ask our moderators.`
            : 'Send the item back and add its tracking number first; the seller then confirms it arrived.',
          'RETURN_NOT_ESCALATABLE',
        );
      throw alreadyDecided();
    }
    const at = nowDate(tx);
    const [updated] = await tx.db
      .update(returnRequests)
      .set({ status: 'escalated', escalatedAt: at, updatedAt: at })
      .where(eq(returnRequests.id, row.id))
      .returning();
    await queueReturnMail(tx, 'escalated', row.id);
    return updated!;
  });
  return one(deps, buyer, row);
}

/** POST /returns/decide: a moderator refunds or closes an escalated request. */
export async function decideReturn(
  deps: ModuleDeps,
  moderator: Reader,
  input: {
    id: string;
    decision: 'refund' | 'reject';
    refund?: number;
    returnItem: boolean;
    note: string;
  },
): Promise<ReturnRequest> {
  if (!isModeratorRole(moderator.role))
    throw forbidden('Only moderators decide return requests.', 'FORBIDDEN');
  const row = await inTransaction(deps, async (tx) => {
    const { row, part } = await lockReturn(tx, input.id, () => true);
    if (row.status !== 'escalated') {
      throw conflict(
        row.status === 'refunded' || row.status === 'rejected'
          ? 'This return request was already decided.'
          : 'Only a request the buyer sent to moderation can be decided here.',
        'RETURN_NOT_ESCALATED',
      );
    }
    let updated: ReturnRequestRow;
    if (input.decision === 'refund') {
      if (input.refund === undefined) throw validationError('refund: Enter the amount to refund.');
      updated = await refund(
        tx,
        row,
        part,
        { refund: input.refund, returnItem: input.returnItem },
        {
          kind: 'moderator',
          id: moderator.id.toLowerCase(),
          note: input.note,
        },
      );
    } else {
      const at = nowDate(tx);
      [updated] = (await tx.db
        .update(returnRequests)
        .set({
          status: 'rejected',
          decidedBy: 'moderator',
          moderatorId: moderator.id.toLowerCase(),
          moderatorNote: input.note || null,
          decidedAt: at,
          updatedAt: at,
        })
        .where(eq(returnRequests.id, row.id))
        .returning()) as [ReturnRequestRow];
    }
    await queueReturnMail(tx, 'decided', row.id);
    return updated;
  });
  return one(deps, moderator, row);
}
