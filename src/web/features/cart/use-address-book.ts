import { useCallback, useEffect, useState } from 'react';
import { listAddresses } from './api/checkout-api';
import { useCartStore } from './stores/cart-store';

export type AddressBookStatus = 'idle' | 'loading' | 'ready' | 'failed';

/**
 * The signed-in buyer's address book (GET /addresses) in the cart store, loaded once the checkout
 * knows who is buying: the address and payment steps both read it, and a selection of an address
 * that no longer exists is dropped (cart-store `setUserAddresses`).
 */
export function useAddressBook(enabled: boolean): {
  status: AddressBookStatus;
  reload: () => void;
} {
  const [status, setStatus] = useState<AddressBookStatus>('idle');

  const reload = useCallback(() => {
    setStatus('loading');
    listAddresses().then(
      (addresses) => {
        useCartStore.getState().setUserAddresses(addresses);
        setStatus('ready');
      },
      () => setStatus('failed'),
    );
  }, []);

  useEffect(() => {
    if (enabled && status === 'idle') reload();
  }, [enabled, status, reload]);

  return { status, reload };
}
