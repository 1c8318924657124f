import { offersApi } from '../../../../shared/api/offers';
import type { OfferList } from '../../../../shared/contracts/offers';
import type { ApiClient } from '../../../lib/api-client';

export interface OfferListState extends OfferList {
  /** SPEC §8's wording when the list could not be read, else null. */
  error: string | null;
}

/**
 * GET /offers: my offers, or (`withId`) only those between me and that member — a
 * conversation's. A failed read comes back empty with the error text, so the page still renders.
 */
export async function loadOffers(client: ApiClient, withId?: string): Promise<OfferListState> {
  try {
    const list = await client.call(offersApi.myOffers, { query: withId ? { with: withId } : {} });
    return { ...list, error: null };
  } catch {
    return { received: [], sent: [], error: 'Error loading offers' };
  }
}
