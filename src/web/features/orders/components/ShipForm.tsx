import { useId, useState, type FormEvent } from 'react';
import { MESSAGES } from '../../../../shared/messages';
import { ParcelFields } from '../../../components/ParcelFields';
import { SubmitButton, checkOf, focusField, useSend } from '../../../components/ui/form';
import { modalActions, showConfirm } from '../../../components/ui/modal';
import { shipSale } from '../actions';

// Mark shipped (SPEC §4: irreversible, the confirm says so; Okay runs the call). The server's
// refusal is shown as it says it (a second attempt: 'already marked shipped'); any other failure
// as SPEC §8's 'Error marking order as shipped' — beside the button, the form stays in view.

const FIELDS = ['carrier', 'trackingNumber'] as const;

export function ShipForm({ saleId, onShipped }: { saleId: string; onShipped: () => void }) {
  const id = useId();
  const fieldId = (field: (typeof FIELDS)[number]) =>
    field === 'carrier' ? `${id}-carrier` : `${id}-tracking`;
  const [carrier, setCarrier] = useState('usps');
  const [trackingNumber, setTrackingNumber] = useState('');
  const { errors, failure, pending, recheck, send } = useSend({
    fields: FIELDS,
    focus: (field) => focusField(fieldId(field)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    void send(
      { carrier, trackingNumber },
      {
        check: (v: { carrier: string; trackingNumber: string }) =>
          checkOf(
            v.trackingNumber.trim()
              ? {}
              : { trackingNumber: 'Enter the tracking number the carrier gave you.' },
            v,
          ),
        call: (v) =>
          showConfirm(
            MESSAGES.confirmMarkShipped,
            modalActions.run(async () => {
              await shipSale({ id: saleId, ...v });
            }),
            'Mark as shipped?',
          ),
        done: (confirmed) => {
          if (confirmed) onShipped();
        },
        failure: MESSAGES.errorMarkingShipped,
        failureShown: 'inline',
        overlay: false,
      },
    );
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="flex flex-col gap-4"
      aria-labelledby={`${id}-title`}
      data-testid="ship-form"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-gray-900">
        Mark as shipped
      </h2>
      <p className="text-sm text-gray-700">
        Once the parcel is on its way, enter the carrier and its tracking number. The buyer is
        emailed the tracking link and your payout is released. This can&apos;t be undone.
      </p>
      <ParcelFields
        id={id}
        value={{ carrier, trackingNumber }}
        errors={errors}
        testId="ship"
        onChange={(next, field) => {
          setCarrier(next.carrier);
          setTrackingNumber(next.trackingNumber);
          if (field === 'trackingNumber') void recheck('trackingNumber', next);
        }}
      />
      <div aria-live="polite">
        {failure ? (
          <p role="alert" className="field-error" data-testid="ship-error">
            {failure}
          </p>
        ) : null}
      </div>
      <SubmitButton pending={pending} pendingLabel="Marking shipped…" testId="ship-submit">
        Mark shipped
      </SubmitButton>
    </form>
  );
}
