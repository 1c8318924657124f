import { describe, expect, it } from 'vitest';
import { textWidth, wrapText } from './svg-text';

const opts = { maxWidth: 400, fontSize: 40, maxLines: 2 };

describe('wrapping text for SVG', () => {
  it('breaks between words and keeps every line within the width', () => {
    const lines = wrapText('A fast graphics card for games and rendering', {
      ...opts,
      maxLines: 5,
    });
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe('A fast graphics card for games and rendering');
    for (const line of lines) expect(textWidth(line, 40)).toBeLessThanOrEqual(400);
  });

  it('ends the last line with an ellipsis when the text does not fit', () => {
    const lines = wrapText('one two three four five six seven eight nine ten eleven twelve', opts);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/…$/);
    expect(textWidth(lines[1]!, 40)).toBeLessThanOrEqual(400);
  });

  it('cuts a word longer than a line, collapses whitespace and gives nothing for empty text', () => {
    const lines = wrapText('x'.repeat(50), { ...opts, maxLines: 4 });
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe('x'.repeat(50));
    expect(wrapText('  a \n\t b  ', opts)).toEqual(['a b']);
    expect(wrapText('   ', opts)).toEqual([]);
  });

  it('drops characters SVG cannot hold', () => {
    expect(wrapText('bad\u0000char', opts)).toEqual(['badchar']);
  });
});
