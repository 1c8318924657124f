import { commentsApi } from '../../../../shared/api/comments';
import type {
  Comment,
  CommentList,
  PostComments,
  ReviewScope,
} from '../../../../shared/contracts/comments';
import { formatDay } from '../../../../shared/format';
import { MESSAGES } from '../../../../shared/messages';
import { ApiError, type ApiClient } from '../../../lib/api-client';
import { loginUrlFor } from '../../../lib/redirect';

// The comments' reads for loaders (`serverApi(context)`). A list that fails to load comes back
// empty with SPEC §8's message (lists reset to empty), so the page still renders around it.

/** The query parameter of a post page that pages through its comments (`?commentsPage=2`). */
export const COMMENTS_PAGE_PARAM = 'commentsPage';
export const COMMENTS_PER_PAGE = 20;

/** A comment with its date as shown ("Nov 24, 2025", UTC: the same on the server and in the browser). */
export type ShownComment = Comment & { day: string };
export type ShownThread = ShownComment & { replies: ShownComment[] };

const shown = (c: Comment): ShownComment => ({
  ...c,
  day: formatDay(c.createdAt),
});

/**
 * A post page's comments with what they show worked out here on the server (not in the post
 * page's JavaScript): each comment's date, the neighbouring pages of threads and the log-in link
 * back to this page.
 */
export interface PostCommentsState extends Omit<PostComments, 'comments'> {
  comments: ShownThread[];
  error: string | null;
  earlier: string | null;
  later: string | null;
  loginHref: string;
}

/** The page number in `url` (1 when absent or not a sensible number). */
export function pageFrom(url: URL, param: string): number {
  const n = Number(url.searchParams.get(param));
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

/** A post page's comments: the threads this visitor may see, a page at a time. */
export async function loadPostComments(
  client: ApiClient,
  productId: string,
  url: URL,
): Promise<PostCommentsState> {
  const page = pageFrom(url, COMMENTS_PAGE_PARAM);
  const links = (recordsCount: number) => {
    const at = (n: number) => {
      const params = new URLSearchParams(url.search);
      params.set(COMMENTS_PAGE_PARAM, String(n));
      return `${url.pathname}?${params}#comments`;
    };
    return {
      earlier: page > 1 ? at(page - 1) : null,
      later: page * COMMENTS_PER_PAGE < recordsCount ? at(page + 1) : null,
      loginHref: loginUrlFor(url),
    };
  };
  try {
    const list = await client.call(commentsApi.postComments, {
      query: { productId, page, limit: COMMENTS_PER_PAGE },
    });
    const comments = list.comments.map((c) => ({ ...shown(c), replies: c.replies.map(shown) }));
    return { ...list, comments, ...links(list.recordsCount), error: null };
  } catch (err) {
    const empty = { comments: [], recordsCount: 0, totalComments: 0, ...links(0) };
    // No post (the page answers 404 itself): nothing to show, nothing failed.
    if (err instanceof ApiError && (err.status === 404 || err.status === 400))
      return { ...empty, error: null };
    return { ...empty, error: MESSAGES.errorFetchingUserComments };
  }
}

export interface CommentListState extends CommentList {
  page: number;
  limit: number;
  error: string | null;
}

async function listState(
  page: number,
  load: (query: { page: number; limit: number }) => Promise<CommentList>,
): Promise<CommentListState> {
  const base = { page, limit: COMMENTS_PER_PAGE };
  try {
    return { ...(await load(base)), ...base, error: null };
  } catch {
    return { comments: [], recordsCount: 0, ...base, error: MESSAGES.errorFetchingUserComments };
  }
}

/** /comments: my comments in every status, newest first. */
export const loadMyComments = (client: ApiClient, page: number) =>
  listState(page, (query) => client.call(commentsApi.myComments, { query }));

/** /comments: the comments waiting for my review (moderators: `all` of them). */
export const loadReviewComments = (client: ApiClient, scope: ReviewScope, page: number) =>
  listState(page, (query) =>
    client.call(commentsApi.reviewComments, { query: { ...query, scope } }),
  );
