import type { AddressRecord } from '../../../shared/contracts/commerce';

/**
 * The shipping address the checkout selects when the buyer's address book loads (issue 24): the
 * one they chose last on this browser (the cart keeps the selection after an order is paid) while
 * it is still in the book, else the newest address, which is the only one when there is one. An
 * empty book selects nothing.
 */
export function preselectedShippingId(
  addresses: readonly AddressRecord[],
  selectedId: string | null,
): string | null {
  if (selectedId !== null && addresses.some((a) => a._id === selectedId)) return selectedId;
  let newest: AddressRecord | null = null;
  for (const a of addresses) if (!newest || a.createdAt > newest.createdAt) newest = a;
  return newest?._id ?? null;
}
