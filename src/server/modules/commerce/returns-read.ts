import { and, asc, count, desc, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import { isModeratorRole } from '../../../shared/contracts/account-rules';
import { trackingUrl } from '../../../shared/contracts/commerce-rules';
import type { ReturnRequest } from '../../../shared/contracts/returns';
import { RETURN_LIMITS } from '../../../shared/contracts/returns-rules';
import { toMajor } from '../../../shared/money';
import {
  ledgerEntries,
  returnRequests,
  transactions,
  type ReturnRequestRow,
} from '../../db/schema';
import { toMedia } from '../catalog';
import { forbidden, notFound, type DbOrTx, type ModuleDeps } from '../core';
import type { Reader } from './read-orders';

// GET /returns (issue 27 §4, ADR 074): a member's return requests as the buyer or the seller,
// the moderators' list of escalated ones, or one by id. Someone else's request by id answers 404
// (ids cannot be probed); the moderation list is for moderators and admins (403 otherwise).

export const returnNotFound = () =>
  notFound('This return request could not be found.', 'RETURN_NOT_FOUND');

export const returnKey = {
  refund: (returnId: string) => `refund:return:${returnId}`,
  reversal: (returnId: string) => `reversal:return:${returnId}`,
};

/**
 * Whether the buyer may send it to moderation at `now`: declined, unanswered in time, or an item
 * sent back (tracked) whose arrival the seller has not confirmed in time.
 */
export const canEscalate = (row: ReturnRequestRow, now: number) =>
  row.status === 'declined' ||
  ((row.status === 'open' || (row.status === 'awaiting_return' && row.returnSentAt !== null)) &&
    row.answerBy.getTime() <= now);

/** When the seller must have confirmed a returned item arrived, from its tracking being added. */
export const receiptByFrom = (sentAt: Date) =>
  new Date(sentAt.getTime() + RETURN_LIMITS.receiptDays * 24 * 3600_000);

/** When an open request counts as unanswered (its answerBy). */
export const answerByFrom = (createdAt: Date) =>
  new Date(createdAt.getTime() + RETURN_LIMITS.answerDays * 24 * 3600_000);

/** The rows as the API shows them (one query for the parts, one for the refunds sent). */
export async function toReturns(
  deps: Pick<ModuleDeps, 'db' | 'now' | 'env'>,
  rows: readonly ReturnRequestRow[],
  viewer: Reader,
): Promise<ReturnRequest[]> {
  if (rows.length === 0) return [];
  const parts = await deps.db
    .select()
    .from(transactions)
    .where(
      inArray(
        transactions.id,
        rows.map((r) => r.transactionId),
      ),
    );
  const sent = await deps.db
    .select({ key: ledgerEntries.key })
    .from(ledgerEntries)
    .where(
      inArray(
        ledgerEntries.key,
        rows.map((r) => returnKey.refund(r.id)),
      ),
    );
  const sentKeys = new Set(sent.map((s) => s.key));
  const now = deps.now();
  return rows.map((r) => {
    const part = parts.find((p) => p.id === r.transactionId)!;
    return {
      _id: r.id,
      orderId: r.orderId,
      transactionId: r.transactionId,
      status: r.status,
      reason: r.reason,
      message: r.message,
      photos: r.photos.map(toMedia),
      buyer: { _id: r.buyerId, name: part.buyerName },
      seller: { _id: r.sellerId, name: part.sellerName, username: part.sellerUsername },
      partTotal: toMajor(part.totalMinor),
      currency: deps.env.CURRENCY,
      refund: r.refundMinor === null ? null : toMajor(r.refundMinor),
      returnItem: r.returnItem,
      returnShipment:
        r.returnSentAt && r.returnTrackingNumber
          ? {
              carrier: r.returnCarrier ?? 'other',
              trackingNumber: r.returnTrackingNumber,
              trackingUrl: trackingUrl(r.returnCarrier, r.returnTrackingNumber),
              sentAt: r.returnSentAt.toISOString(),
            }
          : null,
      itemReceivedAt: r.itemReceivedAt?.toISOString() ?? null,
      refundSent: sentKeys.has(returnKey.refund(r.id)),
      declineReason: r.declineReason,
      moderatorNote: r.moderatorNote,
      decidedBy: r.decidedBy,
      answerBy: r.answerBy.toISOString(),
      canEscalate: r.buyerId === viewer.id && canEscalate(r, now),
      escalatedAt: r.escalatedAt?.toISOString() ?? null,
      decidedAt: r.decidedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

/** One request as `viewer` may see it: its buyer, its seller or a moderator. */
export async function visibleReturn(
  db: DbOrTx,
  viewer: Reader,
  id: string,
): Promise<ReturnRequestRow> {
  const [row] = await db.select().from(returnRequests).where(eq(returnRequests.id, id)).limit(1);
  const me = viewer.id.toLowerCase();
  if (!row || (row.buyerId !== me && row.sellerId !== me && !isModeratorRole(viewer.role)))
    throw returnNotFound();
  return row;
}

export interface ReturnListQuery {
  id?: string;
  as: 'buyer' | 'seller' | 'moderation';
  page: number;
  limit: number;
}

/** GET /returns. */
export async function readReturns(
  deps: Pick<ModuleDeps, 'db' | 'now' | 'env'>,
  viewer: Reader,
  query: ReturnListQuery,
): Promise<{ returnRequest: ReturnRequest } | { returns: ReturnRequest[]; recordsCount: number }> {
  if (query.id) {
    const row = await visibleReturn(deps.db, viewer, query.id);
    const [one] = await toReturns(deps, [row], viewer);
    return { returnRequest: one! };
  }
  const me = viewer.id.toLowerCase();
  let where: SQL;
  if (query.as === 'moderation') {
    if (!isModeratorRole(viewer.role))
      throw forbidden('Only moderators see the return requests sent to moderation.', 'FORBIDDEN');
    where = and(eq(returnRequests.status, 'escalated'), isNotNull(returnRequests.escalatedAt))!;
  } else {
    where = eq(query.as === 'seller' ? returnRequests.sellerId : returnRequests.buyerId, me);
  }
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(returnRequests)
      .where(where)
      // The moderators' list is a queue (oldest first, as /moderation); members' lists newest first.
      .orderBy(
        ...(query.as === 'moderation'
          ? [asc(returnRequests.escalatedAt), asc(returnRequests.id)]
          : [desc(returnRequests.createdAt), desc(returnRequests.id)]),
      )
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    deps.db.select({ n: count() }).from(returnRequests).where(where),
  ]);
  const returns = await toReturns(deps, rows, viewer);
  return { returns, recordsCount: total?.n ?? 0 };
}

/**
 * The escalated requests among `ids`, as a moderator sees them (the moderation queue's return
 * items); one decided meanwhile is left out, as it has left the queue.
 */
export async function escalatedReturns(
  deps: Pick<ModuleDeps, 'db' | 'now' | 'env'>,
  moderator: Reader,
  ids: readonly string[],
): Promise<Map<string, ReturnRequest>> {
  if (ids.length === 0) return new Map();
  const rows = await deps.db
    .select()
    .from(returnRequests)
    .where(and(inArray(returnRequests.id, [...ids]), eq(returnRequests.status, 'escalated')));
  const shown = await toReturns(deps, rows, moderator);
  return new Map(shown.map((r) => [r._id, r]));
}
