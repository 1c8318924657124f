import { commentsApi } from '../../../../shared/api/comments';
import type {
  CommentList,
  PostComments,
  ReviewScope,
} from '../../../../shared/contracts/comments';
import { MESSAGES } from '../../../../shared/messages';
import { ApiError, type ApiClient } from '../../../lib/api-client';
import { COMMENTS_PAGE_PARAM } from '../components/CommentsSection';

// The comments' reads for loaders (`serverApi(context)`). A list that fails to load comes back
// empty with SPEC §8's message (lists reset to empty), so the page still renders around it.

export const COMMENTS_PER_PAGE = 20;

export interface PostCommentsState extends PostComments {
  page: number;
  limit: number;
  error: string | null;
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
  const base = { page, limit: COMMENTS_PER_PAGE };
  try {
    const list = await client.call(commentsApi.postComments, {
      query: { productId, ...base },
    });
    return { ...list, ...base, error: null };
  } catch (err) {
    const empty = { comments: [], recordsCount: 0, totalComments: 0, ...base };
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
