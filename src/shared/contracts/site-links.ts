import { z } from 'zod';
import { hasNoNul } from './account-fields';
import { isUuid, readsAsWritten, requiredAs } from './common';
import { NUL_RULE, obj } from './catalog-model';
import { PRODUCT_LIMITS, normalizeTag } from './catalog-rules';
import { LINK_ICONS, SITE_LINK_LIMITS, checkLinkUrl } from '../site-links';
import { LOCAL_DATE_TIME, zonedTimeToInstant } from '../time-zone';

// Wire shapes of a seller's links (issue 25, docs/decisions/065): PUT /sites/links takes the
// whole ordered list; GET /sites/mine answers every link with its clicks, GET /sites the live ones.

/** An ISO instant with its offset (`2026-12-31T23:30:00Z`, `…+13:00`). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/i;

/** A real date and time (no February 30th), with or without an offset. */
function isDateTime(v: string): boolean {
  if (LOCAL_DATE_TIME.test(v)) return zonedTimeToInstant(v, 'UTC') !== null;
  // The wall-clock part must exist too: Date.parse would roll 02-30 over into March.
  return ISO_INSTANT.test(v) && zonedTimeToInstant(v.slice(0, 16), 'UTC') !== null && !Number.isNaN(Date.parse(v));
}

/**
 * A window's edge: a wall-clock time in the site's time zone (`2026-12-31T23:30`, what a
 * datetime-local field gives), or an instant with its offset. null or absent: no edge.
 */
const windowEdge = (label: string) =>
  z
    .string(requiredAs('a date and time'))
    .trim()
    .max(40, { error: `${label}: use a date and time such as 2026-12-31T23:30.`, abort: true })
    .refine((v) => /^(19|20|21)\d\d-/.test(v) && isDateTime(v), {
      error: `${label}: use a date and time such as 2026-12-31T23:30.`,
    })
    .nullable()
    .optional();

const urlField = z
  .string(requiredAs('text'))
  .max(SITE_LINK_LIMITS.url + 100, {
    error: `This address is too long: use at most ${SITE_LINK_LIMITS.url} characters.`,
    abort: true,
  })
  .transform((v, ctx) => {
    const result = checkLinkUrl(v);
    if ('error' in result) {
      ctx.addIssue({ code: 'custom', message: result.error });
      return z.NEVER;
    }
    return result.url;
  });

/** One link as the editor sends it; exactly one of `url`, `postId` and `tag` says where it goes. */
export const siteLinkInput = obj({
  /** A link saved before keeps its id (and its clicks); without one, a new link. */
  id: z
    .string(requiredAs('a link id'))
    .refine(isUuid, 'Must be the id of one of your links.')
    .optional(),
  title: z
    .string(requiredAs('text'))
    .superRefine(readsAsWritten)
    .trim()
    .min(1, 'Give the link a title.')
    .max(SITE_LINK_LIMITS.title, `Use at most ${SITE_LINK_LIMITS.title} characters for the title.`)
    .refine(hasNoNul, NUL_RULE),
  url: urlField.nullable().optional(),
  /** One of the seller's own posts. */
  postId: z
    .string(requiredAs('a post id'))
    .refine(isUuid, 'Must be the id of one of your posts.')
    .nullable()
    .optional(),
  /** One of the seller's tags: the link opens their page of posts with it. */
  tag: z
    .string(requiredAs('text'))
    .trim()
    .min(1, 'Choose one of your tags.')
    .max(PRODUCT_LIMITS.tagMax, `Tags have at most ${PRODUCT_LIMITS.tagMax} characters.`)
    .refine(hasNoNul, NUL_RULE)
    .transform(normalizeTag)
    .nullable()
    .optional(),
  /** An icon of the set; null or absent: picked from the URL (detectLinkIcon). */
  icon: z
    .enum(LINK_ICONS, { error: `Choose one of the icons: ${LINK_ICONS.join(', ')}.` })
    .nullable()
    .optional(),
  enabled: z.boolean(requiredAs('true or false')).default(true),
  /** Drawn larger; at most one link of the list. */
  featured: z.boolean(requiredAs('true or false')).default(false),
  /** Shown in the row of social icons under the name. */
  social: z.boolean(requiredAs('true or false')).default(false),
  showFrom: windowEdge('Show from'),
  showUntil: windowEdge('Show until'),
});
export type SiteLinkInput = z.infer<typeof siteLinkInput>;

