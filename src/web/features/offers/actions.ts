import { offersApi } from '../../../shared/api/offers';
import type { OfferAction } from '../../../shared/contracts/offer-rules';
import { notifyError, showNotify } from '../../components/ui/modal';
import { api } from '../../lib/api';

// The offer writes in the browser (docs/decisions/076), each with its modal: the server's
// message when it gives one (SPEC §8), else the flow's own. They resolve true when they went
// through (the caller reloads what it shows).

const DONE: Record<OfferAction, string> = {
  accept: 'Offer accepted! The buyer has 48 hours to check out at this price.',
  decline: 'Offer declined.',
  counter: 'Counter-offer sent!',
  withdraw: 'Offer withdrawn.',
};

/** POST /offers/respond: accept, decline or counter (with `amount`, major units), or withdraw my own. */
export async function answerOffer(
  id: string,
  action: OfferAction,
  amount?: number,
): Promise<boolean> {
  try {
    await api.call(offersApi.respondToOffer, {
      body: { id, action, ...(amount === undefined ? {} : { amount }) },
    });
    void showNotify(DONE[action]);
    return true;
  } catch (error) {
    void notifyError(error, 'Error answering the offer. Please try again later.');
    return false;
  }
}
