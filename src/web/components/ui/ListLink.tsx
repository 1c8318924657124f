import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface ListLinkProps {
  /** A path of this app: what list items link to (a post, a tag). */
  to: string;
  className?: string;
  'aria-current'?: 'page';
  rel?: 'prev' | 'next';
  children?: ReactNode;
}

/**
 * Paths Link writes into `href` as they are: from the root, no empty, `.` or `..` segment, no
 * backslash, no hash, no bare `?` (Link would resolve or tidy those; the test covers each).
 */
const AS_WRITTEN = /^\/(?![/\\])[^\\#]*$/;
const TIDIED = /\/\/|\/\.{1,2}(?=[/?]|$)|\?$/;
const isWrittenAsIs = (to: string) => AS_WRITTEN.test(to) && !TIDIED.test(to);

/**
 * The server's rendering of React Router's `<Link>` to an app path: the same `<a>`, attribute for
 * attribute (ListLink.test.tsx holds them equal), without the hooks Link runs to resolve the path
 * and to make its click handler — nothing is clicked in the server's HTML. A Link costs ~15 µs of
 * the server's render, and `/marketplace` has 67 in its cards, tag lists and page links
 * (docs/decisions/078). `data-discover` lets the browser's router learn the linked routes before
 * a click (lazy route discovery reads it from the DOM). A path Link would rewrite goes to Link.
 */
export function ServerListLink({ to, ...rest }: ListLinkProps) {
  if (!isWrittenAsIs(to)) return <Link to={to} {...rest} />;
  return <a {...rest} href={to} data-discover="true" />;
}

/**
 * A link in a long list (post cards, tag lists, page links): `ServerListLink` in the server's
 * render, React Router's `<Link>` in the browser's, which hydrates the same element and navigates
 * in the app on click. Only props that render the same on both sides are taken: no prefetching
 * (Link's adds elements), no state, no relative paths.
 */
export const ListLink: (props: ListLinkProps) => ReactNode =
  // Replaced by a constant in each build, so the browser's bundle carries no ServerListLink.
  import.meta.env.SSR ? ServerListLink : Link;
