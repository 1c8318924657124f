import { describe, expect, it } from 'vitest';
import { addTags, removeTagAt } from './tags';

const rules = { max: 3, maxLength: 10 };

describe('addTags', () => {
  it('adds trimmed, comma-separated tags and ignores empties and duplicates (any case)', () => {
    expect(
      addTags(['Art'], ' music ,, art,  vinyl   records ', { max: 20, maxLength: 30 }),
    ).toEqual({
      tags: ['Art', 'music', 'vinyl records'],
    });
  });
  it('refuses tags that are too long, with a message, and keeps the rest', () => {
    expect(addTags([], 'ok, waytoolongtag, fine', rules)).toEqual({
      tags: ['ok', 'fine'],
      error: 'Each tag can have at most 10 characters.',
    });
  });
  it('stops at the maximum number of tags', () => {
    expect(addTags(['a', 'b'], 'c, d, e', rules)).toEqual({
      tags: ['a', 'b', 'c'],
      error: 'Add at most 3 tags.',
    });
    expect(addTags(['a', 'b', 'c'], 'a', rules)).toEqual({ tags: ['a', 'b', 'c'] });
  });
});

describe('removeTagAt', () => {
  it('removes one tag by position', () => {
    expect(removeTagAt(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
    expect(removeTagAt(['a'], 5)).toEqual(['a']);
  });
});
