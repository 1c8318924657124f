import { useState } from 'react';
import { Form, PrefetchPageLinks, useSearchParams } from 'react-router';
import { SearchIcon } from '../components/ui/icons';

/**
 * Header search: a GET form to /search-results?q= (works without JavaScript). The results page's
 * code is fetched when the box gets focus, not on idle: most visitors never search, and idle
 * prefetching it would spend the public pages' JavaScript budget (lib/navigation.ts).
 */
export function SearchForm({ className = '' }: { className?: string }) {
  const [params] = useSearchParams();
  const [searching, setSearching] = useState(false);
  return (
    <Form
      method="get"
      action="/search-results"
      role="search"
      className={`relative ${className}`}
      data-testid="header-search"
    >
      <label htmlFor="header-search-input" className="sr-only">
        Search posts
      </label>
      <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-gray-500" />
      <input
        id="header-search-input"
        type="search"
        name="q"
        defaultValue={params.get('q') ?? ''}
        placeholder="Search posts, people and tags"
        autoComplete="off"
        enterKeyHint="search"
        onFocus={() => setSearching(true)}
        className="w-full rounded-full border border-gray-300 bg-gray-50 py-2 pl-10 pr-4 text-sm text-gray-900 placeholder:text-gray-600 focus:border-indigo-600 focus:bg-white"
      />
      {searching ? <PrefetchPageLinks page="/search-results" /> : null}
    </Form>
  );
}
