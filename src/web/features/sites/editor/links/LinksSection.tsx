import { useMemo, type FormEvent } from 'react';
import type { MySite } from '../../../../../shared/contracts/sites';
import { SITE_LINK_LIMITS } from '../../../../../shared/site-links';
import { siteCssVariables } from '../../site-theme';
import { tagsOf, type LinkPost } from './link-draft';
import { LinkRow } from './LinkRow';
import { LinksPreview } from './LinksPreview';
import { preloadLinkSchemas } from './link-validation';
import { useLinksEditor } from './use-links-editor';
import { useRowDrag } from './use-row-drag';
import { SubmitButton } from '../../../../components/ui/form';

interface LinksSectionProps {
  initial: MySite;
  /** The seller's posts (every status), for "one of my posts" and its tags. */
  posts: readonly LinkPost[];
  currency: string;
  /** The page's public address (its bio links are built on it); null: not known, none shown. */
  pageUrl: string | null;
  /** After a save, with the site as stored. */
  onSaved: (site: MySite) => void;
}

/**
 * /edit-page "Links" (issue 25): the ordered list of the seller's links — add, edit, delete,
 * reorder by drag or by Move up/down — saved whole with one Save (PUT /sites/links), with a
 * preview of what visitors see. Needs JavaScript (the list is one request, not a plain form).
 */
export function LinksSection({ initial, posts, currency, pageUrl, onSaved }: LinksSectionProps) {
  const editor = useLinksEditor(initial, onSaved);
  const { drag, handleProps } = useRowDrag((key, to) => editor.move(key, to));
  const tags = useMemo(() => tagsOf(posts), [posts]);
  const { rows } = editor;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    editor.save();
  }

  return (
    <section aria-labelledby="links-heading" className="card mt-10" data-testid="links-section">
      <h2 id="links-heading" tabIndex={-1} className="mb-2 text-lg font-semibold text-gray-900">
        Links
      </h2>
      <p className="mb-4 text-sm text-gray-700">
        Buttons on your page to your other profiles, shops, posts and tags, in this order. Clicks
        are counted without tracking anyone.
      </p>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <form
          noValidate
          onSubmit={onSubmit}
          onFocus={preloadLinkSchemas}
          aria-label="Your links"
          className="min-w-0 space-y-4"
          data-testid="links-editor"
        >
          <noscript>
            <p className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
              Editing links needs JavaScript.
            </p>
          </noscript>
          {rows.length ? (
            <ol
              className="space-y-3"
              aria-label="Your links, in page order"
              data-testid="links-list"
            >
              {rows.map((row, index) => (
                <LinkRow
                  key={row.key}
                  row={row}
                  index={index}
                  count={rows.length}
                  editor={editor}
                  posts={posts}
                  tags={tags}
                  pageUrl={pageUrl}
                  dragging={drag?.key === row.key}
                  dropTarget={!!drag && drag.key !== row.key && drag.over === index}
                  handle={handleProps(row.key, index)}
                />
              ))}
            </ol>
          ) : (
            <p
              className="rounded-lg border border-dashed border-gray-400 p-4 text-gray-800"
              data-testid="links-empty"
            >
              No links yet. Add your Instagram, your other shops or a post you want to push.
            </p>
          )}
          {editor.listError ? (
            <p className="field-error" data-testid="links-list-error">
              {editor.listError}
            </p>
          ) : null}
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <button
              id="links-add"
              type="button"
              className="btn btn-secondary"
              disabled={editor.atLimit}
              aria-describedby={editor.atLimit ? 'links-limit' : undefined}
              onClick={editor.add}
              data-testid="links-add"
            >
              Add a link
            </button>
            <SubmitButton
              pending={editor.pending}
              pendingLabel="Saving…"
              className="btn btn-primary"
              testId="links-save"
            >
              Save links
            </SubmitButton>
          </div>
          {editor.atLimit ? (
            <p id="links-limit" className="text-sm text-gray-800" data-testid="links-limit">
              {`You have ${SITE_LINK_LIMITS.perSite} links, the most a page can have. Delete one to add another.`}
            </p>
          ) : null}
          <p className="min-h-5 text-sm font-semibold text-amber-900" data-testid="links-dirty">
            {editor.dirty ? 'Unsaved changes: Save links puts them on your page.' : ''}
          </p>
          {/* Moves, deletes and saves are said here (politely), apart from the line above. */}
          <p role="status" className="min-h-5 text-sm text-gray-800" data-testid="links-status">
            {editor.status}
          </p>
        </form>
        <div className="lg:sticky lg:top-[var(--focus-clearance-top,7.5rem)] lg:self-start">
          <LinksPreview
            theme={siteCssVariables(initial)}
            rows={rows}
            posts={posts}
            now={editor.now}
            timeZone={editor.timeZone}
            username={initial.username}
            siteName={initial.name}
            currency={currency}
          />
        </div>
      </div>
    </section>
  );
}
