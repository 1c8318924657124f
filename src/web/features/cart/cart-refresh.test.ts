import { describe, expect, it } from 'vitest';
import type { RefreshedLine } from '../../../shared/contracts/commerce';
import { hasBlockingProblem, mergeRefresh, refreshRequestLines } from './cart-refresh';
import { cartLineKey, type CartItem } from './stores/cart-store';

const item = (over: Partial<CartItem> = {}): CartItem => ({
  _id: 'p1',
  amount: 2,
  price: 10,
  shippingCost: 3,
  selectedVariations: {},
  title: 'Mug',
  image: '/media/old.webp',
  sellerId: 'seller-1',
  ...over,
});

/** What the server answers for `it` when nothing changed; `over` says what did. */
const line = (it: CartItem, over: Partial<RefreshedLine> = {}): RefreshedLine => ({
  _id: it._id,
  selectedVariations: it.selectedVariations,
  requested: it.amount,
  amount: it.amount,
  title: it.title ?? null,
  image: it.image ?? null,
  price: it.price,
  shippingCost: it.shippingCost,
  stock: 50,
  sellerId: it.sellerId ?? null,
  sellerName: 'Maya',
  sellerUsername: 'maya',
  problem: null,
  notice: null,
  ...over,
});

describe('mergeRefresh', () => {
  it('leaves an unchanged cart alone, with no notes', () => {
    const cart = [item(), item({ _id: 'p2', selectedVariations: { size: 'L' } })];
    const out = mergeRefresh(
      cart,
      cart.map((i) => line(i)),
      'USD',
    );
    expect(out.items).toEqual(cart);
    expect(out.notes).toEqual([]);
    expect(out.stock[cartLineKey('p2', { size: 'L' })]).toBe(50);
  });

  it("takes the server's price, shipping, title, image and seller, and says what changed", () => {
    const cart = [item()];
    const out = mergeRefresh(
      cart,
      [
        line(cart[0]!, {
          price: 12.5,
          shippingCost: 4,
          title: 'Blue mug',
          image: '/media/new.webp',
          sellerId: 'seller-2',
        }),
      ],
      'USD',
    );
    expect(out.items).toEqual([
      item({
        price: 12.5,
        shippingCost: 4,
        title: 'Blue mug',
        image: '/media/new.webp',
        sellerId: 'seller-2',
      }),
    ]);
    expect(out.notes).toEqual([
      {
        key: cartLineKey('p1', {}),
        title: 'Blue mug',
        kind: 'changed',
        message:
          'The price of Blue mug changed from $10.00 to $12.50. Shipping for Blue mug changed from $3.00 to $4.00 each.',
      },
    ]);
  });

  it('keeps each line’s credit (where it came from): the server never sends it back', () => {
    const via = { postId: 'p1', source: 'ig', linkId: null, at: '2026-11-28T10:00:00.000Z' };
    const cart = [item({ via }), item({ _id: 'p2' })];
    const out = mergeRefresh(
      cart,
      cart.map((i) => line(i, { price: 12 })),
      'USD',
    );
    expect(out.items.map((i) => i.via)).toEqual([via, undefined]);
  });

  it("prefers the server's notice to its own wording", () => {
    const cart = [item()];
    const out = mergeRefresh(cart, [line(cart[0]!, { price: 11, notice: 'Now $11.00.' })], 'USD');
    expect(out.notes.map((n) => [n.kind, n.message])).toEqual([['changed', 'Now $11.00.']]);
  });

  it('lowers an amount to the stock, and removes sold-out and withdrawn lines', () => {
    const low = item({ _id: 'low', amount: 5 });
    const soldOut = item({ _id: 'gone', title: 'Bowl' });
    const withdrawn = item({ _id: 'draft', title: 'Vase' });
    const out = mergeRefresh(
      [low, soldOut, withdrawn],
      [
        line(low, { amount: 2, stock: 2, problem: 'stock' }),
        line(soldOut, { amount: 0, stock: 0, problem: 'stock' }),
        // The server names nothing of a withdrawn post: the cart's own title is used.
        line(withdrawn, {
          amount: 0,
          title: null,
          image: null,
          problem: 'unavailable',
          notice: 'An item in your cart is no longer available.',
        }),
      ],
      'USD',
    );
    expect(out.items).toEqual([{ ...low, amount: 2 }]);
    expect(out.notes.map((n) => [n.kind, n.message])).toEqual([
      ['changed', 'Only 2 of Mug left: your amount was lowered to 2.'],
      ['removed', 'Bowl is sold out and was removed from your cart.'],
      ['removed', 'Vase is no longer for sale and was removed from your cart.'],
    ]);
  });

  it('keeps a line that cannot be bought as it is, marked as a problem that blocks the checkout', () => {
    const own = item({ _id: 'own' });
    const out = mergeRefresh(
      [own],
      [line(own, { amount: 0, problem: 'own_post', notice: '“Mug” is your own post.' })],
      'USD',
    );
    expect(out.items).toEqual([own]);
    expect(out.notes).toEqual([
      {
        key: cartLineKey('own', {}),
        title: 'Mug',
        kind: 'problem',
        message: '“Mug” is your own post.',
      },
    ]);
    expect(hasBlockingProblem(out.notes)).toBe(true);
    expect(hasBlockingProblem([{ ...out.notes[0]!, kind: 'changed' }])).toBe(false);
  });

  it('matches lines by post and options in any order, and keeps lines the answer does not name', () => {
    const a = item({ selectedVariations: { size: 'M', colour: 'red' } });
    const added = item({ _id: 'added-meanwhile' });
    const out = mergeRefresh(
      [a, added],
      [line(a, { selectedVariations: { colour: 'red', size: 'M' }, price: 9 })],
      'USD',
    );
    expect(out.items).toEqual([{ ...a, price: 9 }, added]);
  });

  it('drops an image the post no longer has', () => {
    const cart = [item()];
    expect(
      mergeRefresh(cart, [line(cart[0]!, { image: null })], 'USD').items[0],
    ).not.toHaveProperty('image');
  });
});

describe('refreshRequestLines', () => {
  it('sends each line with the price and shipping the buyer was shown', () => {
    expect(refreshRequestLines([item({ title: 'x', sellerId: 'y' })])).toEqual([
      { _id: 'p1', amount: 2, selectedVariations: {}, price: 10, shippingCost: 3 },
    ]);
  });
});
