/**
 * The first path segment when no static route matched: `/{username}`, `/{username}-x` or the
 * landing pattern `/index-{product}bio` (SPEC §2). React Router cannot express a `-x` suffix or an
 * `index-…bio` infix on a dynamic segment, so the `:username` layout's loader dispatches on this.
 */
export type UserSlug =
  | { kind: 'landing'; product: string }
  | { kind: 'site'; username: string; alternative: string | null }
  | { kind: 'invalid' };

const USERNAME = /^[A-Za-z0-9](?:[A-Za-z0-9_.-]{0,62}[A-Za-z0-9_])?$/;
const LANDING = /^index-([a-z0-9][a-z0-9-]{0,40})bio$/i;

export function isValidUsername(value: string): boolean {
  return USERNAME.test(value);
}

/**
 * `alternative` is the username to try when `username` has no site: for `alice-x` the site of
 * `alice` in the `x` variant (a username may itself end in "-x", so the exact name is tried first).
 */
export function parseUserSlug(slug: string | undefined): UserSlug {
  if (!slug) return { kind: 'invalid' };
  const landing = LANDING.exec(slug);
  if (landing?.[1])
    return { kind: 'landing', product: landing[1].replace(/-+$/, '') || landing[1] };
  if (!isValidUsername(slug)) return { kind: 'invalid' };
  const base = slug.endsWith('-x') ? slug.slice(0, -2) : null;
  return {
    kind: 'site',
    username: slug,
    alternative: base && isValidUsername(base) ? base : null,
  };
}

const ACRONYMS = new Set(['pc', 'ai', 'diy', 'nft', 'diy', '3d', 'ugc', 'dj', 'tv']);

/** "pc-hardware" → "PC hardware", "music" → "Music": display text for the landing variant. */
export function productLabel(product: string): string {
  const words = product.toLowerCase().split('-').filter(Boolean);
  return words
    .map((w, i) =>
      ACRONYMS.has(w) ? w.toUpperCase() : i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w,
    )
    .join(' ');
}
