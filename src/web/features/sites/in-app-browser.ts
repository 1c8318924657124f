/**
 * Social apps open links in their own browser, where a cart kept in one app is gone in the next
 * and some payment pages do not work. The site tells those visitors how to get to their real
 * browser. Read from the user agent in the browser only, never during the server render: the same
 * cached HTML serves every visitor.
 */
export const IN_APP_BROWSERS = ['Instagram', 'Facebook', 'TikTok', 'LINE', 'Snapchat'] as const;
export type InAppBrowser = (typeof IN_APP_BROWSERS)[number];

const SIGNATURES: readonly (readonly [InAppBrowser, RegExp])[] = [
  // Instagram's user agent also carries FBAV on some builds: test it first.
  ['Instagram', /\bInstagram\b/i],
  ['Facebook', /\bFB(?:AN|AV|_IAB|IOS)\b|\[FB/],
  ['TikTok', /musical_ly|BytedanceWebview|\bTikTok\b|\btrill_/i],
  ['LINE', /\bLine\/\d/],
  ['Snapchat', /\bSnapchat\b/i],
];

/** The social app whose built-in browser sent `userAgent`, or null for a regular browser. */
export function inAppBrowser(userAgent: string | null | undefined): InAppBrowser | null {
  if (!userAgent) return null;
  return SIGNATURES.find(([, pattern]) => pattern.test(userAgent))?.[0] ?? null;
}

/** sessionStorage key: once dismissed, the hint stays away for the rest of the visit. */
export const IN_APP_HINT_DISMISSED_KEY = 'inAppHintDismissed';
