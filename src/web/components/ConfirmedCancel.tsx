import { useState, type ReactNode } from 'react';
import { MESSAGES } from '../../shared/messages';
import { isSessionExpired } from '../lib/api-client';
import { apiErrorMessage } from '../lib/errors';
import { modalActions, showConfirm } from './ui/modal';

/**
 * Cancelling something for good (the buyer's unpaid order, the seller's sale): the app's confirm
 * modal asks first (SPEC §4), Okay runs `cancel` while the modal waits, and a refusal is shown
 * beside the control and announced. The caller lays out its own control and places `failure`,
 * so each keeps its form; this holds what they share.
 */
export function ConfirmedCancel({
  title,
  message,
  cancel,
  onCancelled,
  errorTestId,
  children,
}: {
  /** The confirm's title, a question ("Cancel this sale?"). */
  title: string;
  /** What cancelling does; the irreversible warning is added. */
  message: string;
  cancel: () => Promise<unknown>;
  onCancelled: () => void;
  errorTestId: string;
  children: (control: { pending: boolean; confirm: () => void; failure: ReactNode }) => ReactNode;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function confirm() {
    setFailure(null);
    setPending(true);
    try {
      const done = await showConfirm(
        `${message} ${MESSAGES.confirmIrreversible}`,
        modalActions.run(async () => {
          await cancel();
        }),
        title,
      );
      if (done) onCancelled();
    } catch (err) {
      if (!isSessionExpired(err)) setFailure(apiErrorMessage(err, MESSAGES.genericError));
    } finally {
      setPending(false);
    }
  }

  return children({
    pending,
    confirm: () => void confirm(),
    failure: (
      <div aria-live="polite">
        {failure ? (
          <p role="alert" className="field-error" data-testid={errorTestId}>
            {failure}
          </p>
        ) : null}
      </div>
    ),
  });
}
