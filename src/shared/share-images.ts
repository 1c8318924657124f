/**
 * Where a page's share image (Open Graph / Twitter card, 1200×630) is served. The `v` parameter is
 * the site's or post's `updatedAt` (ms): a change makes a new URL, so the image can be cached for
 * good and social apps re-fetch it after an edit.
 */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

const version = (updatedAt: string) => {
  const ms = Date.parse(updatedAt);
  return Number.isFinite(ms) ? String(ms) : '0';
};

export function siteShareImagePath(site: { username: string; updatedAt: string }): string {
  return `/share-images/site/${encodeURIComponent(site.username.toLowerCase())}.jpg?v=${version(site.updatedAt)}`;
}

export function postShareImagePath(post: { _id: string; updatedAt: string }): string {
  return `/share-images/post/${encodeURIComponent(post._id)}.jpg?v=${version(post.updatedAt)}`;
}