const targets = (l: SiteLinkInput) => [l.url, l.postId, l.tag].filter((v) => v != null).length;

/** PUT /sites/links: the whole list, in the order it is shown. */
export const siteLinksUpdateRequest = obj({
  links: z
    .array(siteLinkInput, requiredAs('a list of links'))
    .max(SITE_LINK_LIMITS.perSite, `You can have at most ${SITE_LINK_LIMITS.perSite} links.`),
}).superRefine((body, ctx) => {
  const seen = new Set<string>();
  let featured = 0;
  body.links.forEach((link, i) => {
    if (targets(link) !== 1)
      ctx.addIssue({
        code: 'custom',
        path: ['links', i, 'url'],
        message: 'Give the link one place to open: an address, one of your posts or one of your tags.',
      });
    if (link.id) {
      const id = link.id.toLowerCase();
      if (seen.has(id))
        ctx.addIssue({ code: 'custom', path: ['links', i, 'id'], message: 'This link is in the list twice.' });
      seen.add(id);
    }
    if (link.featured && ++featured === 2)
      ctx.addIssue({
        code: 'custom',
        path: ['links', i, 'featured'],
        message: 'Only one link can be featured. Unmark the other one first.',
      });
  });
});
export type SiteLinksUpdate = z.infer<typeof siteLinksUpdateRequest>;

/** A post link's post as its card shows it (photo and price). */
export const siteLinkPostSchema = z.object({
  title: z.string(),
  /** The post's address, `/{username}/{slug}-{shortId}`. */
  path: z.string(),
  /** Major units (DESIGN §4). */
  price: z.number(),
  soldOut: z.boolean(),
  /** Its first picture's smallest thumbnail; null when it has none. */
  thumbnail: z.string().nullable(),
  alt: z.string(),
});
export type SiteLinkPost = z.infer<typeof siteLinkPostSchema>;

/** A link as everyone sees it: live links only, each opened through the counted `/l/{id}`. */
export const publicSiteLinkSchema = z.object({
  _id: z.string(),
  title: z.string(),
  /** `/l/{id}`: counts the click, then sends the visitor on. */
  href: z.string(),
  icon: z.enum(LINK_ICONS),
  featured: z.boolean(),
  social: z.boolean(),
  /** Where it goes: an address, one of the seller's posts, or one of their tags (one is set). */
  url: z.string().nullable(),
  postId: z.string().nullable(),
  tag: z.string().nullable(),
  /** The post of a post link (null for other links, or when the post is gone). */
  post: siteLinkPostSchema.nullable(),
});
export type PublicSiteLink = z.infer<typeof publicSiteLinkSchema>;

/** A link as its owner sees it (GET /sites/mine, PUT /sites/links). */
export const mySiteLinkSchema = publicSiteLinkSchema.extend({
  /** The icon as chosen; null when it is picked from the URL. */
  iconChoice: z.enum(LINK_ICONS).nullable(),
  enabled: z.boolean(),
  /** The window in the site's time zone, as a datetime-local field shows it; null: open. */
  showFrom: z.string().nullable(),
  showUntil: z.string().nullable(),
  /** The same edges as instants (ISO 8601, UTC). */
  showFromAt: z.string().nullable(),
  showUntilAt: z.string().nullable(),
  /** Shown to visitors now: enabled, inside its window, and its post or tag still there. */
  live: z.boolean(),
  /** Counted clicks in the last 7 and 30 days (today included, in the site's time zone). */
  clicks: z.object({ last7: z.number().int(), last30: z.number().int() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MySiteLink = z.infer<typeof mySiteLinkSchema>;
