import { describe, expect, it } from 'vitest';
import type { PostComments } from '../../../shared/contracts/comments';
import { MESSAGES } from '../../../shared/messages';
import { ApiError, type ApiClient } from '../../lib/api-client';
import { loadPostComments, pageFrom } from './api/comments-api';

const url = (s: string) => new URL(s, 'http://shop.test');

const comment = (id: string, createdAt: string) => ({
  _id: id,
  productId: 'p1',
  replyTo: null,
  text: `comment ${id}`,
  status: 'accepted' as const,
  user: { _id: 'u1', username: 'sam', name: 'Sam', image: null },
  createdAt,
  decidedAt: createdAt,
});

/** A client whose every call answers `answer` (or throws it), recording the queries asked. */
function clientAnswering(answer: PostComments | Error) {
  const queries: unknown[] = [];
  const client = {
    call: async (_endpoint: unknown, input: { query?: unknown }) => {
      queries.push(input.query);
      if (answer instanceof Error) throw answer;
      return answer;
    },
  } as unknown as ApiClient;
  return { client, queries };
}

describe("a post page's comments (loader)", () => {
  it('asks for the page in ?commentsPage=, dates each comment and links the neighbouring pages', async () => {
    const { client, queries } = clientAnswering({
      comments: [
        {
          ...comment('a', '2025-03-09T23:30:00.000Z'),
          replies: [comment('b', '2025-03-10T08:00:00.000Z')],
        },
      ],
      recordsCount: 45,
      totalComments: 50,
    });
    const state = await loadPostComments(client, 'p1', url('/maya/p1?commentsPage=2&utm=x'));
    expect(queries).toEqual([{ productId: 'p1', page: 2, limit: 20 }]);
    expect(state.comments[0]!.day).toBe('Mar 9, 2025');
    expect(state.comments[0]!.replies[0]!.day).toBe('Mar 10, 2025');
    expect(state).toMatchObject({
      error: null,
      earlier: '/maya/p1?commentsPage=1&utm=x#comments',
      later: '/maya/p1?commentsPage=3&utm=x#comments',
      loginHref: `/login?redirectTo=${encodeURIComponent('/maya/p1?commentsPage=2&utm=x')}`,
    });
    const last = await loadPostComments(client, 'p1', url('/maya/p1?commentsPage=3'));
    expect(last).toMatchObject({ earlier: '/maya/p1?commentsPage=2#comments', later: null });
  });

  it('is empty without an error for a post that is not there, and says so when loading failed', async () => {
    const gone = await loadPostComments(
      clientAnswering(new ApiError(404, 'gone')).client,
      'p1',
      url('/products/p1'),
    );
    expect(gone).toMatchObject({ comments: [], totalComments: 0, error: null, earlier: null });
    const failed = await loadPostComments(
      clientAnswering(new ApiError(500, 'boom')).client,
      'p1',
      url('/products/p1'),
    );
    expect(failed).toMatchObject({ comments: [], error: MESSAGES.errorFetchingUserComments });
  });

  it('reads sensible page numbers only', () => {
    expect(pageFrom(url('/x?commentsPage=4'), 'commentsPage')).toBe(4);
    for (const bad of ['0', '-1', '1.5', 'two', '99999999'])
      expect(pageFrom(url(`/x?commentsPage=${bad}`), 'commentsPage'), bad).toBe(1);
    expect(pageFrom(url('/x'), 'commentsPage')).toBe(1);
  });
});
