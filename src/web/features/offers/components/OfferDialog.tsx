import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type FormEvent } from 'react';
import { offersApi } from '../../../../shared/api/offers';
import { OFFER_LIMITS } from '../../../../shared/contracts/offer-rules';
import { pageOfferOf, type PageOffer } from '../../../../shared/contracts/offers';
import { MODAL_WIDTH_PX } from '../../../../shared/constants';
import { formatMoney } from '../../../../shared/format';
import { MESSAGES } from '../../../../shared/messages';
import { DialogFormActions } from '../../../components/DialogFormActions';
import { modalActions, showNotify } from '../../../components/ui/modal';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/errors';
import { OfferPriceField, offeredAmount } from './OfferPriceField';

export type OfferMode = 'buyer' | 'likers';

/**
 * The offer form (loaded by OfferButton on first use): an amount and a note, sent as a buyer's
 * offer (POST /offers) or as the seller's offer to everyone who liked the post (POST
 * /offers/likers). The server's message on refusal, shown in the form.
 */
export default function OfferDialog({
  mode,
  postId,
  title,
  price,
  selection,
  currency,
  onClose,
  onSent,
}: {
  mode: OfferMode;
  postId: string;
  title: string;
  price: number;
  /** The options chosen on the post: the offer is for them. */
  selection: Record<string, string>;
  currency: string;
  onClose: () => void;
  /** A buyer's offer was recorded: the page shows it where the button was. */
  onSent?: (offer: PageOffer) => void;
}) {
  const id = useId();
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = offeredAmount(amount);
    if (!Number.isFinite(value)) return setError('Enter the amount you offer.');
    setBusy(true);
    setError('');
    try {
      const body = { postId, amount: value, note, selectedVariations: selection };
      if (mode === 'buyer') {
        const { offer } = await api.call(offersApi.makeOffer, { body });
        onClose();
        const open = pageOfferOf(offer);
        if (open) onSent?.(open);
        void showNotify('Offer sent! The seller can accept, decline or counter it.');
      } else {
        const res = await api.call(offersApi.offerToLikers, { body });
        onClose();
        void showNotify(res.message);
      }
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        onClose();
        void showNotify(MESSAGES.loginRequired, modalActions.login);
      } else setError(apiErrorMessage(err, 'Error sending the offer. Please try again later.'));
    } finally {
      setBusy(false);
    }
  }

  // The options picked on the post, said in the description: " (Size: M, Colour: Red)".
  const picked = Object.entries(selection).map(([name, option]) => `${name}: ${option}`);
  const choice = picked.length ? ` (${picked.join(', ')})` : '';
  const heading = mode === 'buyer' ? 'Make an offer' : 'Send an offer to likers';
  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-gray-950/50" />
        <Dialog.Content
          data-testid="offer-dialog"
          style={{ maxWidth: `min(${MODAL_WIDTH_PX}px, calc(100vw - 2rem))` }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-full -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 text-gray-900 shadow-2xl focus:outline-none"
        >
          <Dialog.Title className="text-lg font-semibold">{heading}</Dialog.Title>
          <Dialog.Description className="mt-1 text-gray-800">
            {mode === 'buyer'
              ? `“${title}”${choice} is listed at ${formatMoney(price, currency)}. If the seller accepts, the price is yours for 48 hours.`
              : `Everyone who liked “${title}” gets this price${picked.length ? ` for ${picked.join(', ')}` : ''}, for them alone, for 48 hours.`}
          </Dialog.Description>
          <form className="mt-4 space-y-4" onSubmit={(e) => void submit(e)} noValidate>
            <OfferPriceField
              id={`${id}-amount`}
              currency={currency}
              value={amount}
              onChange={setAmount}
              testId="offer-amount-input"
            />
            <div>
              <label htmlFor={`${id}-note`} className="field-label">
                Note (optional)
              </label>
              <textarea
                id={`${id}-note`}
                className="input"
                rows={3}
                maxLength={OFFER_LIMITS.noteMax}
                value={note}
                onChange={(e) => setNote(e.currentTarget.value)}
                data-testid="offer-note-input"
              />
            </div>
            <DialogFormActions
              busy={busy}
              error={error}
              errorTestId="offer-error"
              submitLabel={mode === 'buyer' ? 'Send offer' : 'Send to likers'}
              submitTestId="offer-submit"
            />
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
