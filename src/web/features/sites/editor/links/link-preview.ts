import type { PublicSiteLink } from '../../../../../shared/contracts/site-links';
import { tagPath } from '../../../../../shared/tags';
import { linkStatus, shownIcon, type LinkDraft, type LinkPost } from './link-draft';

/**
 * The rows as visitors would see them, as edited: only links that are on and inside their window
 * now, with a target (a post link's post public). `href` is where the link leads, not the counted
 * `/l/{id}`: the preview is not clickable, and a link not saved yet has no id.
 */
export function previewLinks(
  rows: readonly LinkDraft[],
  posts: readonly LinkPost[],
  now: Date,
  timeZone: string,
  username: string,
): PublicSiteLink[] {
  const out: PublicSiteLink[] = [];
  for (const row of rows) {
    if (linkStatus(row, now, timeZone) !== 'live' || !row.title.trim()) continue;
    const post = row.kind === 'post' ? posts.find((p) => p._id === row.postId) : undefined;
    if (row.kind === 'post' && !post?.public) continue;
    if (row.kind === 'tag' && !row.tag) continue;
    if (row.kind === 'url' && !row.url.trim()) continue;
    const href =
      row.kind === 'post'
        ? post!.path
        : row.kind === 'tag'
          ? tagPath(row.tag, username)
          : row.url.trim();
    out.push({
      _id: row.key,
      title: row.title.trim(),
      href,
      icon: shownIcon(row),
      featured: row.featured,
      social: row.social,
      url: row.kind === 'url' ? row.url.trim() : null,
      postId: post ? post._id : null,
      tag: row.kind === 'tag' ? row.tag : null,
      post: post
        ? {
            title: post.title,
            path: post.path,
            price: post.price,
            soldOut: post.soldOut,
            thumbnail: post.thumbnail,
            alt: post.alt,
          }
        : null,
    });
  }
  return out;
}
