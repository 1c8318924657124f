import { describe, expect, it } from 'vitest';
import {
  MIN_TEXT_CONTRAST,
  MIN_UI_CONTRAST,
  colorThatReads,
  contrastRatio,
  parseOpaqueColor,
  readableTextColor,
} from './color-contrast';

describe('colour contrast', () => {
  it('parses opaque hex and rgb() colours and refuses the rest', () => {
    expect(parseOpaqueColor('#abc')).toEqual([170, 187, 204]);
    expect(parseOpaqueColor('#1E3A8A')).toEqual([30, 58, 138]);
    expect(parseOpaqueColor('#1e3a8aff')).toEqual([30, 58, 138]);
    expect(parseOpaqueColor('rgb(10, 20, 30)')).toEqual([10, 20, 30]);
    expect(parseOpaqueColor('#1e3a8a80')).toBeNull();
    expect(parseOpaqueColor('rgba(0 0 0 / 0.5)')).toBeNull();
    expect(parseOpaqueColor('hsl(0 0% 0%)')).toBeNull();
    expect(parseOpaqueColor('red')).toBeNull();
  });

  it('measures the WCAG ratio both ways round', () => {
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
    expect(contrastRatio([255, 255, 255], [0, 0, 0])).toBeCloseTo(21, 5);
    expect(contrastRatio([119, 119, 119], [255, 255, 255])).toBeCloseTo(4.48, 2);
  });

  it('keeps a text colour that reads and replaces one that does not', () => {
    expect(readableTextColor('#ffffff', '#1e3a8a')).toBe('#ffffff');
    expect(readableTextColor('#eeeeee', '#ffffff')).toBe('#111827');
    expect(readableTextColor('#111111', '#000000')).toBe('#ffffff');
    // At 80 % opacity a barely passing colour fails.
    expect(readableTextColor('#767676', '#ffffff')).toBe('#767676');
    expect(readableTextColor('#767676', '#ffffff', 0.8)).toBe('#111827');
    expect(readableTextColor('hsl(0 0% 0%)', '#ffffff')).toBe('hsl(0 0% 0%)');
  });

  it('keeps an accent that reads on every surface it is drawn on, else the fallback', () => {
    // Terracotta reads on cream and on white as text.
    expect(colorThatReads('#9a3412', ['#fff7ed', '#ffffff'], MIN_TEXT_CONTRAST, 'x')).toBe(
      '#9a3412',
    );
    // A light orange (2.8:1 on white) is too faint for text, yet passes the 3:1 of a focus ring
    // only where it reaches it.
    expect(colorThatReads('#f97316', ['#ffffff'], MIN_TEXT_CONTRAST, 'x')).toBe('x');
    expect(colorThatReads('#ea580c', ['#ffffff'], MIN_UI_CONTRAST, 'x')).toBe('#ea580c');
    // One failing surface is enough to fall back: indigo on the dark Midnight page.
    expect(colorThatReads('#4338ca', ['#ffffff', '#111827'], MIN_TEXT_CONTRAST, 'x')).toBe('x');
    // Colours that cannot be measured are not trusted.
    expect(colorThatReads('hsl(0 0% 0%)', ['#ffffff'], MIN_TEXT_CONTRAST, 'x')).toBe('x');
    expect(colorThatReads('#000000', ['white'], MIN_TEXT_CONTRAST, 'x')).toBe('x');
  });
});
