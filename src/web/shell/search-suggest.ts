import { catalogApi } from '../../shared/api/catalog';
import { itemHref, personHref } from '../features/catalog/search-links';
import { api } from '../lib/api';

/** One suggestion of the header search: a person or a post. */
export interface Suggestion {
  id: string;
  kind: 'person' | 'post';
  href: string;
  label: string;
  detail: string;
  image: string | null;
}

/** Suggestions per group (people, posts). */
const PER_GROUP = 4;

/**
 * The header search's suggestions for `query` (docs/decisions/059): people first, then posts, from
 * POST /products/search. Loaded on the first keystroke with the API client (lib/api.ts), so the
 * contracts stay off the pages of visitors who never type.
 */
export async function fetchSuggestions(query: string, signal: AbortSignal): Promise<Suggestion[]> {
  const found = await api.call(
    catalogApi.search,
    { body: { query, limit: PER_GROUP } },
    { signal },
  );
  return [
    ...found.people.map((p) => ({
      id: `person-${p._id}`,
      kind: 'person' as const,
      href: personHref(p.username),
      label: p.name,
      detail: `@${p.username}`,
      image: p.image?.thumbnail ?? null,
    })),
    ...found.results.map((p) => ({
      id: `post-${p._id}`,
      kind: 'post' as const,
      href: itemHref(p),
      label: p.title,
      detail: p.user?.username ? `@${p.user.username}` : '',
      image: null,
    })),
  ];
}
