import { useId, useState } from 'react';
import type { ReturnRequest } from '../../../../shared/contracts/returns';
import { RETURN_LIMITS } from '../../../../shared/contracts/returns-rules';
import { formatMoney } from '../../../../shared/format';
import { ParcelFields, type ParcelValue } from '../../../components/ParcelFields';
import { SubmitButton } from '../../../components/ui/form';
import { addReturnTracking, confirmReturnReceived } from '../api/returns-api';
import { Section, useMove } from './ReturnActions';

// The item coming back (ADR 074): the buyer says how they sent it, the seller confirms it arrived
// and the refund is sent. The server checks the tracking number as it checks a shipment's.

/**
 * The buyer's tracking of the item going back: first added in its own section, then correctable
 * (a mistyped number) behind a disclosure while the item is still awaited.
 */
export function BuyerTracking({ r, onDone }: { r: ReturnRequest; onDone: () => void }) {
  const id = useId();
  const sent = r.returnShipment;
  const [parcel, setParcel] = useState<ParcelValue>(
    sent
      ? { carrier: sent.carrier, trackingNumber: sent.trackingNumber }
      : { carrier: 'usps', trackingNumber: '' },
  );
  const move = useMove(onDone);
  const form = (
    <form
      onSubmit={move.go(() => addReturnTracking({ id: r._id, ...parcel }))}
      noValidate
      className="space-y-3"
      data-testid="return-tracking-form"
    >
      <p className="text-sm text-gray-700">
        {sent
          ? 'The seller is told the new number. Their time to confirm the item arrived still counts from when you first sent it.'
          : `Send the item back to the seller, then enter the carrier and tracking number. The refund of ${formatMoney(r.refund ?? 0, r.currency)} is sent when the seller confirms it arrived; if they have not within ${RETURN_LIMITS.receiptDays} days, you can ask our moderators.`}
      </p>
      <ParcelFields
        id={id}
        value={parcel}
        onChange={(next) => setParcel(next)}
        errors={{}}
        testId="return"
      />
      {move.shown}
      <SubmitButton pending={move.pending} pendingLabel="Saving…" testId="return-tracking-submit">
        {sent ? 'Save the new tracking number' : 'Save the tracking number'}
      </SubmitButton>
    </form>
  );
  if (!sent) {
    return (
      <Section title="Send the item back" id={`${id}-title`}>
        {form}
      </Section>
    );
  }
  return (
    <details className="card space-y-3" data-testid="return-tracking-correct">
      <summary className="cursor-pointer font-medium text-gray-900">
        Wrong tracking number? Correct it
      </summary>
      {form}
    </details>
  );
}

export function SellerReceived({ r, onDone }: { r: ReturnRequest; onDone: () => void }) {
  const move = useMove(onDone);
  return (
    <Section title="The item came back" id="received-title">
      <form
        onSubmit={move.go(() => confirmReturnReceived(r._id))}
        className="space-y-3"
        data-testid="received-form"
      >
        <p className="text-sm text-gray-700">
          {r.returnShipment
            ? 'The buyer sent the item back (tracking above). '
            : 'The buyer has not added a tracking number yet. '}
          When it is back with you, confirm it: the refund of{' '}
          {formatMoney(r.refund ?? 0, r.currency)} is sent to the buyer then.
        </p>
        {move.shown}
        <SubmitButton pending={move.pending} pendingLabel="Confirming…" testId="received-submit">
          Mark received and refund
        </SubmitButton>
      </form>
    </Section>
  );
}

/** Whether the seller still has to confirm the item came back (also once it was escalated for it). */
export const waitsForItem = (r: ReturnRequest) =>
  r.status === 'awaiting_return' ||
  (r.status === 'escalated' && r.returnItem === true && r.refund !== null);
