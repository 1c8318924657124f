import type { ServerBuild } from 'react-router';

/**
 * Which page requests are "shared pages": a seller's pages under `/:username` (their page, a post,
 * `/{username}-x`, the site's products and tags lists) are the same HTML for everyone, members
 * included (docs/decisions/045). They are rendered without reading the session — no session
 * check, no refresh, no identity ticket for their loaders — and what is personal is filled in by
 * the page after it loads (GET /me/page-state). The seller's checkout and a post's preview stay
 * personal.
 */

/** Pages under `/:username` that belong to whoever is signed in (their cart, their draft). */
const PERSONAL_SITE_PAGE = /^\/[^/]+\/(?:checkout(?:\/|$)|[^/]+\/preview(?:\/|$))/i;

/**
 * The first path segments of the app's static routes (`login`, `products`, …), read from the route
 * manifest: a page whose first segment is none of them is a seller's (`/:username…`).
 */
export function staticFirstSegments(build: ServerBuild): Set<string> {
  const routes = build.routes;
  const fullPath = (id: string): string => {
    const route = routes[id];
    if (!route) return '';
    const parent = route.parentId ? fullPath(route.parentId) : '';
    return [parent, route.path ?? ''].filter(Boolean).join('/');
  };
  const segments = new Set<string>();
  for (const id of Object.keys(routes)) {
    const first = fullPath(id).split('/')[0] ?? '';
    if (first && !first.startsWith(':') && first !== '*') segments.add(first.toLowerCase());
  }
  return segments;
}

/**
 * Whether `path` (no query; a router path, so `/{username}…` also on a seller's own domain) is a
 * shared page. A client navigation's data request (`/maya.data`, `/maya/{post}.data`) is classed
 * as the page it loads, so its loaders see no session either; the root's own (`/_root.data`) not.
 */
export function isSharedPage(path: string, staticSegments: ReadonlySet<string>): boolean {
  const page = path.endsWith('.data') ? path.slice(0, -'.data'.length) : path;
  const slug = page.split('/', 2)[1] ?? '';
  if (!slug || slug.startsWith('_') || staticSegments.has(slug.toLowerCase())) return false;
  return !PERSONAL_SITE_PAGE.test(page);
}
