import type { RefreshedLine } from '../../../shared/contracts/commerce';
import { formatMoney } from '../../../shared/format';
import { cartLineKey, type CartItem } from './stores/cart-store';

// What POST /cart/refresh says about the cart, applied to it: current prices, shipping, titles,
// images and sellers; amounts lowered to the stock; lines no longer for sale removed; and a
// sentence for the buyer about every change (docs/decisions/031).

/** A line of the refresh request: what is in the cart and the prices the buyer was shown. */
export interface RefreshRequestLine {
  _id: string;
  amount: number;
  selectedVariations: Record<string, string>;
  price: number;
  shippingCost: number;
}

export function refreshRequestLines(items: readonly CartItem[]): RefreshRequestLine[] {
  return items.map((i) => ({
    _id: i._id,
    amount: i.amount,
    selectedVariations: i.selectedVariations,
    price: i.price,
    shippingCost: i.shippingCost,
  }));
}

/**
 * What happened to one line: `changed` (price, shipping or amount now differ: it stays, marked),
 * `problem` (it cannot be bought as it is — an unknown option, one's own post: it stays, marked,
 * and blocks the checkout until removed), `removed` (no longer for sale or sold out: gone).
 */
export interface LineNote {
  key: string;
  title: string;
  kind: 'changed' | 'problem' | 'removed';
  message: string;
}

export interface RefreshOutcome {
  items: CartItem[];
  notes: LineNote[];
  /** Units in stock per line key (the amount field's maximum). */
  stock: Record<string, number>;
}

/** Problems the buyer can only solve by removing the line. */
const BLOCKING = new Set<RefreshedLine['problem']>(['variation', 'own_post']);

function describeChanges(item: CartItem, next: CartItem, title: string, currency: string): string {
  const out: string[] = [];
  if (next.price !== item.price)
    out.push(
      `The price of ${title} changed from ${formatMoney(item.price, currency)} to ${formatMoney(next.price, currency)}.`,
    );
  if (next.shippingCost !== item.shippingCost)
    out.push(
      `Shipping for ${title} changed from ${formatMoney(item.shippingCost, currency)} to ${formatMoney(next.shippingCost, currency)} each.`,
    );
  if (next.amount < item.amount)
    out.push(`Only ${next.amount} of ${title} left: your amount was lowered to ${next.amount}.`);
  return out.join(' ');
}

/**
 * The cart after a refresh. `items` is the cart as it is now (the buyer may have changed it while
 * the call was under way): lines the answer does not mention are kept as they are.
 */
export function mergeRefresh(
  items: readonly CartItem[],
  refreshed: readonly RefreshedLine[],
  currency: string,
): RefreshOutcome {
  const byKey = new Map(refreshed.map((l) => [cartLineKey(l._id, l.selectedVariations), l]));
  const out: RefreshOutcome = { items: [], notes: [], stock: {} };
  for (const item of items) {
    const key = cartLineKey(item._id, item.selectedVariations);
    const line = byKey.get(key);
    if (!line) {
      out.items.push(item);
      continue;
    }
    const title = line.title ?? item.title ?? 'An item';
    const blocking = BLOCKING.has(line.problem);
    if (!blocking && (line.problem === 'unavailable' || line.title === null || line.amount < 1)) {
      const fallback =
        line.problem === 'stock'
          ? `${title} is sold out and was removed from your cart.`
          : `${title} is no longer for sale and was removed from your cart.`;
      // The server names nothing of a post that is no longer available: the cart knows its title.
      const message = line.title === null ? fallback : (line.notice ?? fallback);
      out.notes.push({ key, title, kind: 'removed', message });
      continue;
    }
    const next: CartItem = {
      _id: item._id,
      selectedVariations: item.selectedVariations,
      amount: line.problem === 'stock' ? Math.min(item.amount, line.amount) : item.amount,
      price: line.price,
      shippingCost: line.shippingCost,
      title,
      ...(line.image ? { image: line.image } : {}),
      ...((line.sellerId ?? item.sellerId) ? { sellerId: line.sellerId ?? item.sellerId } : {}),
      // The line's credit (attribution.ts) is the browser's own: the refresh keeps it.
      ...(item.via ? { via: item.via } : {}),
    };
    out.items.push(next);
    out.stock[key] = line.stock;
    if (blocking) {
      const fallback = `${title} cannot be bought as it is: remove it from your cart.`;
      out.notes.push({ key, title, kind: 'problem', message: line.notice ?? fallback });
      continue;
    }
    const message = line.notice ?? describeChanges(item, next, title, currency);
    if (message) out.notes.push({ key, title, kind: 'changed', message });
  }
  return out;
}

/** True when some line must be removed before the buyer can go on. */
export const hasBlockingProblem = (notes: readonly LineNote[]) =>
  notes.some((n) => n.kind === 'problem');
