import { beforeEach, describe, expect, it, vi } from 'vitest';

// The store persists to localStorage (absent in Node): give it an in-memory one before import.
vi.hoisted(() => {
  const data = new Map<string, string>();
  (
    globalThis as { localStorage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> }
  ).localStorage = {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
});
import { cartLineKey, sanitizeCartItems, useCartStore } from './cart-store';

beforeEach(() => useCartStore.setState({ items: [] }));

describe('cart store', () => {
  it('merges lines of the same post and variations', () => {
    const { addItem } = useCartStore.getState();
    addItem({ _id: 'p1', price: 10, selectedVariations: { size: 'M', colour: 'red' } });
    addItem({ _id: 'p1', price: 10, amount: 2, selectedVariations: { colour: 'red', size: 'M' } });
    addItem({ _id: 'p1', price: 10, selectedVariations: { size: 'L' } });
    const items = useCartStore.getState().items;
    expect(items).toHaveLength(2);
    expect(items[0]!.amount).toBe(3);
    expect(useCartStore.getState().itemCount()).toBe(4);
  });

  it('computes SPEC §9 totals through the shared cart math', () => {
    const { addItem, totals } = useCartStore.getState();
    addItem({ _id: 'a', price: 19.99, amount: 2, shippingCost: 5 });
    expect(totals()).toEqual({
      subtotal: 39.98,
      shipping: 10,
      tax: 5,
      totalWithTax: 44.98,
      grandTotal: 54.98,
    });
  });

  it('sets amounts and removes a line at 0', () => {
    const s = useCartStore.getState();
    s.addItem({ _id: 'a', price: 1 });
    s.setAmount('a', 5);
    expect(useCartStore.getState().items[0]!.amount).toBe(5);
    s.setAmount('a', -1);
    expect(useCartStore.getState().items[0]!.amount).toBe(5);
    s.setAmount('a', 0);
    expect(useCartStore.getState().items).toEqual([]);
  });

  it('drops malformed persisted lines', () => {
    expect(
      sanitizeCartItems([
        { _id: 'ok', amount: 1, price: 2 },
        { _id: 'neg', amount: 1, price: -2 },
        { _id: 'frac', amount: 1.5, price: 2 },
        { amount: 1, price: 2 },
        'junk',
      ]),
    ).toEqual([{ _id: 'ok', amount: 1, price: 2, shippingCost: 0, selectedVariations: {} }]);
    expect(sanitizeCartItems('nope')).toEqual([]);
  });

  it("keeps a line's seller (a seller's own checkout lists their lines), not a malformed one", () => {
    expect(
      sanitizeCartItems([
        { _id: 'a', amount: 1, price: 2, sellerId: 'u1' },
        { _id: 'b', amount: 1, price: 2, sellerId: 42 },
      ]).map((i) => i.sellerId),
    ).toEqual(['u1', undefined]);
  });

  it('persists under the "cart" key', () => {
    useCartStore.getState().addItem({ _id: 'p', price: 3 });
    expect(JSON.parse(localStorage.getItem('cart') ?? '{}').state.items).toHaveLength(1);
  });

  it('keys lines independently of variation order', () => {
    expect(cartLineKey('a', { x: '1', y: '2' })).toBe(cartLineKey('a', { y: '2', x: '1' }));
  });
});
