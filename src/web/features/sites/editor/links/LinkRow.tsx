import { Link } from 'react-router';
import { CopyButton } from '../../../../components/CopyButton';
import { formatNumber } from '../../../../../shared/format';
import { LinkIcon } from '../../components/SiteLinkList';
import {
  LINK_STATUS_LABELS,
  linkStatus,
  sameShowing,
  shownIcon,
  type LinkDraft,
  type LinkPost,
  type LinkStatus,
} from './link-draft';
import { bioLinkFor } from './bio-link';
import { LinkForm } from './LinkForm';
import { linkFieldId, type LinksEditorState } from './use-links-editor';
import type { useRowDrag } from './use-row-drag';

interface LinkRowProps {
  row: LinkDraft;
  index: number;
  count: number;
  editor: LinksEditorState;
  posts: readonly LinkPost[];
  tags: readonly string[];
  /** The seller's page address: a platform's link row shows its bio link (`?src=ig`). */
  pageUrl: string | null;
  /** This row is being dragged / another row would drop here. */
  dragging: boolean;
  dropTarget: boolean;
  /** The drag handle's pointer handlers (use-row-drag.ts). */
  handle: ReturnType<ReturnType<typeof useRowDrag>['handleProps']>;
}

const BADGE: Record<LinkStatus, string> = {
  live: 'bg-emerald-100 text-emerald-900 ring-emerald-700/30',
  off: 'bg-gray-100 text-gray-900 ring-gray-700/30',
  scheduled: 'bg-sky-100 text-sky-900 ring-sky-700/30',
  ended: 'bg-amber-100 text-amber-950 ring-amber-700/30',
};

/** Where the row's link goes, in words. */
function destination(row: LinkDraft, posts: readonly LinkPost[]): string {
  if (row.kind === 'post') {
    const post = posts.find((p) => p._id === row.postId);
    const saved = row.id && row.post ? row.post.title : null;
    return row.postId
      ? `Post: ${post?.title ?? saved ?? 'one of your posts'}`
      : 'Post: none chosen yet';
  }
  if (row.kind === 'tag') return row.tag ? `Tag: #${row.tag}` : 'Tag: none chosen yet';
  return row.url.trim() || 'No address yet';
}

/**
 * One link of the list: what it is at a glance (icon, title, where it goes, status, markers,
 * clicks), its reorder controls (drag, or Move up / Move down for keyboards and single pointers,
 * WCAG 2.5.7), Edit (opens its form under it) and Delete.
 */
export function LinkRow({
  row,
  index,
  count,
  editor,
  posts,
  tags,
  pageUrl,
  dragging,
  dropTarget,
  handle,
}: LinkRowProps) {
  const savedRow = editor.saved.find((s) => s.key === row.key);
  const savedLive = savedRow && sameShowing(savedRow, row) ? row.live : null;
  const status = linkStatus(row, editor.now, editor.timeZone, savedLive);
  const isOpen = editor.open.has(row.key);
  const title = row.title.trim() || 'Untitled link';
  const formId = `link-${row.key}-form`;
  const icon = shownIcon(row);
  const bio = pageUrl ? bioLinkFor(pageUrl, icon) : null;

  const move = (dir: 'up' | 'down') => {
    const to = dir === 'up' ? index - 1 : index + 1;
    if (to >= 0 && to < count) editor.move(row.key, to, dir);
  };

  return (
    <li
      className={`rounded-lg border bg-white p-3 ${dropTarget ? 'border-indigo-600 ring-2 ring-indigo-600' : 'border-gray-300'} ${dragging ? 'opacity-60' : ''}`}
      data-testid="link-row"
      data-row-index={index}
    >
      <div className="flex items-start gap-3">
        {/* Pointer only: the Move buttons are the same action for keyboards (WCAG 2.5.7). */}
        <div
          aria-hidden="true"
          title="Drag to reorder"
          className="flex min-h-11 w-8 shrink-0 cursor-grab touch-none items-center justify-center text-gray-600 select-none"
          data-testid="link-drag-handle"
          {...handle}
        >
          ⋮⋮
        </div>
        <span className="mt-2.5 shrink-0 text-gray-900">
          <LinkIcon icon={icon} />
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-words text-gray-950" data-testid="link-row-title">
            <bdi>{title}</bdi>
          </p>
          <p
            className="text-sm [overflow-wrap:anywhere] text-gray-700"
            data-testid="link-row-target"
          >
            {destination(row, posts)}
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-xs">
            <span
              className={`rounded-full px-2 py-0.5 font-semibold ring-1 ${BADGE[status]}`}
              data-testid="link-row-status"
            >
              {LINK_STATUS_LABELS[status]}
            </span>
            {row.featured ? (
              <span className="rounded-full bg-indigo-100 px-2 py-0.5 font-semibold text-indigo-900">
                Featured
              </span>
            ) : null}
            {row.social ? (
              <span className="rounded-full bg-violet-100 px-2 py-0.5 font-semibold text-violet-900">
                Social
              </span>
            ) : null}
            <span className="text-gray-700" data-testid="link-row-clicks">
              {row.clicks
                ? `${formatNumber(row.clicks.last7)} clicks in 7 days · ${formatNumber(row.clicks.last30)} in 30 days`
                : 'Not saved yet'}
            </span>
          </p>
          {bio ? (
            <div className="mt-2 text-xs text-gray-800" data-testid="link-row-bio-link">
              <p>
                <span className="font-semibold">{bio.platform} bio link: </span>
                <span className="[overflow-wrap:anywhere]" data-testid="link-row-bio-url">
                  {bio.url}
                </span>
                <CopyButton text={bio.url} label={`Copy the ${bio.platform} bio link`} />
              </p>
              <p className="mt-1 text-gray-700">
                {`Put this address in your ${bio.platform} bio: visits and sales from it show as “${bio.label}” on `}
                <Link to="/insights" className="link">
                  Insights
                </Link>
                .
              </p>
            </div>
          ) : null}
        </div>
      </div>
      <div className="mt-2 flex flex-wrap gap-2">
        {(['up', 'down'] as const).map((dir) => {
          const blocked = dir === 'up' ? index === 0 : index === count - 1;
          return (
            <button
              key={dir}
              id={linkFieldId(row.key, dir)}
              type="button"
              className="btn btn-ghost min-h-11 px-3 text-sm aria-disabled:cursor-not-allowed aria-disabled:text-gray-600"
              // aria-disabled, not disabled: focus stays on the button at the end of the list.
              aria-disabled={blocked || undefined}
              aria-label={`${dir === 'up' ? 'Move up' : 'Move down'} “${title}”`}
              onClick={() => move(dir)}
            >
              {dir === 'up' ? 'Move up' : 'Move down'}
            </button>
          );
        })}
        <button
          id={linkFieldId(row.key, 'edit')}
          type="button"
          className="btn btn-secondary min-h-11 px-3 text-sm"
          aria-expanded={isOpen}
          aria-controls={isOpen ? formId : undefined}
          aria-label={`${isOpen ? 'Close' : 'Edit'} “${title}”`}
          onClick={() => editor.toggleRow(row.key)}
        >
          {isOpen ? 'Close' : 'Edit'}
        </button>
        <button
          type="button"
          className="btn btn-ghost min-h-11 px-3 text-sm text-red-800"
          aria-label={`Delete “${title}”`}
          onClick={() => editor.remove(row.key)}
        >
          Delete
        </button>
      </div>
      {isOpen ? (
        <div id={formId} className="mt-3">
          <LinkForm row={row} editor={editor} posts={posts} tags={tags} />
        </div>
      ) : null}
    </li>
  );
}
