import type { CartRefreshRequest, RefreshedLine } from '../../../shared/contracts/commerce';
import { formatMoney } from '../../../shared/format';
import { toMajor, toMinor } from '../../../shared/money';
import { quoteLines, type PricedLine, type StockLine } from '../catalog';
import type { ModuleDeps } from '../core';
import { offerPrices } from '../offers';

// POST /cart/refresh: before checkout the cart is checked against the database — price, shipping,
// stock and availability — and every line says in a sentence what changed since the buyer put it
// in the cart. Nothing is reserved; POST /orders checks again under row locks. A post that cannot
// be bought (draft, archived, deleted, seller suspended) is only "no longer available": no title,
// price, image or seller, as if the id were unknown (docs/decisions/051).

/**
 * How many of each line can be bought now. A line's stock is what earlier lines of the same cart
 * (same post or option) leave of it, so the lines are settled in order: each pass fixes at least
 * the first line not yet final, and a pass that changes nothing ends it (usually the second).
 */
async function settleAmounts(
  deps: ModuleDeps,
  buyerId: string | null,
  lines: StockLine[],
): Promise<{ amounts: number[]; priced: PricedLine[] }> {
  let amounts = lines.map((l) => l.amount);
  for (let pass = 0; pass <= lines.length; pass++) {
    const priced = await quoteLines(
      deps.db,
      buyerId,
      lines.map((l, i) => ({ ...l, amount: amounts[i]! })),
    );
    const next = lines.map((l, i) => Math.min(l.amount, priced[i]!.available));
    if (next.every((n, i) => n === amounts[i])) return { amounts, priced };
    amounts = next;
  }
  // Unreachable: pass k settles line k; kept so a logic slip can never loop forever.
  throw new Error('cart amounts did not settle');
}

/** A line to refresh; without the price and shipping shown (a cart link's), nothing is compared. */
type Input = Omit<CartRefreshRequest['items'][number], 'price' | 'shippingCost'> &
  Partial<Pick<CartRefreshRequest['items'][number], 'price' | 'shippingCost'>>;

function noticeOf(
  line: Input,
  priced: PricedLine,
  amount: number,
  money: (minor: number) => string,
  offer: boolean,
): string | null {
  const name = priced.title === null ? 'An item in your cart' : `“${priced.title}”`;
  switch (priced.problem) {
    case 'unavailable':
      // The catalogue's one sentence for every reason, naming nothing (docs/decisions/051).
      return priced.problemMessage;
    case 'own_post':
      return `${name} is your own post: you cannot buy it.`;
    case 'variation':
      return `The options of ${name} have changed: choose one of the available options again.`;
    default:
      break;
  }
  const said: string[] = [];
  const changed = (shown: number | undefined, now: number) =>
    shown !== undefined && toMinor(shown) !== now;
  if (offer && changed(line.price, priced.priceMinor))
    said.push(`Your accepted offer prices ${name} at ${money(priced.priceMinor)}.`);
  else if (changed(line.price, priced.priceMinor))
    said.push(
      `The price of ${name} changed from ${money(toMinor(line.price!))} to ${money(priced.priceMinor)}.`,
    );
  if (changed(line.shippingCost, priced.shippingMinor))
    said.push(
      `The shipping cost of ${name} changed from ${money(toMinor(line.shippingCost!))} to ${money(priced.shippingMinor)}.`,
    );
  if (amount < line.amount)
    said.push(
      amount === 0
        ? `${name} is sold out.`
        : `Only ${amount} of ${name} ${amount === 1 ? 'is' : 'are'} left: your amount is now ${amount}.`,
    );
  return said.length ? said.join(' ') : null;
}

/** The cart's lines as they can be bought now, each with what changed in a sentence. */
export async function refreshCart(
  deps: ModuleDeps,
  buyerId: string | null,
  input: { items: Input[] },
): Promise<{ items: RefreshedLine[] }> {
  const lines: StockLine[] = input.items.map((i) => ({
    productId: i._id,
    amount: i.amount,
    selectedVariations: i.selectedVariations,
  }));
  const settled = await settleAmounts(deps, buyerId, lines);
  const { amounts } = settled;
  // The buyer's accepted offers price their lines of one item, as the order will (ADR 076).
  const offered = buyerId
    ? await offerPrices(
        deps,
        buyerId,
        lines.map((l, i) => ({ ...l, amount: amounts[i]! })),
      )
    : new Map<number, { priceMinor: number }>();
  const priced = settled.priced.map((p, i) =>
    offered.has(i) && !p.problem ? { ...p, priceMinor: offered.get(i)!.priceMinor } : p,
  );
  const money = (minor: number) => formatMoney(toMajor(minor), deps.env.CURRENCY);
  return {
    items: input.items.map((line, i) => {
      const p = priced[i]!;
      const amount = amounts[i]!;
      return {
        _id: line._id,
        selectedVariations: line.selectedVariations,
        requested: line.amount,
        amount,
        title: p.title,
        image: p.image,
        price: toMajor(p.priceMinor),
        shippingCost: toMajor(p.shippingMinor),
        stock: p.available,
        sellerId: p.sellerId,
        sellerName: p.sellerName,
        sellerUsername: p.sellerUsername,
        problem: p.problem ?? (amount < line.amount ? 'stock' : null),
        notice: noticeOf(line, p, amount, money, offered.has(i) && !p.problem),
      };
    }),
  };
}
