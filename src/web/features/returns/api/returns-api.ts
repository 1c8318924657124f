import { returnsApi } from '../../../../shared/api/returns';
import type { ReturnRequest } from '../../../../shared/contracts/returns';
import { api } from '../../../lib/api';
import { ApiError, type ApiClient } from '../../../lib/api-client';

// Return requests (ADR 074): the reads of /returns and /returns/:id, and the writes of each side.

export const RETURNS_PER_PAGE = 10;
// Requests sent to moderation are items of the moderation queue (/moderation?kind=returns).
export const RETURN_TABS = [
  { id: 'buyer', label: 'My requests' },
  { id: 'seller', label: 'On my sales' },
] as const;
export type ReturnTab = (typeof RETURN_TABS)[number]['id'];

export function returnTabFrom(url: URL): ReturnTab {
  return RETURN_TABS.find((t) => t.id === url.searchParams.get('as'))?.id ?? 'buyer';
}

export interface ReturnsState {
  returns: ReturnRequest[];
  recordsCount: number;
  page: number;
  error: string | null;
}

export async function loadReturns(client: ApiClient, url: URL): Promise<ReturnsState> {
  const n = Number(url.searchParams.get('page'));
  const page = Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
  try {
    const answer = await client.call(returnsApi.list, {
      query: { as: returnTabFrom(url), page, limit: RETURNS_PER_PAGE },
    });
    if (!('returns' in answer)) throw new Error('expected a list of return requests');
    return { ...answer, page, error: null };
  } catch (err) {
    const message =
      err instanceof ApiError ? err.message : 'Your return requests could not be loaded.';
    return { returns: [], recordsCount: 0, page, error: message };
  }
}

/** One request; null when it is not the caller's to see or does not exist (the page's 404). */
export async function loadReturn(client: ApiClient, id: string): Promise<ReturnRequest | null> {
  try {
    const answer = await client.call(returnsApi.list, { query: { id } });
    if (!('returnRequest' in answer)) throw new Error('expected one return request');
    return answer.returnRequest;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return null;
    throw err;
  }
}

/** POST /returns: multipart when there are photos. */
export async function openReturn(
  input: { transactionId: string; reason: string; message: string },
  photos: readonly File[],
): Promise<ReturnRequest> {
  const body = new FormData();
  body.append('request', JSON.stringify(input));
  for (const file of photos) body.append('photo', file, file.name);
  return (await api.call(returnsApi.open, { body })).returnRequest;
}

export const acceptReturn = async (id: string, refund: number, returnItem: boolean) =>
  (await api.call(returnsApi.accept, { body: { id, refund, returnItem } })).returnRequest;
export const declineReturn = async (id: string, reason: string) =>
  (await api.call(returnsApi.decline, { body: { id, reason } })).returnRequest;
export const escalateReturn = async (id: string) =>
  (await api.call(returnsApi.escalate, { body: { id } })).returnRequest;
export const decideReturn = async (input: {
  id: string;
  decision: 'refund' | 'reject';
  refund?: number;
  returnItem: boolean;
  note: string;
}) => (await api.call(returnsApi.decide, { body: input })).returnRequest;
export const addReturnTracking = async (input: {
  id: string;
  carrier: string;
  trackingNumber: string;
}) => (await api.call(returnsApi.tracking, { body: input })).returnRequest;
export const confirmReturnReceived = async (id: string) =>
  (await api.call(returnsApi.received, { body: { id } })).returnRequest;
