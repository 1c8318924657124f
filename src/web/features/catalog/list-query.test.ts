import { describe, expect, it } from 'vitest';
import { listQueryFromUrl, pageCount, pageHref, PAGE_SIZE } from './list-query';

const url = (s: string) => new URL(s, 'http://shop.test');

describe('list pages: query from the URL', () => {
  it('reads page, sort, tag, status and q, falling back to defaults for bad values', () => {
    expect(listQueryFromUrl(url('/all-posts?page=3&sort=price_desc&tag=art'))).toEqual({
      page: 3,
      sort: 'price_desc',
      limit: PAGE_SIZE,
      tag: 'art',
    });
    expect(
      listQueryFromUrl(url('/my-posts?page=-2&sort=cheapest&status=nope&q=%20mug%20')),
    ).toEqual({ page: 1, sort: 'newest', limit: PAGE_SIZE, q: 'mug' });
    expect(listQueryFromUrl(url('/x?page=1.5&status=draft'))).toMatchObject({
      page: 1,
      status: 'draft',
    });
    expect(listQueryFromUrl(url('/x?page=99999999')).page).toBe(10_000);
  });

  it('links another page keeping the other parameters; page 1 has no parameter', () => {
    expect(pageHref('/products/tags/art?sort=price_asc', 2)).toBe(
      '/products/tags/art?sort=price_asc&page=2',
    );
    expect(pageHref('/all-posts?page=4&sort=newest', 1)).toBe('/all-posts?sort=newest');
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 24)).toBe(1);
    expect(pageCount(25, 24)).toBe(2);
  });
});
