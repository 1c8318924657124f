import type {
  MySiteLink,
  SiteLinkInput,
  SiteLinkPost,
} from '../../../../../shared/contracts/site-links';
import {
  LINK_ICONS,
  detectLinkIcon,
  windowPhase,
  type LinkIcon,
} from '../../../../../shared/site-links';
import { zonedTimeToInstant } from '../../../../../shared/time-zone';

// The links editor's rows (issue 25, docs/decisions/065): a link as the seller is editing it, and
// the pure rules around it — zod-free, so the editor's chunk carries no schema library until Save.

/** Where a link goes: an address, one of the seller's posts, or one of their tags. */
export type LinkKind = 'url' | 'post' | 'tag';

/** One of the seller's posts, as the "one of my posts" select and the preview need it. */
export interface LinkPost {
  _id: string;
  title: string;
  path: string;
  price: number;
  soldOut: boolean;
  /** Shown on the public page only when published or sold (a draft's link waits). */
  public: boolean;
  thumbnail: string | null;
  alt: string;
  tags: readonly string[];
}

/** A row of the editor: every field as typed, whichever kind is chosen (switching keeps them). */
export interface LinkDraft {
  /** Stable for the row's life (the saved id, or `new-N`): React key, field ids, error keys. */
  key: string;
  /** The saved link's id (keeps its clicks); null until the first save. */
  id: string | null;
  title: string;
  kind: LinkKind;
  url: string;
  postId: string;
  tag: string;
  /** '' for "Automatic" (picked from the URL when shown). */
  icon: LinkIcon | '';
  enabled: boolean;
  featured: boolean;
  social: boolean;
  /** datetime-local values in the site's time zone; '' for no edge. */
  showFrom: string;
  showUntil: string;
  /** As the server last answered; null for a link never saved. */
  clicks: { last7: number; last30: number } | null;
  /** The server's "shown now" at the last save (it also knows whether a post is still public). */
  live: boolean | null;
  /** A post link's post as the server last answered (named even when not among `posts`). */
  post: SiteLinkPost | null;
}

export function draftFromLink(link: MySiteLink): LinkDraft {
  return {
    key: link._id,
    id: link._id,
    title: link.title,
    kind: link.postId ? 'post' : link.tag ? 'tag' : 'url',
    url: link.url ?? '',
    postId: link.postId ?? '',
    tag: link.tag ?? '',
    icon: link.iconChoice ?? '',
    enabled: link.enabled,
    featured: link.featured,
    social: link.social,
    showFrom: link.showFrom ?? '',
    showUntil: link.showUntil ?? '',
    clicks: link.clicks,
    live: link.live,
    post: link.post,
  };
}

export function newDraft(key: string): LinkDraft {
  return {
    key,
    id: null,
    title: '',
    kind: 'url',
    url: '',
    postId: '',
    tag: '',
    icon: '',
    enabled: true,
    featured: false,
    social: false,
    showFrom: '',
    showUntil: '',
    clicks: null,
    live: null,
    post: null,
  };
}

/** The row as PUT /sites/links takes it: only the chosen kind's target is sent. */
export function inputFromDraft(d: LinkDraft): SiteLinkInput {
  return {
    ...(d.id ? { id: d.id } : {}),
    title: d.title,
    url: d.kind === 'url' ? d.url : null,
    postId: d.kind === 'post' ? d.postId || null : null,
    tag: d.kind === 'tag' ? d.tag || null : null,
    icon: d.icon || null,
    enabled: d.enabled,
    featured: d.featured,
    social: d.social,
    showFrom: d.showFrom || null,
    showUntil: d.showUntil || null,
  };
}

/** The icon the row shows: the chosen one, else the URL's (a post or tag link: the plain link). */
export function shownIcon(d: Pick<LinkDraft, 'icon' | 'kind' | 'url'>): LinkIcon {
  if (d.icon && (LINK_ICONS as readonly string[]).includes(d.icon)) return d.icon;
  return d.kind === 'url' ? detectLinkIcon(d.url) : 'link';
}

/** A row moved from one position to another (the shared list move). */
export { moveItemTo as moveItem } from '../../../../lib/move-item';

/** What "Move up"/"Move down" and a drop announce (positions counted from 1). */
export function moveAnnouncement(title: string, position: number, count: number): string {
  const name = title.trim() || 'Untitled link';
  return `Moved “${name}” to position ${position} of ${count}.`;
}

export type LinkStatus = 'live' | 'off' | 'scheduled' | 'ended';

export const LINK_STATUS_LABELS: Record<LinkStatus, string> = {
  live: 'Live',
  off: 'Off',
  scheduled: 'Scheduled',
  ended: 'Ended',
};

/**
 * A row's badge: Off when turned off; Scheduled before its window opens; Ended once it closed
 * (edges read in the site's time zone, the start inclusive, the end exclusive, as the server
 * reads them); else Live — unless the server said at the last save that it is not shown (its
 * post is not public): Off. `savedLive` is null for a link not saved as it stands.
 */
export function linkStatus(
  d: Pick<LinkDraft, 'enabled' | 'showFrom' | 'showUntil'>,
  now: Date,
  timeZone: string,
  savedLive: boolean | null = null,
): LinkStatus {
  if (!d.enabled) return 'off';
  const from = d.showFrom ? zonedTimeToInstant(d.showFrom, timeZone) : null;
  const until = d.showUntil ? zonedTimeToInstant(d.showUntil, timeZone) : null;
  const phase = windowPhase(from, until, now);
  if (phase === 'before') return 'scheduled';
  if (phase === 'after') return 'ended';
  return savedLive === false ? 'off' : 'live';
}

/** Whether the row differs from how it was saved in anything that decides if it shows. */
export function sameShowing(a: LinkDraft, b: LinkDraft): boolean {
  return (
    a.enabled === b.enabled &&
    a.showFrom === b.showFrom &&
    a.showUntil === b.showUntil &&
    a.kind === b.kind &&
    a.postId === b.postId &&
    a.tag === b.tag &&
    a.url === b.url
  );
}

/** Tags of the seller's posts, sorted, each once (the "one of my tags" select). */
export function tagsOf(posts: readonly { tags: readonly string[] }[]): string[] {
  return [...new Set(posts.flatMap((p) => p.tags))].sort((a, b) => a.localeCompare(b));
}

/** The list as saved and the list as edited, compared as the request would send them. */
export function listsDiffer(a: readonly LinkDraft[], b: readonly LinkDraft[]): boolean {
  if (a.length !== b.length) return true;
  return a.some(
    (d, i) => JSON.stringify(inputFromDraft(d)) !== JSON.stringify(inputFromDraft(b[i]!)),
  );
}
