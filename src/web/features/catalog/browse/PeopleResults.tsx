import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/Avatar';
import type { PublicMember } from '../../../../shared/contracts/accounts';
import { personHref } from '../search-links';

/**
 * The "People" group of the search results (docs/decisions/059): each member found, best match
 * first, as a link to their page with their picture, display name and @username (their own text,
 * rendered as text).
 */
export function PeopleResults({ people }: { people: PublicMember[] }) {
  if (people.length === 0) return null;
  return (
    <section aria-labelledby="search-people-heading" className="mb-8" data-testid="search-people">
      <h2 id="search-people-heading" className="mb-3 text-lg font-semibold text-gray-950">
        People
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {people.map((person) => (
          <li key={person._id}>
            <Link
              to={personHref(person.username)}
              className="flex items-center gap-3 rounded-xl border border-gray-200 bg-white p-3 hover:border-indigo-600 focus-visible:border-indigo-600"
              data-testid="person-result"
            >
              <Avatar name={person.name} src={person.image?.thumbnail} size="lg" />
              <span className="min-w-0">
                <bdi className="block truncate font-semibold text-gray-950">{person.name}</bdi>
                <span className="block truncate text-sm text-gray-700">@{person.username}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
