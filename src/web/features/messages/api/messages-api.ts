import { messagesApi } from '../../../../shared/api/messages';
import type {
  Conversations,
  Message,
  MessageList,
  MessageUser,
  Thread,
  UserMessages,
} from '../../../../shared/contracts/messages';
import { MESSAGES } from '../../../../shared/messages';
import { api } from '../../../lib/api';
import { ApiError, type ApiClient } from '../../../lib/api-client';

/**
 * The messages' calls. Loader reads (`serverApi(context)`) never throw for a failed list: it comes
 * back empty with count 0 and the error text (SPEC §8 "list load failures reset lists to empty"),
 * so the page still renders around it.
 */
export interface MessageListState extends MessageList {
  error: string | null;
}

const EMPTY_LIST: MessageList = { messages: [], recordsCount: 0 };

export interface ListPage {
  page: number;
  limit?: number;
}

async function listState(load: () => Promise<MessageList>): Promise<MessageListState> {
  try {
    return { ...(await load()), error: null };
  } catch (err) {
    // A tag no message can have (too long) is an empty list, not a failure.
    if (err instanceof ApiError && err.status === 400) return { ...EMPTY_LIST, error: null };
    return { ...EMPTY_LIST, error: MESSAGES.errorLoadingMessages };
  }
}

/** GET /messages: the public feed (one tag, optionally). */
export const loadFeed = (client: ApiClient, q: ListPage & { tag?: string }) =>
  listState(() =>
    client.call(messagesApi.feed, {
      query: { page: q.page, limit: q.limit, ...(q.tag ? { tag: q.tag } : {}) },
    }),
  );

/** GET /messages/mine. */
export const loadMine = (client: ApiClient, q: ListPage) =>
  listState(() => client.call(messagesApi.mine, { query: { page: q.page, limit: q.limit } }));

export interface ConversationsState extends Conversations {
  error: string | null;
}

/** GET /messages/conversations. */
export async function loadConversations(
  client: ApiClient,
  q: ListPage,
): Promise<ConversationsState> {
  try {
    const answer = await client.call(messagesApi.conversations, {
      query: { page: q.page, limit: q.limit },
    });
    return { ...answer, error: null };
  } catch {
    return {
      conversations: [],
      recordsCount: 0,
      unreadCount: 0,
      error: MESSAGES.errorLoadingConversations,
    };
  }
}

export interface ThreadState {
  messages: Message[];
  recordsCount: number;
  user: MessageUser | null;
  /** Why the thread is not shown (unknown member, blocked, failed), else null. */
  error: string | null;
}

/** GET /messages/conversations/:userId (marks their messages to me as read). */
export async function loadThread(
  client: ApiClient,
  userId: string,
  q: ListPage,
): Promise<ThreadState> {
  try {
    const answer: Thread = await client.call(messagesApi.thread, {
      params: { userId },
      query: { page: q.page, limit: q.limit },
    });
    return { ...answer, error: null };
  } catch (err) {
    // 400/403/404 carry a sentence about this member (unknown, blocked): show it.
    const message =
      err instanceof ApiError && [400, 403, 404].includes(err.status)
        ? err.message
        : MESSAGES.errorLoadingMessages;
    return { messages: [], recordsCount: 0, user: null, error: message };
  }
}

/**
 * GET /messages/unread-count; 0 when it cannot be read (a badge is never worth an error, nor an
 * ended session's modal: a background read).
 */
export async function loadUnreadCount(client: ApiClient): Promise<number> {
  try {
    return (await client.call(messagesApi.unreadCount, {}, { background: true })).unreadCount;
  } catch {
    return 0;
  }
}

/** GET /messages/favoriteIds; empty when it cannot be read (hearts show as not liked). */
export async function loadLikedMessageIds(client: ApiClient): Promise<string[]> {
  try {
    return (await client.call(messagesApi.favoriteIds, {})).likedMessageIds;
  } catch {
    return [];
  }
}

/**
 * One of my messages to edit (GET /messages/mine?id=), or the reason it cannot be edited (not
 * mine, unknown: the server's sentence).
 */
export async function loadMyMessage(
  client: ApiClient,
  id: string,
): Promise<{ message: Message | null; error: string | null }> {
  try {
    const answer = await client.call(messagesApi.mine, { query: { id } });
    return { message: answer.messages[0] ?? null, error: null };
  } catch (err) {
    return {
      message: null,
      error: err instanceof ApiError ? err.message : MESSAGES.errorLoadingMessages,
    };
  }
}

/**
 * A member's latest public messages for their page (GET /messages/user/:username), or null when
 * there is nothing to show (unknown member, no messages, or the call failed: a page section, not
 * the page, so it just stays away).
 */
export async function loadUserMessages(
  client: ApiClient,
  username: string,
  limit = 5,
): Promise<UserMessages | null> {
  try {
    const answer = await client.call(messagesApi.byUser, {
      params: { username },
      query: { page: 1, limit },
    });
    return answer.messages.length ? answer : null;
  } catch {
    return null;
  }
}

// ---- browser calls ----

export interface MessageDraft {
  _id?: string;
  text: string;
  _tags: string[];
  recipient?: string;
  /** Updates: the ids of the current images to keep, in order. */
  medias?: string[];
}

/**
 * PUT /messages: JSON, or multipart (`message` JSON field + `image` files) when there are new
 * images, reporting the upload's progress.
 */
export async function saveMessage(
  draft: MessageDraft,
  files: readonly File[],
  onProgress?: (fraction: number) => void,
): Promise<Message> {
  if (files.length === 0)
    return (await api.call(messagesApi.save, { body: { message: draft } })).message;
  const form = new FormData();
  form.append('message', JSON.stringify(draft));
  for (const file of files) form.append('image', file, file.name);
  return (await api.call(messagesApi.save, { body: form }, { onUploadProgress: onProgress }))
    .message;
}

export const deleteMessage = (id: string) => api.call(messagesApi.remove, { query: { id } });

export async function toggleMessageLike(id: string): Promise<{ liked: boolean; count: number }> {
  const answer = await api.call(messagesApi.like, { body: { id } });
  return { liked: answer.liked, count: answer.message.likesCount };
}
