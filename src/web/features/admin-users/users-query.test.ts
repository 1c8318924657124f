import { describe, expect, it } from 'vitest';
import { formatDay, usersQueryFromUrl, USERS_PAGE_SIZE } from './users-query';

describe('usersQueryFromUrl', () => {
  it('reads the search, filters and page', () => {
    expect(
      usersQueryFromUrl(
        new URL('http://x/users?q=%20leo%20&role=moderator&status=suspended&page=3'),
      ),
    ).toEqual({
      q: 'leo',
      role: 'moderator',
      status: 'suspended',
      page: 3,
      limit: USERS_PAGE_SIZE,
    });
  });
  it('leaves out what is not valid', () => {
    expect(usersQueryFromUrl(new URL('http://x/users?q=&role=owner&status=gone&page=-2'))).toEqual({
      page: 1,
      limit: USERS_PAGE_SIZE,
    });
  });
  it('formats days in UTC', () => {
    expect(formatDay('2025-03-12T23:30:00.000Z')).toBe('Mar 12, 2025');
  });
});
