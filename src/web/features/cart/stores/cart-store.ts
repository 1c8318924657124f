import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { cartTotals, type CartTotals } from '../../../../shared/cart';
import type { AddressRecord } from '../../../../shared/contracts/commerce';
import type { Attribution } from '../../../../shared/contracts/insights';
import { preselectedShippingId } from '../address-choice';
import { attemptFor, sanitizePlacingAttempt, type PlacingAttempt } from '../placing-attempt';

/** A line in the cart (SPEC §3 Cart item); title and image are kept for display only. */
export interface CartItem {
  _id: string;
  amount: number;
  price: number;
  shippingCost: number;
  selectedVariations: Record<string, string>;
  title?: string;
  image?: string;
  /** The seller's user id (lines added before it was kept have none): /{username}/checkout. */
  sellerId?: string;
  /** What the sale is credited to (attribution.ts): kept here, sent with POST /orders. */
  via?: Attribution;
}

export type CartItemInput = Omit<CartItem, 'shippingCost' | 'selectedVariations' | 'amount' | 'via'> & {
  amount?: number;
  shippingCost?: number | null;
  selectedVariations?: Record<string, string> | null;
};

/** The checkout steps (SPEC §3 selectedTab), in order. */
export const CHECKOUT_TABS = ['cart', 'address', 'payment'] as const;
export type CheckoutTab = (typeof CHECKOUT_TABS)[number];

/**
 * The order POST /orders created for this cart, and the fingerprint of what it was created from
 * (order-fingerprint.ts): going back and forth reuses it; a changed cart places a new one.
 */
export interface PlacedOrder {
  orderId: string;
  fingerprint: string;
}

export interface CartState {
  items: CartItem[];
  selectedShippingAddressId: string | null;
  selectedBillingAddressId: string | null;
  /** The member's address book (GET /addresses); not persisted (docs/decisions/031). */
  userAddresses: AddressRecord[];
  /** The selected shipping address itself, from `userAddresses`. */
  shippingAddress: AddressRecord | null;
  /** A shipping address is selected (and exists in the address book once it is loaded). */
  addressIsValid: boolean;
  selectedTab: CheckoutTab;
  placedOrder: PlacedOrder | null;
  /** The attempt to place the cart under way (placing-attempt.ts): persisted, as a reload retries. */
  placingAttempt: PlacingAttempt | null;
  /** Merges with an existing line of the same post and variations. */
  addItem: (item: CartItemInput) => void;
  removeItem: (id: string, selectedVariations?: Record<string, string>) => void;
  /** Sets a line's amount; 0 removes it. */
  setAmount: (id: string, amount: number, selectedVariations?: Record<string, string>) => void;
  /** Replaces the lines (with what POST /cart/refresh said: cart-refresh.ts). */
  replaceItems: (items: CartItem[]) => void;
  /** Keeps a post's credit on its lines (attribution.ts). */
  creditLine: (postId: string, via: Attribution) => void;
  clearCart: () => void;
  setSelectedShippingAddressId: (id: string | null) => void;
  /** null: bill to the shipping address. */
  setSelectedBillingAddressId: (id: string | null) => void;
  setAddressIsValid: (valid: boolean) => void;
  /**
   * The loaded address book; selections of addresses no longer in it are dropped, and the shipping
   * address falls back to the newest (address-choice.ts), so the only one is selected.
   */
  setUserAddresses: (addresses: AddressRecord[]) => void;
  /** A newly saved address joins the book and is selected for shipping or billing. */
  addAddress: (address: AddressRecord, use: 'shipping' | 'billing') => void;
  setSelectedTab: (tab: CheckoutTab) => void;
  /** An order placed for the cart ends the attempt that placed it: placing again is a new one. */
  setPlacedOrder: (order: PlacedOrder | null) => void;
  /**
   * The idempotency key POST /orders gets for the cart `fingerprint` names: the attempt's under way
   * when it is for the same cart (a retry), else a new attempt's (docs/decisions/077).
   */
  placingKey: (fingerprint: string) => string;
  /** SPEC §9 totals: subtotal, shipping, tax, totalWithTax, grandTotal (from src/shared/cart). */
  totals: () => CartTotals;
  itemCount: () => number;
}

