import type { FocusEvent } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router';
import { ListLink } from '../components/ui/ListLink';
import { scrollLeftToReveal } from '../lib/focus';
import { tagPath } from '../lib/navigation';

/** Room kept beside a revealed tag: its focus outline (3px + 2px offset) stays visible too. */
const REVEAL_INSET_PX = 6;

/**
 * Browsers leave a partly hidden tag where it is when it receives focus: scroll the strip (only
 * the strip: scrollIntoView would also move the page under the sticky header) until it is whole.
 */
function revealFocusedTag(event: FocusEvent<HTMLUListElement>) {
  const strip = event.currentTarget;
  const target = event.target;
  if (target === strip) return;
  const left = scrollLeftToReveal(
    strip.getBoundingClientRect(),
    target.getBoundingClientRect(),
    strip.scrollLeft,
    REVEAL_INSET_PX,
  );
  if (left !== strip.scrollLeft) strip.scrollLeft = left;
}

/** What the default layout's loader hands the header (layouts/default.tsx). */
export interface HeaderTagsData {
  headerTags: readonly string[];
}

/**
 * Whether `path` (a tag's page) is the page open at `pathname`, or one below it: compared as
 * NavLink compares them (letter case aside), so the tag of the page is marked as before.
 */
export function isOpenPath(pathname: string, path: string): boolean {
  const here = pathname.toLowerCase();
  const there = path.toLowerCase();
  return here === there || (here.startsWith(there) && here.charAt(there.length) === '/');
}

/**
 * The available tags (GET /tags, read by the default layout's loader) under the header, each
 * linking to /products/tags/{tag}; the tag whose page is open is marked. No list when there are
 * none or they could not be read. Plain list links, the page read once for the strip (twenty
 * NavLinks cost ~0.4 ms of every server render of the default layout: docs/decisions/078).
 */
export function TagList({ tags }: { tags?: readonly string[] }) {
  const layout = useRouteLoaderData('layouts/default') as HeaderTagsData | undefined;
  const { pathname } = useLocation();
  const shown = tags ?? layout?.headerTags ?? [];
  if (shown.length === 0) return null;
  return (
    <nav aria-label="Popular tags" data-testid="tag-list" className="border-t border-gray-100">
      <ul
        className="container-page flex gap-2 overflow-x-auto py-2 text-sm"
        onFocus={revealFocusedTag}
      >
        {shown.map((tag) => {
          const path = tagPath(tag);
          const open = isOpenPath(pathname, path);
          return (
            <li key={tag} className="shrink-0">
              <ListLink
                to={path}
                aria-current={open ? 'page' : undefined}
                className={`inline-block rounded-full px-3 py-1 font-medium ${
                  open ? 'bg-indigo-700 text-white' : 'bg-gray-100 text-gray-800 hover:bg-gray-200'
                }`}
              >
                #{tag}
              </ListLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
