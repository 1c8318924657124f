import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Form, PrefetchPageLinks, useNavigate, useSearchParams } from 'react-router';
import { Avatar } from '../components/ui/Avatar';
import { SearchIcon } from '../components/ui/icons';
import { lazyModule } from '../lib/lazy-module';
import type { Suggestion } from './search-suggest';

/** The suggestions' code and the API client: fetched on focus, used on the first keystroke. */
const suggest = lazyModule(() => import('./search-suggest'));
/** Typing pauses this long before suggestions are asked for (one call per pause, not per key). */
const PAUSE_MS = 200;
const LIST_ID = 'header-search-suggestions';
const optionId = (s: Suggestion) => `header-search-option-${s.id}`;

/** Asks for suggestions while the text is 2+ characters; the last answer wins. */
function useSuggestions(text: string) {
  const [items, setItems] = useState<Suggestion[]>([]);
  useEffect(() => {
    const query = text.trim();
    if (query.length < 2) {
      setItems([]);
      return;
    }
    const abort = new AbortController();
    const timer = setTimeout(() => {
      suggest
        .get()
        .then((m) => m.fetchSuggestions(query, abort.signal))
        .then((found) => {
          if (!abort.signal.aborted) setItems(found);
        })
        .catch(() => {
          // Suggestions are a convenience: the form still searches.
        });
    }, PAUSE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [text]);
  return items;
}

function Group({
  title,
  items,
  active,
  go,
}: {
  title: 'People' | 'Posts';
  items: Suggestion[];
  active: Suggestion | undefined;
  go: (s: Suggestion) => void;
}) {
  if (items.length === 0) return null;
  const headingId = `${LIST_ID}-${title.toLowerCase()}`;
  return (
    <div role="group" aria-labelledby={headingId}>
      <div id={headingId} className="px-3 pt-2 pb-1 text-xs font-semibold uppercase text-gray-700">
        {title}
      </div>
      {items.map((s) => (
        <div
          key={s.id}
          id={optionId(s)}
          role="option"
          aria-selected={s === active}
          data-testid="search-suggestion"
          onClick={() => go(s)}
          className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${s === active ? 'bg-indigo-50' : 'hover:bg-gray-50'}`}
        >
          {s.kind === 'person' && <Avatar name={s.label} src={s.image} size="sm" />}
          <span className="min-w-0">
            <bdi className="block truncate font-medium text-gray-950">{s.label}</bdi>
            {s.detail && <span className="block truncate text-gray-700">{s.detail}</span>}
          </span>
        </div>
      ))}
    </div>
  );
}

/**
 * Header search: a GET form to /search-results?q= (works without JavaScript), with suggestions as
 * you type — people, then posts (an ARIA combobox: arrows move, Enter opens, Escape closes). The
 * results page's code and the suggestions' are fetched when the box gets focus, not on idle: most
 * visitors never search, and idle prefetching them would spend the public pages' JavaScript budget
 * (lib/navigation.ts).
 */
export function SearchForm({ className = '' }: { className?: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [searching, setSearching] = useState(false);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [index, setIndex] = useState(-1);
  const items = useSuggestions(text);
  const input = useRef<HTMLInputElement>(null);
  const shown = open && items.length > 0;
  const active = shown ? items[index] : undefined;

  useEffect(() => setIndex(-1), [items]);

  const go = (s: Suggestion) => {
    setOpen(false);
    input.current?.blur();
    void navigate(s.href);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape' && shown) {
      e.preventDefault();
      setOpen(false);
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (items.length === 0) return;
      e.preventDefault();
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      const last = items.length - 1;
      setIndex((i) => {
        if (!shown) return step === 1 ? 0 : last;
        const next = i + step;
        return next > last ? 0 : next < 0 ? last : next;
      });
    } else if (e.key === 'Enter' && active) {
      e.preventDefault();
      go(active);
    }
  };
  return (
    <Form
      method="get"
      action="/search-results"
      role="search"
      className={`relative ${className}`}
      data-testid="header-search"
      onSubmit={() => setOpen(false)}
    >
      <label htmlFor="header-search-input" className="sr-only">
        Search posts, people and tags
      </label>
      <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-gray-500" />
      <input
        ref={input}
        id="header-search-input"
        type="search"
        name="q"
        defaultValue={params.get('q') ?? ''}
        placeholder="Search posts, people and tags"
        autoComplete="off"
        enterKeyHint="search"
        role="combobox"
        aria-expanded={shown}
        aria-controls={LIST_ID}
        aria-autocomplete="list"
        aria-activedescendant={active ? optionId(active) : undefined}
        onFocus={() => {
          setSearching(true);
          suggest.preload();
        }}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        className="w-full rounded-full border border-gray-300 bg-gray-50 py-2 pl-10 pr-4 text-sm text-gray-900 placeholder:text-gray-600 focus:border-indigo-600 focus:bg-white"
      />
      <div
        id={LIST_ID}
        role="listbox"
        aria-label="Suggestions"
        hidden={!shown}
        // A click on a suggestion must not blur the box (which would close the list first).
        onMouseDown={(e) => e.preventDefault()}
        className="absolute inset-x-0 top-full z-50 mt-1 max-h-96 overflow-auto rounded-xl border border-gray-200 bg-white py-1 shadow-lg"
      >
        <Group
          title="People"
          items={items.filter((s) => s.kind === 'person')}
          active={active}
          go={go}
        />
        <Group
          title="Posts"
          items={items.filter((s) => s.kind === 'post')}
          active={active}
          go={go}
        />
      </div>
      {searching ? <PrefetchPageLinks page="/search-results" /> : null}
    </Form>
  );
}
