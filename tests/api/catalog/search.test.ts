import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/shared/contracts/catalog';
import { createTestApp, type TestApp } from '../../helpers/app';
import { inject, signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const { user } = await signedInUser(t.deps);
  await createProduct(t, user, {
    title: 'Leather jacket',
    description: 'Brown, worn twice.',
    _tags: ['fashion'],
  });
  await createProduct(t, user, {
    title: 'Road bicycle',
    description: 'Carbon frame, leather saddle.',
    _tags: ['sport'],
  });
  await createProduct(t, user, {
    title: 'Teapot',
    description: 'Blue glaze.',
    _tags: ['ceramics', 'kitchen'],
  });
  await createProduct(t, user, { title: 'Secret leather boots', status: 'draft' });
  await createProduct(t, user, { title: 'Sold leather bag', status: 'sold' });
  await createProduct(t, user, { title: 'Archived leather belt', status: 'archived' });
});
afterAll(async () => t?.close());

const search = (payload: unknown) =>
  inject(t, { method: 'POST', url: '/api/v1/products/search', payload: payload as object });
const found = async (query: string) => {
  const res = await search({ query });
  expect(res.statusCode, query).toBe(200);
  return (res.json().results as Product[]).map((p) => p.title);
};

describe('POST /products/search', () => {
  it('finds by title, tag and description, title matches first, published posts only', async () => {
    expect(await found('teapot')).toEqual(['Teapot']);
    expect(await found('ceramics')).toEqual(['Teapot']);
    expect(await found('glaze')).toEqual(['Teapot']);
    // "leather" is in one title and one description: the title (weight A) ranks first; the draft,
    // sold and archived posts with it in their titles never show.
    expect(await found('leather')).toEqual(['Leather jacket', 'Road bicycle']);
  });

  it('finds a post through misspelt words', async () => {
    expect(await found('lether jaket')).toEqual(['Leather jacket']);
    expect((await found('bicycel'))[0]).toBe('Road bicycle');
    // A misspelt tag too.
    expect(await found('ceramcs')).toEqual(['Teapot']);
  });

  it('reads search syntax as words: quotes, or, minus', async () => {
    expect(await found('"leather jacket"')).toEqual(['Leather jacket']);
    expect(await found('teapot or bicycle')).toEqual(
      expect.arrayContaining(['Teapot', 'Road bicycle']),
    );
    expect(await found('leather -saddle')).toEqual(['Leather jacket']);
  });

  it('never fails on hostile strings', async () => {
    const hostile = [
      "a & | ! : ( ' )",
      "'''",
      '"',
      '!!!',
      '&&&&',
      ':*',
      'leather:* & !(jacket | <->)',
      "'; drop table products; --",
      '\\',
      '%_%',
      'the and of',
      '🧥 jacket',
      'ЖЁЛТЫЙ 皮夹克 جاكيت',
      'a'.repeat(200),
      'x '.repeat(100),
    ];
    for (const query of hostile) {
      const res = await search({ query });
      expect(res.statusCode, query).toBe(200);
      expect(Array.isArray(res.json().results), query).toBe(true);
    }
    expect(await found('🧥 jacket')).toContain('Leather jacket');
  });

  it('answers 400 with a sentence to empty, long, NUL-bearing or malformed queries', async () => {
    const cases: [unknown, RegExp][] = [
      [{ query: '   ' }, /Type something to search for/],
      [{ query: 'x'.repeat(10 * 1024) }, /at most 200 characters/],
      [{ query: 'bad\u0000' }, /control characters/],
      [{ query: 42 }, /./],
      [{}, /./],
      [{ query: 'ok', limit: 1000 }, /at most 100/],
    ];
    for (const [payload, message] of cases) {
      const res = await search(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.json().message).toMatch(message);
      expect(res.json().message).not.toMatch(/expected|received/i);
    }
  });

  it('honours the limit', async () => {
    const res = await search({ query: 'leather', limit: 1 });
    expect(res.json().results).toHaveLength(1);
  });

  it('is rate limited per address with a sentence', async () => {
    const ip = '198.51.100.77';
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/products/search',
        remoteAddress: ip,
        payload: { query: 'x' },
      });
    for (let i = 0; i < 120; i++) expect((await send()).statusCode).toBe(200);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Please wait \d+ seconds/);
  });
});
