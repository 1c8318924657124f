import { useState } from 'react';
import type { DiscountPreview } from '../../../shared/contracts/discounts';
import { usePending } from '../../components/ui/form';
import { ApiError, isSessionExpired } from '../../lib/api-client';
import { apiErrorMessage } from '../../lib/errors';
import { previewDiscount } from './api/checkout-api';
import type { CartItem } from './stores/cart-store';

/**
 * The checkout's discount code (docs/decisions/073): what is typed, and — once "Apply" asked the
 * server (POST /discounts/preview) — what it takes off and the new totals, or the sentence saying
 * why not. Typing another code or removing it drops the answer, so the totals shown are the cart's
 * again; the order is priced by the server whatever is shown here.
 */
export function useDiscountCode(items: readonly CartItem[]) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<DiscountPreview | null>(null);
  const [pending, run] = usePending();

  function change(next: string) {
    setCode(next);
    setError(null);
    setPreview(null);
  }

  const apply = () =>
    run(false, async () => {
      setError(null);
      setPreview(null);
      if (!code.trim()) return setError('Type a discount code, then choose Apply.');
      try {
        setPreview(await previewDiscount(items, code));
      } catch (err) {
        if (isSessionExpired(err)) return;
        // A refusal is the sentence placing the order would give (expired, used up, minimum…).
        setError(
          err instanceof ApiError
            ? err.message
            : apiErrorMessage(err, 'We could not check this code.'),
        );
      }
    });

  return { code, error, preview, pending, change, apply, setError, remove: () => change('') };
}
export type DiscountCodeState = ReturnType<typeof useDiscountCode>;

/** The codes that took something off, as their sellers wrote them ("SPRING25, RETRO5"). */
export const discountCodesOf = (priced: {
  transactions?: readonly { discount: number; discountCode: string | null }[];
  parts?: readonly { discount: number; discountCode: string | null }[];
}) =>
  [
    ...new Set(
      (priced.transactions ?? priced.parts ?? []).flatMap((p) =>
        p.discount > 0 && p.discountCode ? [p.discountCode] : [],
      ),
    ),
  ].join(', ');
