import { create } from 'zustand';

/** Side menu visibility (SPEC §4: menu visible/hidden toggle). */
export interface MenuState {
  open: boolean;
  setOpen: (open: boolean) => void;
  toggle: () => void;
  close: () => void;
}

export const useMenuStore = create<MenuState>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
  toggle: () => set((s) => ({ open: !s.open })),
  close: () => set({ open: false }),
}));
