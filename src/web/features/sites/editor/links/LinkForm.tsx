import type { ReactNode } from 'react';
import {
  LINK_ICONS,
  LINK_ICON_LABELS,
  SITE_LINK_LIMITS,
  detectLinkIcon,
  type LinkIcon,
} from '../../../../../shared/site-links';
import { FieldShell, TextField } from '../../../../components/ui/form';
import { describedBy } from '../../../../lib/form-errors';
import type { LinkDraft, LinkKind, LinkPost } from './link-draft';
import { errorKey, type LinkField } from './link-errors';
import { linkFieldId, type LinksEditorState } from './use-links-editor';

interface LinkFormProps {
  row: LinkDraft;
  editor: LinksEditorState;
  posts: readonly LinkPost[];
  tags: readonly string[];
}

const KINDS: { kind: LinkKind; label: string }[] = [
  { kind: 'url', label: 'An address' },
  { kind: 'post', label: 'One of my posts' },
  { kind: 'tag', label: 'One of my tags' },
];

/** A checkbox with its label beside it, its hint and its error tied to it. */
function Check({
  id,
  label,
  hint,
  error,
  checked,
  onChange,
  role,
}: {
  id: string;
  label: ReactNode;
  hint?: string;
  error?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  role?: 'switch';
}) {
  return (
    <div>
      <label htmlFor={id} className="flex min-h-11 items-center gap-3">
        <input
          id={id}
          type="checkbox"
          role={role}
          className="size-5 shrink-0 accent-indigo-700"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint && `${id}-hint`, error && `${id}-error`)}
        />
        <span className="font-medium text-gray-900">{label}</span>
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint ml-8">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error ml-8" data-testid={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * One link's fields, under its row: title, where it goes (an address, one of my posts or one of
 * my tags), icon, on/off, featured, social icon, and the window it shows in (read in the site's
 * time zone, as the server reads it).
 */
export function LinkForm({ row, editor, posts, tags }: LinkFormProps) {
  const id = (field: LinkField) => linkFieldId(row.key, field);
  const error = (field: LinkField) => editor.errors[errorKey(row.key, field)];
  const set = (patch: Partial<LinkDraft>, field: LinkField) => editor.update(row.key, patch, field);
  const detected: LinkIcon = row.kind === 'url' ? detectLinkIcon(row.url) : 'link';
  const selectedPostMissing = row.postId && !posts.some((p) => p._id === row.postId);

  return (
    <div className="space-y-4 border-t border-gray-200 pt-4" data-testid={`link-form-${row.key}`}>
      {error('row') ? (
        <p id={id('row')} tabIndex={-1} className="field-error" data-testid={`${id('row')}-error`}>
          {error('row')}
        </p>
      ) : null}
      <TextField
        id={id('title')}
        label="Title"
        value={row.title}
        onChange={(e) => set({ title: e.target.value }, 'title')}
        error={error('title')}
        maxLength={SITE_LINK_LIMITS.title}
        hint={`What visitors read on the button, at most ${SITE_LINK_LIMITS.title} characters.`}
        autoComplete="off"
      />
      <fieldset>
        <legend className="field-label">Where it goes</legend>
        <div className="mt-1 flex flex-col gap-1 sm:flex-row sm:flex-wrap sm:gap-x-6">
          {KINDS.map(({ kind, label }) => (
            <label key={kind} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={`link-${row.key}-kind`}
                value={kind}
                className="size-5 accent-indigo-700"
                checked={row.kind === kind}
                onChange={() => set({ kind }, 'target')}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {row.kind === 'url' ? (
        <TextField
          id={id('target')}
          label="Address"
          type="url"
          inputMode="url"
          value={row.url}
          onChange={(e) => set({ url: e.target.value }, 'target')}
          error={error('target')}
          hint="A web page (https://…), an email (mailto:…) or a phone number (tel:…)."
          autoComplete="off"
          spellCheck={false}
        />
      ) : (
        <FieldShell
          id={id('target')}
          label={row.kind === 'post' ? 'Post' : 'Tag'}
          error={error('target')}
          hint={
            row.kind === 'post'
              ? 'The link opens the post’s page. A draft’s link shows once the post is published.'
              : 'The link opens your page of posts with this tag.'
          }
        >
          {(aria) => (
            <select
              id={id('target')}
              className="input"
              value={row.kind === 'post' ? row.postId : row.tag}
              onChange={(e) =>
                set(
                  row.kind === 'post' ? { postId: e.target.value } : { tag: e.target.value },
                  'target',
                )
              }
              {...aria}
            >
              <option value="">{row.kind === 'post' ? 'Choose a post' : 'Choose a tag'}</option>
              {row.kind === 'post' ? (
                <>
                  {selectedPostMissing ? (
                    <option value={row.postId}>{row.post?.title ?? 'The post saved before'}</option>
                  ) : null}
                  {posts.map((p) => (
                    <option key={p._id} value={p._id}>
                      {p.public ? p.title : `${p.title} (not published)`}
                    </option>
                  ))}
                </>
              ) : (
                <>
                  {row.tag && !tags.includes(row.tag) ? (
                    <option value={row.tag}>#{row.tag}</option>
                  ) : null}
                  {tags.map((t) => (
                    <option key={t} value={t}>
                      #{t}
                    </option>
                  ))}
                </>
              )}
            </select>
          )}
        </FieldShell>
      )}
      <FieldShell id={id('icon')} label="Icon" error={error('icon')}>
        {(aria) => (
          <select
            id={id('icon')}
            className="input"
            value={row.icon}
            onChange={(e) => set({ icon: e.target.value as LinkIcon | '' }, 'icon')}
            {...aria}
          >
            <option value="">Automatic ({LINK_ICON_LABELS[detected]})</option>
            {LINK_ICONS.map((icon) => (
              <option key={icon} value={icon}>
                {LINK_ICON_LABELS[icon]}
              </option>
            ))}
          </select>
        )}
      </FieldShell>
      <div className="grid gap-1 sm:grid-cols-3">
        <Check
          id={id('enabled')}
          role="switch"
          label="On"
          hint="Off keeps the link here, hidden from visitors."
          checked={row.enabled}
          error={error('enabled')}
          onChange={(enabled) => set({ enabled }, 'enabled')}
        />
        <Check
          id={id('featured')}
          label="Featured"
          hint="Drawn larger. One link at most."
          checked={row.featured}
          error={error('featured')}
          onChange={(featured) => set({ featured }, 'featured')}
        />
        <Check
          id={id('social')}
          label="Show in social icons"
          hint="In the row of icons under your name."
          checked={row.social}
          error={error('social')}
          onChange={(social) => set({ social }, 'social')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {(['showFrom', 'showUntil'] as const).map((field) => (
          <TextField
            key={field}
            id={id(field)}
            label={field === 'showFrom' ? 'Show from' : 'Show until'}
            type="datetime-local"
            value={row[field]}
            onChange={(e) => set({ [field]: e.target.value }, field)}
            error={error(field)}
            hint={`Optional. In your page’s time zone, ${editor.timeZone}.`}
          />
        ))}
      </div>
    </div>
  );
}
