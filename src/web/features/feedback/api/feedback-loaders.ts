import { data } from 'react-router';
import { commerceApi } from '../../../../shared/api/commerce';
import type { Feedback, Order } from '../../../../shared/contracts/commerce';
import type { FeedbackType } from '../../../../shared/contracts/commerce-rules';
import { MESSAGES } from '../../../../shared/messages';
import { ApiError, type ApiClient } from '../../../lib/api-client';
import { shownFeedback, type ShownFeedback } from '../feedback-view';

// Feedback reads for loaders (`serverApi(context)`): a list that fails to load comes back empty
// with SPEC §8's 'Error loading feedbacks', so the page still renders around it.

export const FEEDBACK_PER_PAGE = 20;

export interface FeedbackListState {
  feedbacks: ShownFeedback[];
  recordsCount: number;
  averageRating: number | null;
  page: number;
  error: string | null;
}

export interface FeedbackFilter {
  userId?: string;
  productId?: string;
  authorId?: string;
  orderId?: string;
  type?: FeedbackType;
}

export async function loadFeedbackList(
  client: ApiClient,
  filter: FeedbackFilter,
  page = 1,
  limit = FEEDBACK_PER_PAGE,
): Promise<FeedbackListState> {
  try {
    const list = await client.call(commerceApi.feedbacks, {
      query: { type: 'order', ...filter, page, limit },
    });
    return { ...list, feedbacks: list.feedbacks.map(shownFeedback), page, error: null };
  } catch {
    return {
      feedbacks: [],
      recordsCount: 0,
      averageRating: null,
      page,
      error: MESSAGES.errorLoadingFeedbacks,
    };
  }
}

/** A seller's average and count as a seller (their page's header); null when none or failed. */
export async function loadSellerRating(
  client: ApiClient,
  sellerId: string,
): Promise<{ averageRating: number; recordsCount: number } | null> {
  const list = await loadFeedbackList(client, { userId: sellerId, type: 'order' }, 1, 1);
  return list.averageRating === null || list.recordsCount === 0
    ? null
    : { averageRating: list.averageRating, recordsCount: list.recordsCount };
}

/**
 * One of my orders (GET /orders?id=) with the feedback I left on its sales: another member's or
 * an unknown order is the page's 404; a failed read is 'Error loading orders'.
 */
export async function loadOrderFeedback(
  client: ApiClient,
  orderId: string,
): Promise<{ order: Order | null; given: Feedback[]; error: string | null }> {
  try {
    const [answer, given] = await Promise.all([
      client.call(commerceApi.orders, { query: { id: orderId } }),
      loadFeedbackList(client, { orderId, type: 'order' }, 1, 100),
    ]);
    if (!('order' in answer)) throw data(MESSAGES.pageNotFound, { status: 404 });
    return { order: answer.order, given: given.feedbacks, error: null };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      throw data(MESSAGES.pageNotFound, { status: 404 });
    if (!(error instanceof ApiError)) throw error;
    return { order: null, given: [], error: MESSAGES.errorLoadingOrders };
  }
}
