import { commerceApi } from '../../../shared/api/commerce';
import type { Transaction } from '../../../shared/contracts/commerce';
import { api } from '../../lib/api';

// The seller's writes from the browser (the page reads its loader again afterwards).

/** PUT /transactions: irreversible; the caller has confirmed. */
export async function shipSale(input: {
  id: string;
  carrier: string;
  trackingNumber: string;
}): Promise<Transaction> {
  const { transaction } = await api.call(commerceApi.markShipped, { body: input });
  return transaction;
}

/** POST /transactions/cancel: the buyer is refunded this sale's total. */
export async function cancelSale(id: string, reason: string): Promise<Transaction> {
  const { transaction } = await api.call(commerceApi.cancelSale, { body: { id, reason } });
  return transaction;
}
