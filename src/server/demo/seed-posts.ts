import { productInput } from '../../shared/contracts/catalog';
import type { UserRow } from '../db/schema';
import type { ModuleDeps } from '../modules/core';
import { attachMedia, prepareMedia, saveProduct } from '../modules/catalog';
import { demoImage } from './images';
import { DEMO_POSTS } from './posts';

/** Posts are spread back in time so "newest first" has a history to show. */
const SPACING_MS = 7 * 60 * 60 * 1000;

/** Photos processed at once: enough to keep both cores busy without a burst of memory. */
const CONCURRENCY = 4;

/**
 * `work` over `items`, at most `limit` at a time. After a failure no new item starts, and it
 * resolves or rejects only once every started item has settled: a caller cleaning up after a
 * failure must not race writes still in flight.
 */
async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  let failed = false;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length && !failed) {
      const i = next++;
      try {
        results[i] = await work(items[i]!);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  });
  const settled = await Promise.allSettled(lanes);
  const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failure) throw failure.reason;
  return results;
}

/**
 * Creates the demo posts of DEMO_POSTS through the catalogue's own use-cases inside the caller's
 * transaction: saveProduct for each post, then the media pipeline for each generated photo — its
 * CPU half (`prepareMedia`: checks, WebP variants, storage) for all photos in parallel, its
 * database half (`attachMedia`) one by one. Every storage key written is pushed to `written` as it
 * lands, so a caller whose transaction fails can delete the files.
 */
export async function seedDemoPosts(
  deps: ModuleDeps,
  sellers: Map<string, UserRow>,
  written: string[],
): Promise<number> {
  const start = deps.now() - DEMO_POSTS.length * SPACING_MS;
  const created = [];
  for (const [i, demo] of DEMO_POSTS.entries()) {
    const seller = sellers.get(demo.seller);
    if (!seller) throw new Error(`demo seller ${demo.seller} is missing`);
    const actor = { id: seller.id, role: seller.role };
    const postDeps = { ...deps, now: () => start + i * SPACING_MS };
    const product = await saveProduct(postDeps, actor, productInput.parse(demo.post));
    created.push({ demo, actor, postDeps, productId: product._id });
  }
  const photos = created.flatMap((post) =>
    post.demo.images.map((image, n) => ({ post, image, n })),
  );
  const prepared = await mapLimited(photos, CONCURRENCY, async ({ post, image, n }) => {
    const body = await demoImage(post.demo.post.title, n, image.motif);
    const media = await prepareMedia(deps, {
      productId: post.productId,
      type: 'image',
      body,
      alt: image.alt,
    });
    written.push(...media.written);
    return media;
  });
  for (const [i, { post }] of photos.entries()) {
    await attachMedia(post.postDeps, post.actor, post.productId, prepared[i]!);
  }
  return DEMO_POSTS.length;
}