export const CART_STORAGE_KEY = 'cart';

const isTab = (v: unknown): v is CheckoutTab => CHECKOUT_TABS.includes(v as CheckoutTab);

function sanitizePlacedOrder(value: unknown): PlacedOrder | null {
  if (typeof value !== 'object' || value === null) return null;
  const { orderId, fingerprint } = value as Record<string, unknown>;
  return typeof orderId === 'string' && orderId && typeof fingerprint === 'string'
    ? { orderId, fingerprint }
    : null;
}

/** The shipping selection that follows from an address book and a selected id. */
function shippingFrom(addresses: AddressRecord[], id: string | null) {
  const shippingAddress = addresses.find((a) => a._id === id) ?? null;
  return {
    selectedShippingAddressId: shippingAddress ? id : null,
    shippingAddress,
    addressIsValid: shippingAddress !== null,
  };
}

/** Identity of a cart line: the post plus its chosen variations (order-independent). */
export function cartLineKey(id: string, selectedVariations: Record<string, string> = {}): string {
  const entries = Object.entries(selectedVariations).sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  return `${id}|${JSON.stringify(entries)}`;
}

/** A credit as the server answered it (the server checks it again at POST /orders). */
function isAttribution(v: unknown): v is Attribution {
  if (typeof v !== 'object' || v === null) return false;
  const a = v as Record<string, unknown>;
  return (
    typeof a.postId === 'string' &&
    typeof a.source === 'string' &&
    typeof a.at === 'string' &&
    (a.linkId === null || typeof a.linkId === 'string')
  );
}

const isMoney = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/** Keeps only well-formed lines (localStorage may hold anything); fills defaults. */
export function sanitizeCartItems(value: unknown): CartItem[] {
  if (!Array.isArray(value)) return [];
  const out: CartItem[] = [];
  for (const raw of value) {
    if (typeof raw !== 'object' || raw === null) continue;
    const r = raw as Record<string, unknown>;
    if (typeof r._id !== 'string' || !r._id) continue;
    if (typeof r.amount !== 'number' || !Number.isSafeInteger(r.amount) || r.amount < 1) continue;
    if (!isMoney(r.price)) continue;
    const variations: Record<string, string> = {};
    if (typeof r.selectedVariations === 'object' && r.selectedVariations !== null) {
      for (const [k, v] of Object.entries(r.selectedVariations))
        if (typeof v === 'string') variations[k] = v;
    }
    out.push({
      _id: r._id,
      amount: r.amount,
      price: r.price,
      shippingCost: isMoney(r.shippingCost) ? r.shippingCost : 0,
      selectedVariations: variations,
      ...(typeof r.title === 'string' ? { title: r.title } : {}),
      ...(typeof r.image === 'string' ? { image: r.image } : {}),
      ...(typeof r.sellerId === 'string' && r.sellerId ? { sellerId: r.sellerId } : {}),
      ...(isAttribution(r.via) ? { via: r.via } : {}),
    });
  }
  return out;
}

