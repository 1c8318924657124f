import { useId, useState } from 'react';
import { formatMoney } from '../../../../shared/format';
import { ConfirmedCancel } from '../../../components/ConfirmedCancel';
import { SubmitButton, TextAreaField } from '../../../components/ui/form';
import { cancelSale } from '../actions';

/** The seller cancels an unshipped sale (confirm; optional reason the buyer reads). */
export function CancelSaleForm({
  saleId,
  total,
  currency,
  onCancelled,
}: {
  saleId: string;
  total: number;
  currency: string;
  onCancelled: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');

  return (
    <ConfirmedCancel
      title="Cancel this sale?"
      message={`Cancel this sale? The buyer is refunded ${formatMoney(total, currency)} and the items go back on sale.`}
      cancel={() => cancelSale(saleId, reason)}
      onCancelled={onCancelled}
      errorTestId="cancel-error"
    >
      {({ pending, confirm, failure }) => (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            confirm();
          }}
          className="flex flex-col gap-4"
          aria-labelledby={`${id}-title`}
          data-testid="cancel-sale-form"
        >
          <h2 id={`${id}-title`} className="text-lg font-semibold text-gray-900">
            Can&apos;t ship it?
          </h2>
          <p className="text-sm text-gray-700">
            Cancel the sale and the buyer gets all of this sale&apos;s money back. Sales not shipped
            by their deadline are cancelled this way automatically.
          </p>
          <TextAreaField
            id={`${id}-reason`}
            name="reason"
            label="Reason (optional, the buyer sees it)"
            value={reason}
            maxLength={300}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-testid="cancel-reason-input"
          />
          {failure}
          <SubmitButton
            pending={pending}
            pendingLabel="Cancelling…"
            className="btn btn-danger w-full md:w-auto"
            testId="cancel-sale"
          >
            Cancel sale
          </SubmitButton>
        </form>
      )}
    </ConfirmedCancel>
  );
}
