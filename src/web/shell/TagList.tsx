import type { FocusEvent } from 'react';
import { NavLink, useRouteLoaderData } from 'react-router';
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
 * The available tags (GET /tags, read by the default layout's loader) under the header, each
 * linking to /products/tags/{tag}. No list when there are none or they could not be read.
 */
export function TagList({ tags }: { tags?: readonly string[] }) {
  const layout = useRouteLoaderData('layouts/default') as HeaderTagsData | undefined;
  const shown = tags ?? layout?.headerTags ?? [];
  if (shown.length === 0) return null;
  return (
    <nav aria-label="Popular tags" data-testid="tag-list" className="border-t border-gray-100">
      <ul
        className="container-page flex gap-2 overflow-x-auto py-2 text-sm"
        onFocus={revealFocusedTag}
      >
        {shown.map((tag) => (
          <li key={tag} className="shrink-0">
            <NavLink
              to={tagPath(tag)}
              className={({ isActive }) =>
                `inline-block rounded-full px-3 py-1 font-medium ${
                  isActive
                    ? 'bg-indigo-700 text-white'
                    : 'bg-gray-100 text-gray-800 hover:bg-gray-200'
                }`
              }
            >
              #{tag}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
