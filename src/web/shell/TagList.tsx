import { NavLink } from 'react-router';
import { POPULAR_TAGS, tagPath } from '../lib/navigation';

/** Popular tags under the header, each linking to /products/tags/{tag}. */
export function TagList({ tags = POPULAR_TAGS }: { tags?: readonly string[] }) {
  return (
    <nav aria-label="Popular tags" data-testid="tag-list" className="border-t border-gray-100">
      <ul className="container-page flex gap-2 overflow-x-auto py-2 text-sm">
        {tags.map((tag) => (
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
