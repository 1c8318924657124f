import { eq } from 'drizzle-orm';
import { ledgerEntries, type LedgerEntryRow } from '../../db/schema';
import type { DbOrTx, ModuleDeps } from '../core';
import { nowDate } from '../core';

/**
 * The keys of money movements: each happens at most once, whatever retries, double submits or
 * replayed webhooks ask for it. The same key is the provider's idempotency key, so even a call
 * that reached the provider but whose answer was lost is not repeated there.
 */
export const ledgerKey = {
  charge: (orderId: string) => `charge:${orderId}`,
  transfer: (transactionId: string) => `transfer:${transactionId}`,
  refund: (transactionId: string) => `refund:${transactionId}`,
  /** A payment that arrived after its order had expired: all of it goes back. */
  lateRefund: (orderId: string) => `refund:order:${orderId}`,
};

export async function findLedgerEntry(db: DbOrTx, key: string): Promise<LedgerEntryRow | null> {
  const [row] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.key, key)).limit(1);
  return row ?? null;
}

/** Records a movement; false when one with this key was already recorded (nothing written). */
export async function recordLedgerEntry(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  entry: Omit<typeof ledgerEntries.$inferInsert, 'id' | 'createdAt'>,
): Promise<boolean> {
  const rows = await deps.db
    .insert(ledgerEntries)
    .values({ ...entry, createdAt: nowDate(deps) })
    .onConflictDoNothing({ target: ledgerEntries.key })
    .returning({ id: ledgerEntries.id });
  return rows.length > 0;
}
