import { eq } from 'drizzle-orm';
import type { ReturnRequest } from '../../../shared/contracts/returns';
import { RETURN_LIMITS, type ReturnReason } from '../../../shared/contracts/returns-rules';
import { returnRequests, transactions, type TransactionRow } from '../../db/schema';
import {
  conflict,
  deleteFilesLater,
  inTransaction,
  nowDate,
  storeImages,
  uniqueViolation,
  validationError,
  type ModuleDeps,
} from '../core';
import { saleNotFound } from './lifecycle';
import type { Reader } from './read-orders';
import { one } from './returns';
import { answerByFrom } from './returns-read';
import { queueReturnMail } from './returns-mail';

// Opening a return request (issue 27 §4, ADR 074): the buyer of a shipped part, within
// RETURN_WINDOW_DAYS of its shipment, once per part, with up to 4 photos (checked and re-encoded
// like every uploaded image, before the transaction; removed again if the write fails).

export interface OpenReturnInput {
  transactionId: string;
  reason: ReturnReason;
  message: string;
  photos?: readonly Buffer[];
}

/** POST /returns: the buyer of a shipped part asks for a refund (once per part). */
export async function openReturn(
  deps: ModuleDeps,
  buyer: Reader,
  input: OpenReturnInput,
): Promise<ReturnRequest> {
  const me = buyer.id.toLowerCase();
  const [part] = await deps.db
    .select()
    .from(transactions)
    .where(eq(transactions.id, input.transactionId))
    .limit(1);
  if (!part || part.buyerId !== me) throw saleNotFound();
  refuseOpening(deps, part);
  if ((input.photos?.length ?? 0) > RETURN_LIMITS.photosMax)
    throw validationError(`photo: Add at most ${RETURN_LIMITS.photosMax} photos.`);
  // Slow (image work): before the transaction, removed again if the write fails.
  const photos = await storeImages(deps, `returns/${part.id}`, input.photos ?? [], 'photo');
  try {
    const row = await inTransaction(deps, async (tx) => {
      const at = nowDate(tx);
      const [created] = await tx.db
        .insert(returnRequests)
        .values({
          transactionId: part.id,
          orderId: part.orderId,
          buyerId: part.buyerId,
          sellerId: part.sellerId,
          reason: input.reason,
          message: input.message,
          photos,
          answerBy: answerByFrom(at),
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      await queueReturnMail(tx, 'opened', created!.id);
      return created!;
    });
    return await one(deps, buyer, row);
  } catch (err) {
    if (photos.length)
      await deleteFilesLater(
        deps,
        photos.flatMap((p) => p.keys),
      );
    if (uniqueViolation(err))
      throw conflict(
        'You already asked for a refund on this part of the order. Open that request to follow it.',
        'RETURN_EXISTS',
      );
    throw err;
  }
}

function refuseOpening(deps: ModuleDeps, part: TransactionRow): void {
  if (part.status !== 'shipped' || !part.shippedAt)
    throw conflict(
      part.status === 'cancelled'
        ? 'This part was cancelled and refunded already.'
        : 'You can ask for a refund once the seller has shipped this part.',
      'RETURN_NOT_ALLOWED',
    );
  const days = deps.env.RETURN_WINDOW_DAYS;
  if (deps.now() > part.shippedAt.getTime() + days * 24 * 3600_000)
    throw conflict(
      `Refunds can be asked for within ${days} days of shipment, and this part shipped longer ago. Message the seller instead.`,
      'RETURN_WINDOW_OVER',
    );
}
