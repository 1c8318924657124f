import { describe, expect, it } from 'vitest';
import { parseUserSlug, productLabel } from './user-slug';

describe('parseUserSlug', () => {
  it('recognises /index-{product}bio as a landing page', () => {
    expect(parseUserSlug('index-musicbio')).toEqual({ kind: 'landing', product: 'music' });
    expect(parseUserSlug('index-pc-hardwarebio')).toEqual({
      kind: 'landing',
      product: 'pc-hardware',
    });
  });
  it('reads a username, with the -x alternative', () => {
    expect(parseUserSlug('ann')).toEqual({ kind: 'site', username: 'ann', alternative: null });
    expect(parseUserSlug('ann-x')).toEqual({ kind: 'site', username: 'ann-x', alternative: 'ann' });
    expect(parseUserSlug('a.b_c')).toEqual({ kind: 'site', username: 'a.b_c', alternative: null });
  });
  it('rejects what cannot be a username', () => {
    for (const s of [undefined, '', '-x', 'a b', 'ann!', '.ann', 'x'.repeat(65)]) {
      expect(parseUserSlug(s).kind).toBe('invalid');
    }
  });
  it('labels products for display', () => {
    expect(productLabel('music')).toBe('Music');
    expect(productLabel('pc-hardware')).toBe('PC hardware');
  });
});
