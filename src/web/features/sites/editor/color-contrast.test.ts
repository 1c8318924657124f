import { describe, expect, it } from 'vitest';
import { contrastRatio, parseOpaqueColor } from '../../../../shared/color-contrast';
import {
  CONTRAST_PAIRS,
  checkPair,
  contrastMessage,
  formatRatio,
  hslToRgb,
  nearestPassingColor,
  rgbToHex,
  rgbToHsl,
  textContrast,
} from './color-contrast';

const ratio = (a: string, b: string) => contrastRatio(parseOpaqueColor(a)!, parseOpaqueColor(b)!);
const hue = (hex: string) => rgbToHsl(parseOpaqueColor(hex)!)[0];
const lightness = (hex: string) => rgbToHsl(parseOpaqueColor(hex)!)[2];
const header = CONTRAST_PAIRS.find((p) => p.key === 'header')!;
const page = CONTRAST_PAIRS.find((p) => p.key === 'page')!;

describe('HSL conversions', () => {
  it('round-trip every kind of colour to the same bytes', () => {
    for (const hex of [
      '#000000',
      '#ffffff',
      '#7c2d12',
      '#4f46e5',
      '#a7f3d0',
      '#808080',
      '#ff0000',
      '#00ff00',
      '#0000ff',
      '#c2410c',
    ]) {
      expect(rgbToHex(hslToRgb(rgbToHsl(parseOpaqueColor(hex)!)))).toBe(hex);
    }
  });
  it('reads hue, saturation and lightness', () => {
    expect(rgbToHsl([255, 0, 0])).toEqual([0, 1, 0.5]);
    expect(rgbToHsl([0, 0, 255])[0]).toBe(240);
    expect(rgbToHsl([128, 128, 128])[1]).toBe(0);
  });
});

describe('nearestPassingColor', () => {
  it('returns a passing colour unchanged (as #rrggbb)', () => {
    expect(nearestPassingColor('#111827', '#ffffff')).toBe('#111827');
    expect(nearestPassingColor('#FFF', '#000')).toBe('#ffffff');
  });

  it('darkens a pale text on a light background just enough, keeping its hue', () => {
    const fixed = nearestPassingColor('#f59e0b', '#ffffff')!; // amber on white: 2.1:1
    expect(ratio(fixed, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(ratio(fixed, '#ffffff')).toBeLessThan(4.7); // the nearest, not merely a passing one
    expect(lightness(fixed)).toBeLessThan(lightness('#f59e0b'));
    expect(Math.abs(hue(fixed) - hue('#f59e0b'))).toBeLessThan(3);
  });

  it('lightens a dark text on a dark background', () => {
    const fixed = nearestPassingColor('#1e3a8a', '#0f172a')!; // navy on slate: 1.6:1
    expect(ratio(fixed, '#0f172a')).toBeGreaterThanOrEqual(4.5);
    expect(ratio(fixed, '#0f172a')).toBeLessThan(4.7);
    expect(lightness(fixed)).toBeGreaterThan(lightness('#1e3a8a'));
    expect(Math.abs(hue(fixed) - hue('#1e3a8a'))).toBeLessThan(3);
  });

  it('moves whichever way is shorter on a mid background', () => {
    const bg = '#777777';
    const fixed = nearestPassingColor('#707070', bg)!;
    expect(ratio(fixed, bg)).toBeGreaterThanOrEqual(4.5);
    // On #777 only black-ish text passes (white is 4.48:1): the only way is down.
    expect(lightness(fixed)).toBeLessThan(lightness('#707070'));
  });

  it('always finds a colour at full opacity, even for the hardest background', () => {
    for (const bg of ['#767676', '#757575', '#7a7a7a', '#0077cc', '#ff00ff', '#22aa22']) {
      for (const text of ['#808080', '#ff0000', bg]) {
        const fixed = nearestPassingColor(text, bg);
        expect(fixed, `${text} on ${bg}`).not.toBeNull();
        expect(ratio(fixed!, bg)).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('checks text shown below full opacity as it is seen (blended)', () => {
    const fixed = nearestPassingColor('#6b7280', '#ffffff', { opacity: 0.8 })!;
    expect(textContrast(fixed, '#ffffff', 0.8)).toBeGreaterThanOrEqual(4.5);
    expect(textContrast('#6b7280', '#ffffff', 0.8)).toBeLessThan(4.5);
    // Some backgrounds have no dimmed text colour that reads at all.
    expect(nearestPassingColor('#777777', '#777777', { opacity: 0.5 })).toBeNull();
  });

  it('gives up on what is not an opaque colour', () => {
    expect(nearestPassingColor('red', '#ffffff')).toBeNull();
    expect(nearestPassingColor('#ffffff', 'not a colour')).toBeNull();
  });
});

describe('contrast warnings', () => {
  it('words the ratio without rounding up past the minimum', () => {
    expect(formatRatio(4.4999)).toBe('4.4:1');
    expect(formatRatio(2.06)).toBe('2.0:1');
    expect(formatRatio(21)).toBe('21.0:1');
  });

  it('warns for a failing pair with the sentence and the nearest passing colour', () => {
    const warning = checkPair(header, {
      headerTextColor: '#9ca3af',
      headerBackgroundColor: '#ffffff',
    })!;
    expect(contrastMessage(warning)).toBe(
      'Header text on header background: 2.5:1 — below the 4.5:1 WCAG AA minimum',
    );
    expect(ratio(warning.suggestion!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // Meanwhile the page paints the header text dark, as the preview shows.
    expect(warning.shownInstead).toBe('#111827');
  });

  it('stays quiet for a passing pair or a colour still being typed', () => {
    expect(
      checkPair(header, { headerTextColor: '#111827', headerBackgroundColor: '#ffffff' }),
    ).toBeNull();
    expect(
      checkPair(header, { headerTextColor: '#11', headerBackgroundColor: '#ffffff' }),
    ).toBeNull();
  });

  it('checks page text at the opacity the page dims it to', () => {
    // 4.8:1 solid, below 4.5:1 at 80 %.
    expect(ratio('#6b7280', '#ffffff')).toBeGreaterThan(4.5);
    const warning = checkPair(page, { textColor: '#6b7280', backgroundColor: '#ffffff' })!;
    expect(warning.ratio).toBeLessThan(4.5);
    expect(textContrast(warning.suggestion!, '#ffffff', page.opacity)).toBeGreaterThanOrEqual(4.5);
  });
});
