import { useSyncExternalStore } from 'react';
import { useCartStore } from './cart-store';

const subscribe = (onChange: () => void) => useCartStore.persist.onFinishHydration(onChange);
const hydrated = () => useCartStore.persist.hasHydrated();
const notOnServer = () => false;

/** True once the persisted cart has been read from localStorage (never during SSR). */
export function useCartHydrated(): boolean {
  return useSyncExternalStore(subscribe, hydrated, notOnServer);
}
