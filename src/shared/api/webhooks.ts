import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * Calls made to us by outside services. The body has no schema here on purpose: a webhook's
 * signature is computed over the exact bytes sent, so the route reads the raw body and verifies
 * it before anything parses it.
 */
export const webhooksApi = {
  stripe: endpoint({
    method: 'POST',
    path: '/webhooks/stripe',
    summary:
      "Stripe's event deliveries (Content-Type application/json, signed in the Stripe-Signature header): recorded once per event id and handled in the background",
    tags: ['payments'],
    response: z.object({ received: z.literal(true) }),
  }),
};
