import { describe, expect, it } from 'vitest';
import {
  EMPTY_SLUG,
  SLUG_MAX,
  parsePostSegment,
  postPath,
  postSegment,
  postSlug,
} from './post-path';

describe('postSlug', () => {
  it('lower-cases the title and joins its words with single hyphens', () => {
    expect(postSlug('RTX 3080  Graphics Card')).toBe('rtx-3080-graphics-card');
    expect(postSlug('  --Hello, World!--  ')).toBe('hello-world');
    expect(postSlug('50% off: 2 × mugs / 1 plate')).toBe('50-off-2-mugs-1-plate');
  });

  it('folds accented and special Latin letters to ASCII', () => {
    expect(postSlug('Crème brûlée à la française')).toBe('creme-brulee-a-la-francaise');
    expect(postSlug('Straße Øresund Łódź Æble Þór')).toBe('strasse-oresund-lodz-aeble-thor');
    expect(postSlug('Ｆｕｌｌｗｉｄｔｈ ＡＢＣ')).toBe('fullwidth-abc');
  });

  it('keeps what Latin letters and digits there are in other scripts', () => {
    expect(postSlug('Кружка mug 2')).toBe('mug-2');
    expect(postSlug('手作り 陶器 cup')).toBe('cup');
  });

  it('gives `post` when nothing readable is left (emoji only, other scripts only, empty)', () => {
    expect(postSlug('🔥🔥🎮')).toBe(EMPTY_SLUG);
    expect(postSlug('Кружка')).toBe(EMPTY_SLUG);
    expect(postSlug('')).toBe(EMPTY_SLUG);
    expect(postSlug('---')).toBe(EMPTY_SLUG);
  });

  it('cuts a long title at the last whole word within the limit', () => {
    const title = 'A very long title about a vintage mechanical keyboard with extra keycaps and a case';
    const slug = postSlug(title);
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(slug).toBe('a-very-long-title-about-a-vintage-mechanical-keyboard-with');
    expect(slug.endsWith('-')).toBe(false);
  });

  it('cuts one endless word where the limit falls', () => {
    expect(postSlug('x'.repeat(200))).toBe('x'.repeat(SLUG_MAX));
  });
});

describe('postPath and parsePostSegment', () => {
  const post = { title: 'Blue mug', shortId: '0a1b2c3d4e5f' };

  it('builds /{username}/{slug}-{shortId}, the username encoded', () => {
    expect(postPath('maya', post)).toBe('/maya/blue-mug-0a1b2c3d4e5f');
    expect(postPath('a b', post)).toBe('/a%20b/blue-mug-0a1b2c3d4e5f');
    expect(postPath('maya', { ...post, title: '🎮' })).toBe('/maya/post-0a1b2c3d4e5f');
  });

  it('reads the short id back from the segment, whatever the slug', () => {
    expect(parsePostSegment(postSegment(post))).toEqual({
      shortId: '0a1b2c3d4e5f',
      segment: 'blue-mug-0a1b2c3d4e5f',
    });
    expect(parsePostSegment('old-title-0a1b2c3d4e5f')).toMatchObject({ shortId: '0a1b2c3d4e5f' });
    expect(parsePostSegment('0a1b2c3d4e5f')).toMatchObject({ shortId: '0a1b2c3d4e5f' });
    // Upper-case hex names the same post; the segment then differs from the current one.
    expect(parsePostSegment('Blue-Mug-0A1B2C3D4E5F')).toEqual({
      shortId: '0a1b2c3d4e5f',
      segment: 'Blue-Mug-0A1B2C3D4E5F',
    });
  });

  it("reads an old address's uuid", () => {
    expect(parsePostSegment('7F1E8A52-6A3C-4F7D-9A0B-2C4D6E8F0A1B')).toEqual({
      uuid: '7f1e8a52-6a3c-4f7d-9a0b-2c4d6e8f0a1b',
    });
  });

  it('names no post for anything else', () => {
    for (const segment of ['products', 'blue-mug', 'blue-mug-0a1b2c3d4e5', 'mug-0a1b2c3d4e5fg', 'mug-zzzzzzzzzzzz', ''])
      expect(parsePostSegment(segment)).toBeNull();
  });
});
