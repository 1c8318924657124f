/**
 * Where a page's share image (Open Graph / Twitter card, 1200×630) is served. The `v` parameter is
 * the site's or post's `updatedAt` (ms): a change makes a new URL, so the image can be cached for
 * good and social apps re-fetch it after an edit. A post's card also shows its site's colours, name
 * and logo, so its version is the later of the post's and the site's `updatedAt` (pass the site).
 * The server answers any `v` with the current image, cached for good only under the current one.
 */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

const version = (...updatedAts: string[]) => {
  const ms = Math.max(...updatedAts.map((at) => Date.parse(at)).filter(Number.isFinite));
  return Number.isFinite(ms) ? String(ms) : '0';
};

export function siteShareImagePath(site: { username: string; updatedAt: string }): string {
  return `/share-images/site/${encodeURIComponent(site.username.toLowerCase())}.jpg?v=${version(site.updatedAt)}`;
}

export function postShareImagePath(
  post: { _id: string; updatedAt: string },
  site?: { updatedAt: string },
): string {
  const v = site ? version(post.updatedAt, site.updatedAt) : version(post.updatedAt);
  return `/share-images/post/${encodeURIComponent(post._id)}.jpg?v=${v}`;
}
