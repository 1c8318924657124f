import { beforeEach, describe, expect, it } from 'vitest';

// The store persists to localStorage (absent in Node): vitest's setup file installs one in memory.
import { testLocalStorage } from '../../../../../tests/helpers/memory-local-storage';
import { addressFixture } from '../address.fixtures';
import { cartLineKey, sanitizeCartItems, useCartStore } from './cart-store';

beforeEach(() => {
  testLocalStorage.clear();
  useCartStore.setState({
    items: [],
    userAddresses: [],
    shippingAddress: null,
    selectedShippingAddressId: null,
    selectedBillingAddressId: null,
    addressIsValid: false,
    placedOrder: null,
    placingAttempt: null,
  });
});

const address = (id: string) => addressFixture(id);

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

  it('keeps the address selections that are still in the loaded address book', () => {
    const s = useCartStore.getState();
    s.setSelectedShippingAddressId('a1');
    s.setSelectedBillingAddressId('gone');
    expect(useCartStore.getState().addressIsValid).toBe(true);
    s.setUserAddresses([address('a1'), address('a2')]);
    let now = useCartStore.getState();
    expect(now.shippingAddress?._id).toBe('a1');
    expect(now.selectedBillingAddressId).toBeNull();
    expect(now.addressIsValid).toBe(true);

    // The selected one is gone: the only address left is selected (address-choice.ts).
    s.setUserAddresses([address('a2')]);
    now = useCartStore.getState();
    expect([now.selectedShippingAddressId, now.shippingAddress?._id, now.addressIsValid]).toEqual([
      'a2',
      'a2',
      true,
    ]);

    s.setUserAddresses([]);
    now = useCartStore.getState();
    expect([now.selectedShippingAddressId, now.shippingAddress, now.addressIsValid]).toEqual([
      null,
      null,
      false,
    ]);
  });

  it('selects a newly saved address for shipping or for billing', () => {
    const s = useCartStore.getState();
    s.setUserAddresses([address('a1')]);
    s.addAddress(address('a2'), 'shipping');
    let now = useCartStore.getState();
    expect(now.userAddresses.map((a) => a._id)).toEqual(['a2', 'a1']);
    expect([now.selectedShippingAddressId, now.addressIsValid]).toEqual(['a2', true]);
    s.addAddress(address('a3'), 'billing');
    now = useCartStore.getState();
    expect([now.selectedShippingAddressId, now.selectedBillingAddressId]).toEqual(['a2', 'a3']);
  });

  it('persists the placed order and the step, and forgets both when the cart is emptied', () => {
    const s = useCartStore.getState();
    s.addItem({ _id: 'p', price: 3 });
    s.setPlacedOrder({ orderId: 'o1', fingerprint: 'f' });
    s.setSelectedTab('payment');
    const saved = JSON.parse(localStorage.getItem('cart') ?? '{}').state;
    expect([saved.placedOrder, saved.selectedTab, saved.userAddresses]).toEqual([
      { orderId: 'o1', fingerprint: 'f' },
      'payment',
      undefined,
    ]);
    s.clearCart();
    expect([useCartStore.getState().placedOrder, useCartStore.getState().selectedTab]).toEqual([
      null,
      'cart',
    ]);
  });

  it('keeps one placing key per cart until an order is placed, across a reload', async () => {
    const s = useCartStore.getState();
    const key = s.placingKey('cart-a');
    // A retry of the same cart (the answer was lost) sends the same key.
    expect(useCartStore.getState().placingKey('cart-a')).toBe(key);
    const stored = localStorage.getItem('cart') ?? '{}';
    expect(JSON.parse(stored).state.placingAttempt).toEqual({ fingerprint: 'cart-a', key });
    // A reload: the page's memory gone, the storage read again.
    useCartStore.setState({ placingAttempt: null });
    localStorage.setItem('cart', stored);
    await useCartStore.persist.rehydrate();
    expect(useCartStore.getState().placingKey('cart-a')).toBe(key);
    // Another cart is another attempt.
    expect(useCartStore.getState().placingKey('cart-b')).not.toBe(key);

    // Its order placed, the attempt is over: placing the cart again (the order cancelled or
    // expired) is a new attempt, with a new key.
    const placed = useCartStore.getState().placingKey('cart-a');
    s.setPlacedOrder({ orderId: 'o1', fingerprint: 'cart-a' });
    expect(useCartStore.getState().placingAttempt).toBeNull();
    s.setPlacedOrder(null);
    expect(useCartStore.getState().placingKey('cart-a')).not.toBe(placed);
    s.clearCart();
    expect(useCartStore.getState().placingAttempt).toBeNull();
  });
});
