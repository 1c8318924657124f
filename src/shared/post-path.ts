import { isUuid } from './uuid';

// A post's address on its seller's site: `/{username}/{slug}-{shortId}` (docs/decisions/062).
// The short id finds the post; the slug is the title made readable and is never trusted: a page
// asked for under another slug answers with a permanent redirect to the current one.

/** A post's short id: 12 lower-case hex digits, stored and unique (products.short_id). */
export const SHORT_ID_RE = /^[0-9a-f]{12}$/;
export const isShortId = (value: string) => SHORT_ID_RE.test(value);

/** At most this many characters of slug, cut at a word's end when there is one. */
export const SLUG_MAX = 60;
/** The slug of a title with nothing readable in Latin letters or digits (emoji, Chinese…). */
export const EMPTY_SLUG = 'post';

/** Letters that do not come apart into a base letter and a mark (NFKD leaves them whole). */
const FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
  ħ: 'h',
};

/**
 * The readable part of a post's address: the title in lower case, accents dropped, every run of
 * anything else than a–z and 0–9 one `-`, at most SLUG_MAX characters; `post` when nothing is left.
 */
export function postSlug(title: string): string {
  const folded = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđðþłıħ]/g, (c) => FOLDS[c] ?? c);
  const slug = folded.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  if (slug.length <= SLUG_MAX) return slug || EMPTY_SLUG;
  const cut = slug.slice(0, SLUG_MAX + 1);
  const lastBreak = cut.lastIndexOf('-');
  // One long word is cut where the limit falls; otherwise at the last whole word.
  return (lastBreak > 0 ? cut.slice(0, lastBreak) : cut.slice(0, SLUG_MAX)).replace(/-+$/, '');
}

/** The last segment of a post's address: `{slug}-{shortId}`. */
export const postSegment = (post: { title: string; shortId: string }) =>
  `${postSlug(post.title)}-${post.shortId}`;

/** `/{username}/{slug}-{shortId}`: the one address every link to a post uses. */
export const postPath = (username: string, post: { title: string; shortId: string }) =>
  `/${encodeURIComponent(username)}/${postSegment(post)}`;

/**
 * What the post segment of an address names: the current form (`{slug}-{shortId}`, also a bare
 * short id), or an old one (the post's uuid, which links made before slugs still carry). Anything
 * else names no post.
 */
export type PostRef = { shortId: string; segment: string } | { uuid: string } | null;

export function parsePostSegment(segment: string): PostRef {
  if (isUuid(segment)) return { uuid: segment.toLowerCase() };
  const shortId = segment.slice(segment.lastIndexOf('-') + 1).toLowerCase();
  return isShortId(shortId) ? { shortId, segment } : null;
}
