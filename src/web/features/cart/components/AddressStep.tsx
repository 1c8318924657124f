import { useEffect, useState } from 'react';
import { focusIfPossible } from '../../../lib/focus';
import type { AddressRecord } from '../../../../shared/contracts/commerce';
import { addressLines } from '../address-lines';
import { useCartStore } from '../stores/cart-store';
import type { AddressBookStatus } from '../use-address-book';
import { AddressForm } from './AddressForm';

interface AddressStepProps {
  book: { status: AddressBookStatus; reload: () => void };
  /** Why the buyer was sent back here, if they were. */
  alert: string | null;
  onBack: () => void;
  onContinue: () => void;
}

/** A radio list of saved addresses. */
function AddressChoices({
  name,
  legend,
  addresses,
  selected,
  onSelect,
}: {
  name: string;
  legend: string;
  addresses: AddressRecord[];
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  return (
    <fieldset>
      <legend className="field-label">{legend}</legend>
      <ul className="mt-2 grid gap-3 sm:grid-cols-2" data-testid={`${name}-choices`}>
        {addresses.map((a) => (
          <li key={a._id}>
            <label className="flex h-full cursor-pointer gap-3 rounded-lg border border-gray-300 bg-white p-4 has-[:checked]:border-indigo-700 has-[:checked]:ring-2 has-[:checked]:ring-indigo-700">
              <input
                type="radio"
                name={name}
                value={a._id}
                checked={selected === a._id}
                onChange={() => onSelect(a._id)}
                className="mt-1 size-5 shrink-0 accent-indigo-700"
              />
              <span className="text-sm text-gray-900">
                {addressLines(a).map((line, i) => (
                  <span key={i} className={i === 0 ? 'block font-semibold' : 'block'}>
                    {line}
                  </span>
                ))}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * The address step: where the order ships (a saved address, or a new one) and where the card is
 * billed ("Same as shipping", else a second choice). Going on needs a shipping address.
 */
export function AddressStep({ book, alert, onBack, onContinue }: AddressStepProps) {
  const addresses = useCartStore((s) => s.userAddresses);
  const shippingId = useCartStore((s) => s.selectedShippingAddressId);
  const billingId = useCartStore((s) => s.selectedBillingAddressId);
  const addressIsValid = useCartStore((s) => s.addressIsValid);
  const { setSelectedShippingAddressId, setSelectedBillingAddressId, addAddress } =
    useCartStore.getState();
  const [sameAsShipping, setSameAsShipping] = useState(billingId === null);
  const [formFor, setFormFor] = useState<'shipping' | 'billing' | null>(null);
  // The form goes away on save: focus moves to the address it saved, now selected.
  const [saved, setSaved] = useState<{ use: 'shipping' | 'billing'; id: string } | null>(null);
  useEffect(() => {
    if (!saved) return;
    focusIfPossible(
      document.querySelector(`input[name="${saved.use}-address"][value="${CSS.escape(saved.id)}"]`),
    );
  }, [saved]);
  // Nothing saved yet: the form is open from the start.
  const openForm = formFor ?? (addresses.length === 0 ? 'shipping' : null);
  const billingChosen = sameAsShipping || billingId !== null;

  if (book.status !== 'ready') {
    return book.status === 'failed' ? (
      <div role="alert" className="list-empty">
        <p className="font-semibold">Error loading addresses</p>
        <button type="button" className="btn btn-primary mt-4" onClick={book.reload}>
          Try again
        </button>
      </div>
    ) : (
      <p className="text-gray-700">Loading your addresses…</p>
    );
  }

  const form = (use: 'shipping' | 'billing') => (
    <AddressForm
      use={use}
      onSaved={(address) => {
        addAddress(address, use);
        setFormFor(null);
        setSaved({ use, id: address._id });
      }}
      onCancel={addresses.length > 0 ? () => setFormFor(null) : undefined}
    />
  );

  return (
    <div className="max-w-3xl space-y-6">
      {alert ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          {alert}
        </p>
      ) : null}
      <div>
        {addresses.length > 0 ? (
          <AddressChoices
            name="shipping-address"
            legend="Ship to"
            addresses={addresses}
            selected={shippingId}
            onSelect={setSelectedShippingAddressId}
          />
        ) : (
          <p className="text-gray-700">You have no saved addresses yet: add the one to ship to.</p>
        )}
        {openForm === 'shipping' ? (
          form('shipping')
        ) : (
          <button
            type="button"
            className="btn btn-secondary mt-3"
            onClick={() => setFormFor('shipping')}
            data-testid="address-add"
          >
            Add an address
          </button>
        )}
      </div>

      {addresses.length > 0 ? (
        <div>
          <label className="flex items-center gap-3 font-semibold text-gray-900">
            <input
              type="checkbox"
              className="size-5 accent-indigo-700"
              checked={sameAsShipping}
              onChange={(e) => {
                setSameAsShipping(e.target.checked);
                if (e.target.checked) setSelectedBillingAddressId(null);
              }}
              data-testid="billing-same"
            />
            Bill to the same address (same as shipping)
          </label>
          {!sameAsShipping ? (
            <div className="mt-4">
              <AddressChoices
                name="billing-address"
                legend="Bill to"
                addresses={addresses}
                selected={billingId}
                onSelect={setSelectedBillingAddressId}
              />
              {openForm === 'billing' ? (
                form('billing')
              ) : (
                <button
                  type="button"
                  className="btn btn-secondary mt-3"
                  onClick={() => setFormFor('billing')}
                >
                  Add a billing address
                </button>
              )}
            </div>
          ) : null}
        </div>
      ) : null}

      <p id="address-continue-hint" className="text-sm text-gray-700">
        {!addressIsValid
          ? 'Choose or add the address to ship to.'
          : !billingChosen
            ? 'Choose the billing address, or tick “Same as shipping”.'
            : 'Next: check your order and pay by card.'}
      </p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <button type="button" className="btn btn-secondary" onClick={onBack}>
          Back to cart
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={!addressIsValid || !billingChosen}
          aria-describedby="address-continue-hint"
          onClick={onContinue}
          data-testid="address-continue"
        >
          Continue to payment
        </button>
      </div>
    </div>
  );
}
