import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { AddressRecord } from '../../../shared/contracts/commerce';
import { COMMERCE_LIMITS, type StoredAddress } from '../../../shared/contracts/commerce-rules';
import { addresses } from '../../db/schema';
import { conflict, inTransaction, nowDate, type ModuleDeps } from '../core';
import { addressNotFound } from './place-order';
import { toAddress } from './rows';

// A member's address book (SPEC §3 cart state: userAddresses, selected shipping and billing
// address ids). Orders copy the address they ship to, so removing one never changes an order.

/** GET /addresses: the member's addresses, newest first. */
export async function listAddresses(deps: ModuleDeps, userId: string): Promise<AddressRecord[]> {
  const rows = await deps.db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.createdAt), desc(addresses.id))
    .limit(COMMERCE_LIMITS.addressesMax);
  return rows.map(toAddress);
}

/**
 * POST /addresses: saves a validated address (addressSchema already applied the country's rules).
 * The count and the insert happen under a per-member lock, so two saves sent at once cannot take
 * the book past its limit.
 */
export async function createAddress(
  deps: ModuleDeps,
  userId: string,
  address: StoredAddress,
): Promise<AddressRecord> {
  return inTransaction(deps, async (tx) => {
    await tx.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`addresses:${userId}`}))`);
    const [saved] = await tx.db
      .select({ n: count() })
      .from(addresses)
      .where(eq(addresses.userId, userId));
    if ((saved?.n ?? 0) >= COMMERCE_LIMITS.addressesMax) {
      throw conflict(
        `You can keep at most ${COMMERCE_LIMITS.addressesMax} addresses. Delete one you no longer use, then add this one.`,
      );
    }
    const [row] = await tx.db
      .insert(addresses)
      .values({ userId, address, createdAt: nowDate(deps) })
      .returning();
    return toAddress(row!);
  });
}

/** DELETE /addresses?id=: removes one of the member's own addresses (another's is not found). */
export async function deleteAddress(
  deps: ModuleDeps,
  userId: string,
  id: string,
): Promise<{ _id: string }> {
  const removed = await deps.db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  if (removed.length === 0) throw addressNotFound();
  return { _id: id };
}
