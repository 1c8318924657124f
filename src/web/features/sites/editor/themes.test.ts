import { describe, expect, it } from 'vitest';
import {
  SITE_COLOR_FIELDS,
  normalizeHexColor,
  siteFont,
} from '../../../../shared/contracts/site-rules';
import { siteCssVariables } from '../site-theme';
import { CONTRAST_PAIRS, checkPair } from './color-contrast';
import { SITE_THEMES, matchingTheme } from './themes';

describe('ready-made themes', () => {
  it('are a handful, each with a unique id and name', () => {
    expect(SITE_THEMES.length).toBeGreaterThanOrEqual(5);
    expect(new Set(SITE_THEMES.map((t) => t.id)).size).toBe(SITE_THEMES.length);
    expect(new Set(SITE_THEMES.map((t) => t.name)).size).toBe(SITE_THEMES.length);
  });

  for (const theme of SITE_THEMES) {
    it(`${theme.name}: every colour a saved hex, an allowed font, every pair passes WCAG AA`, () => {
      for (const field of SITE_COLOR_FIELDS)
        expect(normalizeHexColor(theme.colors[field])).toBe(theme.colors[field]);
      expect(siteFont(theme.fontFamily)?.family).toBe(theme.fontFamily);
      for (const pair of CONTRAST_PAIRS)
        expect(checkPair(pair, theme.colors), pair.label).toBeNull();
      // The page keeps the theme's text colours as chosen (no readable-colour fallback kicks in).
      const vars = siteCssVariables(theme.colors) as Record<string, string>;
      expect(vars['--site-header-text']).toBe(theme.colors.headerTextColor);
      expect(vars['--site-text']).toBe(theme.colors.textColor);
      expect(vars['--site-button-text']).toBe(theme.colors.buttonTextColor);
      expect(vars['--site-footer-text']).toBe(theme.colors.footerTextColor);
    });
  }

  it('recognises the theme in use (colour case aside), and nothing once a colour changed', () => {
    const forest = SITE_THEMES.find((t) => t.id === 'forest')!;
    const upper = Object.fromEntries(
      Object.entries(forest.colors).map(([k, v]) => [k, v.toUpperCase()]),
    );
    expect(matchingTheme(upper, forest.fontFamily)?.id).toBe('forest');
    expect(
      matchingTheme({ ...forest.colors, textColor: '#000000' }, forest.fontFamily),
    ).toBeUndefined();
    expect(matchingTheme(forest.colors, 'system-ui')).toBeUndefined();
  });
});
