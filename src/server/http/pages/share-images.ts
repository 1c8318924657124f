import { performance } from 'node:perf_hooks';
import { plainNotFound } from './plain-not-found';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { requestDeps } from '../../composition/app-deps';
import { SHARE_CARD_PHOTO_WIDTH, composeShareCard } from '../../adapters/images/share-card';
import { IMMUTABLE_CACHE_CONTROL } from '../../adapters/storage/types';
import { findPostShareCard, newestPostImage } from '../../modules/catalog';
import { findSiteShareCard, type SiteShareCard } from '../../modules/sites';
import { cachePerInstance, type ModuleDeps } from '../../modules/core';
import { USERNAME_MAX } from '../../../shared/contracts/account-rules';
import { isUuid } from '../../../shared/contracts/common';
import { formatMoney } from '../../../shared/format';
import { toMajor } from '../../../shared/money';

/**
 * GET /share-images/site/{username}.jpg and /share-images/post/{id}.jpg (src/shared/share-images.ts):
 * a page's Open Graph / Twitter card image, drawn on first request (adapters/images/share-card.ts)
 * and kept in memory under what it shows — the site's (and the post's) `updatedAt`, and for a site
 * the post whose photo it uses — so an edit draws a new one and an unchanged page is never redrawn.
 * The current state is read on every request (a suspended seller's images go at once).
 *
 * `?v=` is the version in the page's URL (share-images.ts): when it names the current version the
 * image may be kept for good; an older or missing one still gets the current image, cached briefly.
 * A post's version is the later of its own and its site's `updatedAt` (the card shows the site's
 * colours, name and logo).
 */
export const SHARE_IMAGE_CACHE = { maxEntries: 200, maxBytes: 30 * 1024 * 1024 } as const;
/** How long a share image requested under an outdated `v` may be kept. */
export const STALE_SHARE_IMAGE_MAX_AGE = 300;

/** The drawn images of one app instance; `loads` counts draws. */
export const shareImageCache = cachePerInstance<Buffer>({
  ...SHARE_IMAGE_CACHE,
  sizeOf: (jpeg) => jpeg.length,
});

const SITE_FILE = new RegExp(`^([a-z0-9_-]{1,${USERNAME_MAX}})\\.jpg$`, 'i');
const POST_FILE = /^([0-9a-f-]{36})\.jpg$/i;

/** A stored image's bytes, or null when it is gone (the card is drawn without it). */
async function readStored(deps: ModuleDeps, key: string | null): Promise<Buffer | null> {
  return key ? deps.storage.read(key) : null;
}

interface Drawing {
  site: SiteShareCard;
  title: string;
  subtitle: string;
  price: string | null;
  photoKey: string | null;
}

async function draw(
  deps: ModuleDeps,
  request: FastifyRequest,
  key: string,
  d: Drawing,
): Promise<Buffer> {
  const [logo, photo] = await Promise.all([
    readStored(deps, d.site.logoKey),
    readStored(deps, d.photoKey),
  ]);
  const started = performance.now();
  const jpeg = await composeShareCard({
    colors: {
      background: d.site.headerBackgroundColor,
      text: d.site.headerTextColor,
      accent: d.site.buttonBackgroundColor,
      accentText: d.site.buttonTextColor,
    },
    title: d.title,
    subtitle: d.subtitle,
    price: d.price,
    brand: deps.env.BRAND_NAME,
    logo,
    photo,
  });
  request.log.info(
    { shareImage: key, ms: Math.round(performance.now() - started), bytes: jpeg.length },
    'share image drawn',
  );
  return jpeg;
}

async function sendImage(
  deps: ModuleDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  image: { key: string; version: number; drawing: Drawing },
) {
  const { key, version } = image;
  let jpeg: Buffer;
  try {
    jpeg = await shareImageCache(deps.env).get(key, () => draw(deps, request, key, image.drawing));
  } catch (err) {
    // Storage or the image library failed: nothing is cached, the next request tries again.
    request.log.warn({ err, shareImage: key }, 'share image could not be drawn');
    return reply
      .code(503)
      .header('retry-after', '30')
      .type('text/plain; charset=utf-8')
      .send('This share image could not be drawn just now. Please try again in a moment.');
  }
  const v = (request.query as Record<string, unknown> | undefined)?.v;
  const current = v === String(version);
  return reply
    .header(
      'cache-control',
      current ? IMMUTABLE_CACHE_CONTROL : `public, max-age=${STALE_SHARE_IMAGE_MAX_AGE}`,
    )
    .type('image/jpeg')
    .send(jpeg);
}

const siteTitle = (site: SiteShareCard) => site.name.trim() || site.username;

export const shareImageRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { file: string } }>(
    '/share-images/site/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const username = SITE_FILE.exec(request.params.file)?.[1];
      const deps = requestDeps(app.deps, request);
      const site = username ? await findSiteShareCard(deps, { username }) : undefined;
      if (!site)
        return plainNotFound(
          reply,
          'There is no public site at this address, so it has no share image.',
        );
      const photo = await newestPostImage(deps, site.userId, SHARE_CARD_PHOTO_WIDTH);
      const version = site.updatedAt.getTime();
      const key = `site:${site.siteId}:${version}:${photo ? `${photo.postId}:${photo.updatedAt.getTime()}` : '-'}`;
      const address = `${new URL(deps.env.APP_URL).host}/${site.username}`;
      const drawing = {
        site,
        title: siteTitle(site),
        subtitle: site.description.trim() || address,
        price: null,
        photoKey: photo?.imageKey ?? null,
      };
      return sendImage(deps, request, reply, { key, version, drawing });
    },
  );

  app.get<{ Params: { file: string } }>(
    '/share-images/post/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const id = POST_FILE.exec(request.params.file)?.[1]?.toLowerCase();
      const deps = requestDeps(app.deps, request);
      const post =
        id && isUuid(id) ? await findPostShareCard(deps, id, SHARE_CARD_PHOTO_WIDTH) : undefined;
      // A post of a suspended or not yet activated seller is not public either.
      const site = post ? await findSiteShareCard(deps, { userId: post.userId }) : undefined;
      if (!post || !site)
        return plainNotFound(
          reply,
          'This post is not published (or no longer exists), so it has no share image.',
        );
      const version = Math.max(post.updatedAt.getTime(), site.updatedAt.getTime());
      const key = `post:${post.id}:${post.updatedAt.getTime()}:${site.updatedAt.getTime()}`;
      const drawing = {
        site,
        title: post.title,
        subtitle: siteTitle(site),
        price: formatMoney(toMajor(post.priceMinor), deps.env.CURRENCY),
        photoKey: post.imageKey,
      };
      return sendImage(deps, request, reply, { key, version, drawing });
    },
  );
};
