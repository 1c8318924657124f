import type { z } from 'zod';
import { commerceApi } from '../../../../shared/api/commerce';
import type { onboardingStatusResponse } from '../../../../shared/contracts/commerce';
import { notifyError } from '../../../components/ui/modal';
import { api } from '../../../lib/api';
import { ApiError, type ApiClient } from '../../../lib/api-client';

// The seller's payout account: its status, the setup link (Stripe's hosted onboarding, or our own
// /payout-setup form with the embedded driver) and the embedded form's call.

export type PayoutStatus = z.output<typeof onboardingStatusResponse>;
export type LinkType = 'account_onboarding' | 'account_update';

export const SETUP_LINK_ERROR = 'We could not open the payout setup. Please try again in a moment.';
export const PAYOUT_SAVE_ERROR =
  'Error while attempting to save your payout details. Please try again later.';

/** The caller's payout status for a loader; null when it could not be read (SPEC §4). */
export async function loadPayoutStatus(
  client: ApiClient,
  stripeUserId?: string,
): Promise<{ status: PayoutStatus | null; notYours: boolean }> {
  try {
    const status = await client.call(commerceApi.onboardingStatus, {
      query: stripeUserId ? { stripeUserId } : {},
    });
    return { status, notYours: false };
  } catch (error) {
    return { status: null, notYours: error instanceof ApiError && error.status === 403 };
  }
}

/** The status from the browser (the panel on /sales and elsewhere). */
export const fetchPayoutStatus = () => api.call(commerceApi.onboardingStatus, { query: {} });

/**
 * Fetches a fresh setup link and goes there (links expire: never reuse one). On failure the
 * notify modal says so and the caller stays where it is (resolves false).
 */
export async function goToPayoutSetup(linkType: LinkType): Promise<boolean> {
  try {
    const { url } = await api.call(commerceApi.onboardingLink, { query: { linkType } });
    window.location.assign(url);
    return true;
  } catch (error) {
    void notifyError(error, SETUP_LINK_ERROR);
    return false;
  }
}
