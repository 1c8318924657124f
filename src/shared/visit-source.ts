import { SOURCE_MAX_LENGTH } from './contracts/insights';
import { detectInAppBrowser } from './in-app-browser';

/**
 * Where a visit to a seller's page came from (issue 26, docs/decisions/071), decided the same way
 * by the server (for the events it records) and by the page (for the cart line's attribution):
 *   1. the seller's own campaign name: `?src=` or `utm_source` (lower-cased, at most 40
 *      characters of a-z 0-9 . _ -), also read from a same-site referrer's query (the visitor came
 *      from the seller's page that carried it);
 *   2. the in-app browser the user agent names (Instagram, TikTok, Facebook…);
 *   3. the referrer's host mapped to a platform (l.instagram.com → instagram, t.co → x,
 *      www.google.* → google…), another site's host as itself;
 *   4. else `direct`.
 */

export const DIRECT_SOURCE = 'direct';

/** A campaign name as it is kept: lower-case, only a-z 0-9 . _ -, at most 40 characters; null when nothing is left. */
export function campaignName(value: string | null | undefined): string | null {
  if (!value) return null;
  const kept = value
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SOURCE_MAX_LENGTH)
    .replace(/-+$/, '');
  return kept || null;
}

/** The campaign a query string names (`src` first, then `utm_source`). */
export function campaignOfQuery(search: string): string | null {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  return campaignName(params.get('src')) ?? campaignName(params.get('utm_source'));
}

/** Referrer hosts of the platforms (the host or any sub-domain). */
const REFERRER_PLATFORMS: ReadonlyArray<readonly [string, RegExp]> = [
  ['instagram', /(?:^|\.)(?:instagram\.com|instagr\.am)$/],
  ['facebook', /(?:^|\.)(?:facebook\.com|fb\.com|fb\.me|messenger\.com)$/],
  ['tiktok', /(?:^|\.)tiktok\.com$/],
  ['x', /(?:^|\.)(?:t\.co|x\.com|twitter\.com)$/],
  ['youtube', /(?:^|\.)(?:youtube\.com|youtu\.be)$/],
  ['threads', /(?:^|\.)threads\.(?:net|com)$/],
  ['pinterest', /(?:^|\.)(?:pinterest\.[a-z.]+|pin\.it)$/],
  ['snapchat', /(?:^|\.)snapchat\.com$/],
  ['linkedin', /(?:^|\.)(?:linkedin\.com|lnkd\.in)$/],
  ['reddit', /(?:^|\.)(?:reddit\.com|redd\.it)$/],
  ['whatsapp', /(?:^|\.)(?:whatsapp\.com|wa\.me)$/],
  ['telegram', /(?:^|\.)(?:telegram\.org|t\.me)$/],
  ['google', /(?:^|\.)google\.[a-z.]+$/],
  ['bing', /(?:^|\.)bing\.com$/],
  ['duckduckgo', /(?:^|\.)duckduckgo\.com$/],
];

/** An in-app browser's name as a source (`Instagram` → instagram, `Facebook Messenger` → facebook-messenger). */
function inAppSource(userAgent: string | null | undefined): string | null {
  const app = detectInAppBrowser(userAgent)?.app;
  return app ? campaignName(app) : null;
}

/** A referrer host as a source: its platform, else the host itself without `www.`. */
export function referrerSource(host: string): string | null {
  const bare = host.toLowerCase().replace(/\.$/, '');
  for (const [name, pattern] of REFERRER_PLATFORMS) if (pattern.test(bare)) return name;
  return campaignName(bare.replace(/^www\./, ''));
}

export interface VisitFacts {
  /** The visited address's query (`?src=ig`), or ''. */
  search: string;
  userAgent: string | null | undefined;
  /** The Referer, or ''. */
  referrer: string | null | undefined;
  /** Hosts that are this site (the app's, a seller's own domain; a port is ignored): a referrer from them is not a source. */
  ownHosts: readonly string[];
}

function referrerUrl(facts: Pick<VisitFacts, 'referrer'>): URL | null {
  try {
    return facts.referrer ? new URL(facts.referrer) : null;
  } catch {
    return null;
  }
}

// Host names only: a default port is dropped from the referrer's URL but kept in a Host header.
const isOwn = (referrer: URL | null, ownHosts: readonly string[]): boolean =>
  referrer !== null &&
  ownHosts.some((h) => h.toLowerCase().replace(/:\d+$/, '') === referrer.hostname.toLowerCase());

/** Whether the visitor came from a page of this site (moving around inside the shop). */
export const cameFromInside = (facts: Pick<VisitFacts, 'referrer' | 'ownHosts'>): boolean =>
  isOwn(referrerUrl(facts), facts.ownHosts);

/** The source of one visit (rules at the top of this file). */
export function visitSource(facts: VisitFacts): string {
  const campaign = campaignOfQuery(facts.search);
  if (campaign) return campaign;
  const referrer = referrerUrl(facts);
  const own = isOwn(referrer, facts.ownHosts);
  if (own) {
    const carried = campaignOfQuery(referrer!.search);
    if (carried) return carried;
  }
  const app = inAppSource(facts.userAgent);
  if (app) return app;
  if (referrer && !own && /^https?:$/.test(referrer.protocol))
    return referrerSource(referrer.hostname) ?? DIRECT_SOURCE;
  return DIRECT_SOURCE;
}
