import { outreachApi } from '../../../../shared/api/outreach';
import type {
  ContactMessagesResponse,
  EmailListStats,
  EmailListTokenResponse,
} from '../../../../shared/contracts/outreach';
import type { ApiClient } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/errors';

// The outreach calls the pages make. Every one runs in a route loader or action (server side):
// the forms are plain HTML posts, so the public pages carry no code of their own for them.

export interface ContactMessagesState extends ContactMessagesResponse {
  error: string | null;
}

export async function loadContactMessages(
  client: ApiClient,
  query: { status: 'new' | 'handled' | 'all'; page: number; limit: number },
): Promise<ContactMessagesState> {
  try {
    return { ...(await client.call(outreachApi.contactMessages, { query })), error: null };
  } catch (err) {
    return {
      messages: [],
      recordsCount: 0,
      error: apiErrorMessage(err, 'Error loading the messages'),
    };
  }
}

/** The signed-in seller's own list (null when it cannot be read: the section is then left out). */
export async function loadMyListStats(client: ApiClient): Promise<EmailListStats | null> {
  try {
    return await client.call(outreachApi.stats, { query: {} });
  } catch {
    return null;
  }
}

export type ListLinkResult =
  | {
      state: 'done';
      action: 'confirm' | 'unsubscribe';
      message: string;
      list: EmailListTokenResponse['list'];
    }
  | { state: 'failed'; action: 'confirm' | 'unsubscribe'; message: string };

/** Opens a list email's link (confirm or unsubscribe) on the server, as the page loads. */
export async function openListLink(
  client: ApiClient,
  action: 'confirm' | 'unsubscribe',
  token: string,
): Promise<ListLinkResult> {
  try {
    const res =
      action === 'confirm'
        ? await client.call(outreachApi.confirm, { body: { token } })
        : await client.call(outreachApi.unsubscribe, { body: { token }, query: {} });
    return { state: 'done', action, message: res.message, list: res.list };
  } catch (err) {
    return {
      state: 'failed',
      action,
      message: apiErrorMessage(err, 'Something went wrong. Open the link from the email again.'),
    };
  }
}