export const useCartStore = create<CartState>()(
  persist(
    (set, get) => ({
      items: [],
      selectedShippingAddressId: null,
      selectedBillingAddressId: null,
      userAddresses: [],
      shippingAddress: null,
      addressIsValid: false,
      selectedTab: 'cart',
      placedOrder: null,
      placingAttempt: null,
      addItem: (input) => {
        const [item] = sanitizeCartItems([{ amount: 1, ...input }]);
        if (!item) return;
        const key = cartLineKey(item._id, item.selectedVariations);
        const items = get().items;
        const existing = items.find((i) => cartLineKey(i._id, i.selectedVariations) === key);
        set({
          items: existing
            ? items.map((i) =>
                i === existing ? { ...i, ...item, amount: i.amount + item.amount } : i,
              )
            : [...items, item],
        });
      },
      removeItem: (id, selectedVariations) => {
        const key = cartLineKey(id, selectedVariations);
        set({
          items: get().items.filter((i) =>
            selectedVariations ? cartLineKey(i._id, i.selectedVariations) !== key : i._id !== id,
          ),
        });
      },
      setAmount: (id, amount, selectedVariations) => {
        if (!Number.isSafeInteger(amount) || amount < 0) return;
        if (amount === 0) return get().removeItem(id, selectedVariations);
        const key = cartLineKey(id, selectedVariations);
        set({
          items: get().items.map((i) =>
            (selectedVariations ? cartLineKey(i._id, i.selectedVariations) === key : i._id === id)
              ? { ...i, amount }
              : i,
          ),
        });
      },
      replaceItems: (items) => set({ items }),
      creditLine: (postId, via) =>
        set({ items: get().items.map((i) => (i._id === postId ? { ...i, via } : i)) }),
      clearCart: () =>
        set({ items: [], selectedTab: 'cart', placedOrder: null, placingAttempt: null }),
      setSelectedShippingAddressId: (id) => {
        const book = get().userAddresses;
        // Before the address book is loaded the id is taken on trust (it is checked on load).
        if (book.length === 0) set({ selectedShippingAddressId: id, addressIsValid: id !== null });
        else set(shippingFrom(book, id));
      },
      setSelectedBillingAddressId: (selectedBillingAddressId) => set({ selectedBillingAddressId }),
      setAddressIsValid: (addressIsValid) => set({ addressIsValid }),
      setUserAddresses: (userAddresses) => {
        const billing = get().selectedBillingAddressId;
        set({
          userAddresses,
          ...shippingFrom(
            userAddresses,
            preselectedShippingId(userAddresses, get().selectedShippingAddressId),
          ),
          selectedBillingAddressId: userAddresses.some((a) => a._id === billing) ? billing : null,
        });
      },
      addAddress: (address, use) => {
        const userAddresses = [
          address,
          ...get().userAddresses.filter((a) => a._id !== address._id),
        ];
        if (use === 'billing') set({ userAddresses, selectedBillingAddressId: address._id });
        else set({ userAddresses, ...shippingFrom(userAddresses, address._id) });
      },
      setSelectedTab: (selectedTab) => set({ selectedTab }),
      setPlacedOrder: (placedOrder) =>
        set(placedOrder ? { placedOrder, placingAttempt: null } : { placedOrder }),
      placingKey: (fingerprint) => {
        const placingAttempt = attemptFor(get().placingAttempt, fingerprint);
        set({ placingAttempt });
        return placingAttempt.key;
      },
      totals: () => cartTotals(get().items),
      itemCount: () => get().items.reduce((n, i) => n + i.amount, 0),
    }),
    {
      name: CART_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      skipHydration: true,
      partialize: (s) => ({
        items: s.items,
        selectedShippingAddressId: s.selectedShippingAddressId,
        selectedBillingAddressId: s.selectedBillingAddressId,
        addressIsValid: s.addressIsValid,
        selectedTab: s.selectedTab,
        placedOrder: s.placedOrder,
        placingAttempt: s.placingAttempt,
      }),
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<CartState>;
        return {
          ...current,
          items: sanitizeCartItems(p.items),
          selectedShippingAddressId:
            typeof p.selectedShippingAddressId === 'string' ? p.selectedShippingAddressId : null,
          selectedBillingAddressId:
            typeof p.selectedBillingAddressId === 'string' ? p.selectedBillingAddressId : null,
          addressIsValid: p.addressIsValid === true,
          selectedTab: isTab(p.selectedTab) ? p.selectedTab : current.selectedTab,
          placedOrder: sanitizePlacedOrder(p.placedOrder),
          placingAttempt: sanitizePlacingAttempt(p.placingAttempt),
        };
      },
    },
  ),
);

/** Number of units in the cart (for the header badge). */
export const selectCartCount = (s: CartState) => s.items.reduce((n, i) => n + i.amount, 0);
