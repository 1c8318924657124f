import type { ReturnRequest } from '../../../shared/contracts/returns';
import { orderRef } from '../../../shared/contracts/commerce-rules';
import { formatMoney } from '../../../shared/format';
import { decideReturn, type Reader } from '../commerce';
import { inTransaction, type ModuleDeps } from '../core';
import { recordAction, withNote } from './log';

/** What the decision log says of a moderator's decision on a refund request, in words. */
function summary(r: ReturnRequest, refunded: boolean): string {
  const what = `Refund request on order ${orderRef(r.orderId)} (${r.buyer.name} from ${r.seller.name})`;
  if (!refunded || r.refund === null) return `${what}: no refund`;
  const back = r.returnItem ? ', the item sent back first' : '';
  return `${what}: ${formatMoney(r.refund, r.currency)} refunded${back}`;
}

/**
 * POST /returns/decide (docs/decisions/023, 074): a moderator decides a refund request the buyer
 * sent to moderation — the commerce module moves the money — and the decision joins the log of
 * every other moderation decision, in the same transaction (a refund: approve; none: reject).
 */
export function decideEscalatedReturn(
  deps: ModuleDeps,
  moderator: Reader,
  input: Parameters<typeof decideReturn>[2],
): Promise<ReturnRequest> {
  return inTransaction(deps, async (tx) => {
    const decided = await decideReturn(tx, moderator, input);
    await recordAction(tx, {
      actorId: moderator.id,
      action: input.decision === 'refund' ? 'approve' : 'reject',
      targetType: 'return',
      targetId: decided._id,
      note: withNote(summary(decided, input.decision === 'refund'), input.note),
    });
    return decided;
  });
}
