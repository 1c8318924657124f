// The rules of a seller's list of links (issue 25, docs/decisions/065), zod-free so the editor,
// the links page and the server share them without loading a schema library.

import { SITE_LINKS_PER_SITE } from './plans';

export const SITE_LINK_LIMITS = {
  /** A link's title, in characters. */
  title: 80,
  /** A link's URL, in characters: longer than any real profile or shop address. */
  url: 2000,
  /**
   * Links a seller may keep, whatever their plan (src/shared/plans.ts `siteLinks` says the same
   * per plan; the contract refuses a longer list before the plan is read).
   */
  perSite: SITE_LINKS_PER_SITE,
} as const;

/** The icons a link can show: a platform's, email, phone, or the generic link. */
export const LINK_ICONS = [
  'instagram',
  'tiktok',
  'youtube',
  'x',
  'facebook',
  'threads',
  'pinterest',
  'spotify',
  'soundcloud',
  'twitch',
  'etsy',
  'depop',
  'email',
  'phone',
  'link',
] as const;
export type LinkIcon = (typeof LINK_ICONS)[number];

/** How each icon is named to people (the editor's choices, the icon's accessible name). */
export const LINK_ICON_LABELS: Record<LinkIcon, string> = {
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  x: 'X',
  facebook: 'Facebook',
  threads: 'Threads',
  pinterest: 'Pinterest',
  spotify: 'Spotify',
  soundcloud: 'SoundCloud',
  twitch: 'Twitch',
  etsy: 'Etsy',
  depop: 'Depop',
  email: 'Email',
  phone: 'Phone',
  link: 'Link',
};

/** The platforms by the registrable domains they serve pages from (sub-domains included). */
const PLATFORM_DOMAINS: ReadonlyArray<readonly [LinkIcon, readonly string[]]> = [
  ['instagram', ['instagram.com', 'instagr.am']],
  ['tiktok', ['tiktok.com']],
  ['youtube', ['youtube.com', 'youtu.be', 'youtube-nocookie.com']],
  ['x', ['x.com', 'twitter.com']],
  ['facebook', ['facebook.com', 'fb.com', 'fb.me', 'fb.watch']],
  ['threads', ['threads.net', 'threads.com']],
  ['pinterest', ['pinterest.com', 'pin.it']],
  ['spotify', ['spotify.com', 'spotify.link']],
  ['soundcloud', ['soundcloud.com', 'on.soundcloud.com']],
  ['twitch', ['twitch.tv']],
  ['etsy', ['etsy.com', 'etsy.me']],
  ['depop', ['depop.com']],
];

/** Pinterest and others serve country domains too (pinterest.co.uk, etsy.de…). */
const COUNTRY_DOMAIN = /^(pinterest|etsy|depop)\.(?:[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/;

function platformOfHost(host: string): LinkIcon | null {
  const bare = host.toLowerCase().replace(/\.$/, '');
  for (const [icon, domains] of PLATFORM_DOMAINS) {
    if (domains.some((d) => bare === d || bare.endsWith(`.${d}`))) return icon;
  }
  const labels = bare.split('.');
  for (let i = 0; i < labels.length - 1; i++) {
    const m = COUNTRY_DOMAIN.exec(labels.slice(i).join('.'));
    if (m) return m[1] as LinkIcon;
  }
  return null;
}

/**
 * The icon a URL gets when the seller chose none: its platform's (by host name, sub-domains
 * included: m.youtube.com, vm.tiktok.com), email for mailto:, phone for tel:, else `link`.
 * Never throws: anything unreadable is a plain link.
 */
export function detectLinkIcon(url: string): LinkIcon {
  const value = url.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (scheme === 'mailto') return 'email';
  if (scheme === 'tel') return 'phone';
  if (scheme !== 'http' && scheme !== 'https') return 'link';
  try {
    return platformOfHost(new URL(value).hostname) ?? 'link';
  } catch {
    return 'link';
  }
}

/** The schemes a link may use: web pages, an email to write, a number to call. */
export const LINK_SCHEMES = ['https:', 'http:', 'mailto:', 'tel:'] as const;

const SCHEME_ONLY = /^([a-z][a-z0-9+.-]*):/i;
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * A link's URL as a seller typed it → the URL stored, or a sentence they can act on. Only
 * https:, http:, mailto: and tel: (javascript:, data:, file:, vbscript: and every other scheme
 * could run code or reach files when clicked); a web address needs a host; no relative paths,
 * spaces inside or control characters; at most SITE_LINK_LIMITS.url characters. A bare
 * `example.com` is refused rather than guessed, so what is saved is what was typed.
 */
export function checkLinkUrl(input: string): { url: string } | { error: string } {
  const value = input.trim();
  if (!value) return { error: 'Enter the address the link opens, such as https://example.com.' };
  if (value.length > SITE_LINK_LIMITS.url)
    return { error: `This address is too long: use at most ${SITE_LINK_LIMITS.url} characters.` };
  if (CONTROL.test(value) || /\s/.test(value))
    return { error: 'Remove the spaces and invisible characters from this address.' };
  const scheme = SCHEME_ONLY.exec(value)?.[1]?.toLowerCase();
  if (!scheme)
    return { error: 'Start the address with https:// (or mailto: for an email, tel: for a phone number).' };
  if (!(LINK_SCHEMES as readonly string[]).includes(`${scheme}:`))
    return {
      error: `Links can open web pages (https://), emails (mailto:) or phone numbers (tel:), not ${scheme}: addresses.`,
    };
  const web = scheme === 'http' || scheme === 'https';
  if (web && !/^https?:\/\/[^/?#]/i.test(value))
    return { error: 'Add the site’s name after https://, such as https://example.com.' };
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return { error: 'This is not a web address. Check it and try again, such as https://example.com.' };
  }
  if (web) {
    if (!parsed.hostname)
      return { error: 'Add the site’s name after https://, such as https://example.com.' };
    if (parsed.username || parsed.password)
      return { error: 'Remove the name and password from this address.' };
  } else if (parsed.pathname.length === 0) {
    return {
      error:
        scheme === 'mailto'
          ? 'Add the email address after mailto:, such as mailto:hello@example.com.'
          : 'Add the phone number after tel:, such as tel:+15551234567.',
    };
  }
  // The scheme lower-cased; the rest exactly as typed (the parser would re-encode it).
  return { url: `${scheme}:${value.slice(scheme.length + 1)}` };
}

/** A link's address on the page: every outbound link goes through the counted redirect. */
export const linkHref = (linkId: string) => `/l/${linkId}`;

/**
 * Where `now` falls in a link's window: before it opens, after it ends, or in it. The start is
 * the first instant shown, the end the first instant hidden; a missing edge is open. The server
 * (which links are live) and the editor (a row's badge) read windows by this one rule.
 */
export function windowPhase(
  from: Date | null,
  until: Date | null,
  now: Date,
): 'before' | 'open' | 'after' {
  if (from && now.getTime() < from.getTime()) return 'before';
  if (until && now.getTime() >= until.getTime()) return 'after';
  return 'open';
}
