import type { Tag } from '../../../../shared/contracts/catalog';
import { ListLink } from '../../../components/ui/ListLink';
import { tagPath } from '../../../lib/navigation';

/** Tags as links to their pages, with the number of published posts when given. */
export function TagLinks({
  tags,
  current,
  label = 'Tags',
  username,
}: {
  tags: readonly (Tag | string)[];
  current?: string;
  label?: string;
  username?: string;
}) {
  if (tags.length === 0) return null;
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {tags.map((t) => {
          const name = typeof t === 'string' ? t : t.name;
          const count = typeof t === 'string' ? null : t.count;
          return (
            <li key={name}>
              <ListLink
                to={tagPath(name, username)}
                aria-current={name === current ? 'page' : undefined}
                className="pill-link"
              >
                #{name}
                {count !== null && (
                  <span className="text-sm opacity-80">
                    <span className="sr-only">, </span>
                    {count.toLocaleString('en-US')}
                    <span className="sr-only">{count === 1 ? ' post' : ' posts'}</span>
                  </span>
                )}
              </ListLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
