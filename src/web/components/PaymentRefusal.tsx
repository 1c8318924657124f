import { useEffect, useRef } from 'react';
import { MESSAGES } from '../../shared/messages';
import { returnFocusAfterModal } from './ui/modal';
import type { Refusal } from './payment-refusal';

/**
 * A refused payment, shown next to the button that paid (issue 24): announced (`role="alert"`) and
 * focused, which scrolls it into view on a phone. The wait modal may still be closing when it
 * appears: focus then comes here once the modal has gone, instead of back to the Pay button.
 */
export function PaymentRefusal({ refusal, testId }: { refusal: Refusal | null; testId: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!refusal || !el) return;
    returnFocusAfterModal(el);
    el.focus();
  }, [refusal]);
  if (!refusal) return null;
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      className="scroll-my-4 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900"
      data-testid={testId}
    >
      <p className="font-semibold">{MESSAGES.paymentError}</p>
      {refusal.advice ? <p className="mt-1">{refusal.advice}</p> : null}
    </div>
  );
}
