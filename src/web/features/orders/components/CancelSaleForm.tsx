import { useId, useState, type FormEvent } from 'react';
import { formatMoney } from '../../../../shared/format';
import { MESSAGES } from '../../../../shared/messages';
import { SubmitButton, TextAreaField } from '../../../components/ui/form';
import { modalActions, showConfirm } from '../../../components/ui/modal';
import { isSessionExpired } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/errors';
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
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setPending(true);
    try {
      const done = await showConfirm(
        `Cancel this sale? The buyer is refunded ${formatMoney(total, currency)} and the items go back on sale. ${MESSAGES.confirmIrreversible}`,
        modalActions.run(async () => {
          await cancelSale(saleId, reason);
        }),
        'Cancel this sale?',
      );
      if (done) onCancelled();
    } catch (err) {
      if (!isSessionExpired(err)) setFailure(apiErrorMessage(err, MESSAGES.genericError));
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-4"
      aria-labelledby={`${id}-title`}
      data-testid="cancel-sale-form"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-gray-900">
        Can&apos;t ship it?
      </h2>
      <p className="text-sm text-gray-700">
        Cancel the sale and the buyer gets all of this sale&apos;s money back. Sales not shipped by
        their deadline are cancelled this way automatically.
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
      <div aria-live="polite">
        {failure ? (
          <p role="alert" className="field-error" data-testid="cancel-error">
            {failure}
          </p>
        ) : null}
      </div>
      <SubmitButton
        pending={pending}
        pendingLabel="Cancelling…"
        className="btn btn-danger w-full md:w-auto"
        testId="cancel-sale"
      >
        Cancel sale
      </SubmitButton>
    </form>
  );
}
