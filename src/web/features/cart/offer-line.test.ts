import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testLocalStorage } from '../../../../tests/helpers/memory-local-storage';
import type { Product } from '../../../shared/contracts/catalog';
import { putOneInCart, putPostOfferInCart } from './offer-line';
import { useCartStore } from './stores/cart-store';

// The cart-add count is an API call: here only whether it was asked for.
const credited = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('./attribution-calls', () => ({ creditCartLine: credited }));

beforeEach(() => {
  testLocalStorage.clear();
  credited.mockClear();
  useCartStore.setState({ items: [] });
});

const mug = { _id: 'p1', price: 28, selectedVariations: { size: 'Large' }, title: 'Mug' };
const lines = () =>
  useCartStore.getState().items.map((i) => [i._id, i.selectedVariations, i.amount]);

describe('putOneInCart (an accepted offer prices a line of one)', () => {
  it('adds the post and option as one item, counted as a cart add', async () => {
    putOneInCart(mug, 'maya');
    expect(lines()).toEqual([['p1', { size: 'Large' }, 1]]);
    await vi.waitFor(() => expect(credited).toHaveBeenCalledWith('p1', null));
  });

  it('sets a line already in the cart to one item instead of adding a second', async () => {
    useCartStore.getState().addItem({ ...mug, amount: 3 });
    useCartStore.getState().addItem({ ...mug, selectedVariations: { size: 'Small' } });
    putOneInCart(mug, 'maya');
    expect(lines()).toEqual([
      ['p1', { size: 'Large' }, 1],
      ['p1', { size: 'Small' }, 1],
    ]);
    // Not a new cart add: only the next new line is counted.
    putOneInCart({ _id: 'p2', price: 5, title: 'Bowl' }, 'maya');
    await vi.waitFor(() => expect(credited).toHaveBeenCalled());
    expect(credited.mock.calls).toEqual([['p2', null]]);
  });
});

describe('putPostOfferInCart (a post page\'s "Buy at …")', () => {
  const lamp = {
    _id: 'p9',
    title: 'Lamp',
    price: 40,
    shippingCost: 6,
    medias: [{ _id: 'm1', type: 'image', thumbnail: '/media/m1-t.webp' }],
    user: { _id: 'u1', username: 'maya', name: 'Maya', image: null },
  } as unknown as Product;
  const offer = {
    _id: 'o1',
    postId: 'p9',
    amount: 31.5,
    selectedVariations: { Colour: 'Blue' },
    proposedBy: 'buyer' as const,
    status: 'accepted' as const,
    expiresAt: '2026-12-01T10:00:00.000Z',
  };

  it("puts the offer's option in the cart at the offer's price, with the post's shipping, seller and picture", () => {
    putPostOfferInCart(lamp, offer);
    expect(useCartStore.getState().items).toEqual([
      expect.objectContaining({
        _id: 'p9',
        amount: 1,
        price: 31.5,
        shippingCost: 6,
        selectedVariations: { Colour: 'Blue' },
        title: 'Lamp',
        sellerId: 'u1',
        image: '/media/m1-t.webp',
      }),
    ]);
  });
});
