import Stripe from 'stripe';
import { PaymentProviderError } from './types';

// How the Stripe drivers (payments, billing) call Stripe: every failure becomes a
// PaymentProviderError, retryable or not, with what Stripe said (docs/decisions/029, 033).

/** A failure worth retrying later: the network, Stripe's side, or its rate limit. */
function isRetryable(err: InstanceType<typeof Stripe.errors.StripeError>): boolean {
  const status = err.statusCode ?? 0;
  return (
    err instanceof Stripe.errors.StripeConnectionError ||
    err instanceof Stripe.errors.StripeAPIError ||
    err instanceof Stripe.errors.StripeRateLimitError ||
    status === 429 ||
    status >= 500 ||
    // Another request with the same idempotency key is still running.
    err.code === 'lock_timeout'
  );
}

function providerError(err: unknown, action: string): PaymentProviderError {
  if (err instanceof PaymentProviderError) return err;
  if (err instanceof Stripe.errors.StripeError) {
    const code = err.code ? ` (${err.code})` : '';
    return new PaymentProviderError(
      `Stripe could not ${action}: ${err.message}${code}`,
      isRetryable(err),
      {
        code: err.code ?? null,
        cardError: err instanceof Stripe.errors.StripeCardError,
        said: err.message,
      },
    );
  }
  const message = err instanceof Error ? err.message : String(err);
  return new PaymentProviderError(`Stripe could not ${action}: ${message}`, true);
}

/** Runs one Stripe request (with the SDK's own retries); its failure as a PaymentProviderError. */
export async function call<T>(action: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (err) {
    throw providerError(err, action);
  }
}

/** The id of an expandable field, whether Stripe sent the id or the object. */
export const idOf = (value: string | { id: string } | null) =>
  value === null ? null : typeof value === 'string' ? value : value.id;
