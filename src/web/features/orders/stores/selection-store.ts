import { create } from 'zustand';

/**
 * The order selected on /orders and the sale selected on /sales (SPEC §4: selecting the selected
 * one again deselects it). Kept while the member moves between pages of the list or flips its
 * sort, so the open one stays open if it is still shown.
 */
interface SelectionState {
  orderId: string | null;
  saleId: string | null;
  toggleOrder: (id: string) => void;
  toggleSale: (id: string) => void;
}

/** The new selection after selecting `id`: it, or nothing when it was already selected. */
export const toggled = (current: string | null, id: string): string | null =>
  current === id ? null : id;

export const useSelection = create<SelectionState>()((set) => ({
  orderId: null,
  saleId: null,
  toggleOrder: (id) => set((s) => ({ orderId: toggled(s.orderId, id) })),
  toggleSale: (id) => set((s) => ({ saleId: toggled(s.saleId, id) })),
}));
