import { discountInput, type DiscountInput } from '../../shared/contracts/discounts';
import type { UserRow } from '../db/schema';
import type { ModuleDeps } from '../modules/core';
import { saveDiscount } from '../modules/commerce';

/**
 * The demo sellers' discount codes (issue 27), as each would save them on /discounts: maya's
 * welcome code (10 % off the whole shop, once per buyer) and leo's $5 off an order of $50 or more.
 */
export const DEMO_DISCOUNTS: Record<'maya' | 'leo', DiscountInput[]> = {
  maya: [{ code: 'WELCOME10', kind: 'percent', value: 10, maxUsesPerBuyer: 1 }],
  leo: [{ code: 'RETRO5', kind: 'amount', value: 5, minOrder: 50, maxUses: 100 }],
};

export async function seedDemoDiscounts(deps: ModuleDeps, sellers: Map<string, UserRow>) {
  for (const [username, codes] of Object.entries(DEMO_DISCOUNTS))
    for (const code of codes)
      await saveDiscount(deps, sellers.get(username)!.id, discountInput.parse(code));
}
