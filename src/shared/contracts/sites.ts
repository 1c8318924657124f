import { z } from 'zod';
import { hasNoNul } from './account-fields';
import { imageSchema, isUuid, readsAsWritten, requiredAs } from './common';
import { NUL_RULE, obj } from './catalog-model';
import { mySiteLinkSchema, publicSiteLinkSchema } from './site-links';
import { canonicalTimeZone } from '../time-zone';
import {
  DOMAIN_LOSS_REASONS,
  DOMAIN_STATUSES,
  FONT_SCALE,
  HEX_COLOR_INPUT,
  SITE_COLOR_FIELDS,
  SITE_FONT_FAMILIES,
  SITE_LIMITS,
  normalizeDomainName,
  normalizeHexColor,
  type SiteColorField,
  SITE_COLOR_LABELS,
} from './site-rules';

export * from './site-rules';

export const HEADER_BRANDINGS = ['name', 'logo', 'both'] as const;
export type HeaderBranding = (typeof HEADER_BRANDINGS)[number];

/** A user's branded page at /{username} (SPEC §3 Site, plus the owner's username for links). */
export const siteSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Public reads show it once verified (null before); the owner's reads show it as set. */
  domainName: z.string().nullable(),
  description: z.string(),
  image: imageSchema.nullable(),
  headerBackgroundColor: z.string(),
  headerTextColor: z.string(),
  footerBackgroundColor: z.string(),
  footerTextColor: z.string(),
  /** 'logo' or 'both' show the logo; anything else shows the name only (SPEC §3). */
  headerBranding: z.enum(HEADER_BRANDINGS),
  backgroundColor: z.string(),
  textColor: z.string(),
  buttonBackgroundColor: z.string(),
  buttonTextColor: z.string(),
  fontFamily: z.string(),
  fontScale: z.number(),
  /** The IANA time zone the owner's link windows are read in (default UTC). */
  timeZone: z.string(),
  username: z.string(),
  /** Changes on every edit: share images and caches are keyed by it. */
  updatedAt: z.string(),
});
export type Site = z.infer<typeof siteSchema>;

/** The owner as their page shows them (User fields of SPEC §3 that are public). */
export const siteOwnerSchema = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  bio: z.string(),
  link: z.string(),
  image: imageSchema.nullable(),
  likesCount: z.number().int(),
  /** Published posts. */
  postsCount: z.number().int(),
  /** Members following the owner, and members the owner follows. */
  followersCount: z.number().int(),
  followingCount: z.number().int(),
});
export type SiteOwner = z.infer<typeof siteOwnerSchema>;

/** A site and its owner, as the server's page look-ups find it (no links). */
export const siteWithOwnerSchema = siteSchema.extend({ owner: siteOwnerSchema });
export type SiteWithOwner = z.infer<typeof siteWithOwnerSchema>;

/**
 * GET /sites?username= | ?user_id=: the site itself (SPEC: "reads data"), its owner, and the
 * links live now (docs/decisions/065).
 */
export const publicSiteSchema = siteWithOwnerSchema.extend({ links: z.array(publicSiteLinkSchema) });
export type PublicSite = z.infer<typeof publicSiteSchema>;

/** The custom domain as its owner sees it: status and the exact records that prove control. */
export const siteDomainSchema = z.object({
  name: z.string().nullable(),
  status: z.enum(DOMAIN_STATUSES),
  /** The DNS record to create (one of the two ways to verify). */
  txtRecord: z.object({ type: z.literal('TXT'), name: z.string(), value: z.string() }).nullable(),
  /** Or: serve `body` as text/plain at `url`. */
  httpFile: z.object({ url: z.string(), body: z.string() }).nullable(),
  /** Where the domain must point (CNAME / A) once verified, for the owner to set up. */
  target: z.string(),
  verifiedAt: z.string().nullable(),
  checkedAt: z.string().nullable(),
  /** Why the last check failed, as a sentence. */
  lastError: z.string().nullable(),
  /**
   * A verified domain whose proof a check found missing: since when, and until when it stays
   * served without the proof (a check that finds it again before then keeps the domain).
   */
  proofMissingSince: z.string().nullable(),
  graceEndsAt: z.string().nullable(),
  /** The last domain this site lost, and why (shown in the editor until another domain is saved). */
  lost: z.object({ name: z.string(), reason: z.enum(DOMAIN_LOSS_REASONS), at: z.string() }).nullable(),
});
export type SiteDomain = z.infer<typeof siteDomainSchema>;

/** GET /sites/mine, PUT /sites, PUT /sites/media: the owner's view. */
export const mySiteSchema = siteWithOwnerSchema.extend({
  domain: siteDomainSchema,
  /** Every link, live or not, with its window and clicks. */
  links: z.array(mySiteLinkSchema),
});
export type MySite = z.infer<typeof mySiteSchema>;
export const siteResponse = obj({ site: mySiteSchema });

const colorField = (label: string) =>
  z
    .string(requiredAs('a colour'))
    .max(20, { error: `${label}: use a hex colour such as #1f2937.`, abort: true })
    // The same rule as the transform's, stated as a pattern so the API schema documents it.
    .regex(HEX_COLOR_INPUT, { error: `${label}: use a hex colour such as #1f2937.`, abort: true })
    .transform((v, ctx) => {
      const hex = normalizeHexColor(v);
      if (!hex) {
        ctx.addIssue({ code: 'custom', message: `${label}: use a hex colour such as #1f2937.` });
        return z.NEVER;
      }
      return hex;
    });


const colorShape = Object.fromEntries(
  SITE_COLOR_FIELDS.map((f) => [f, colorField(SITE_COLOR_LABELS[f]).optional()]),
) as Record<SiteColorField, z.ZodOptional<ReturnType<typeof colorField>>>;

/** A custom domain as typed ('' or null removes it), normalised (lower case, punycode, no port). */
export const domainNameField = z
  .string(requiredAs('text'))
  .max(300, { error: 'This domain name is too long.', abort: true })
  .refine(hasNoNul, NUL_RULE)
  .transform((v, ctx) => {
    if (v.trim() === '') return null;
    const result = normalizeDomainName(v);
    if ('error' in result) {
      ctx.addIssue({ code: 'custom', message: result.error });
      return z.NEVER;
    }
    return result.domain;
  })
  .nullable();

/** PUT /sites: any of the Site fields of SPEC §3 (the logo goes through PUT /sites/media). */
export const siteUpdateRequest = obj({
  name: z
    .string(requiredAs('text'))
    .superRefine(readsAsWritten)
    .trim()
    .min(1, 'Give your site a name.')
    .max(SITE_LIMITS.name, `Use at most ${SITE_LIMITS.name} characters for the name.`)
    .refine(hasNoNul, NUL_RULE)
    .optional(),
  description: z
    .string(requiredAs('text'))
    .trim()
    .max(SITE_LIMITS.description, `Use at most ${SITE_LIMITS.description} characters for the description.`)
    .refine(hasNoNul, NUL_RULE)
    .optional(),
  domainName: domainNameField.optional(),
  /** null removes the logo. */
  image: z.null({ error: 'Upload a logo through PUT /sites/media; send null to remove it.' }).optional(),
  headerBranding: z
    .enum(HEADER_BRANDINGS, { error: "Choose 'name', 'logo' or 'both' for the header." })
    .optional(),
  fontFamily: z
    .enum(SITE_FONT_FAMILIES, { error: `Choose one of the fonts: ${SITE_FONT_FAMILIES.join(', ')}.` })
    .optional(),
  fontScale: z
    .number(requiredAs('a number'))
    .min(FONT_SCALE.min, `The text size must be between ${FONT_SCALE.min} and ${FONT_SCALE.max}.`)
    .max(FONT_SCALE.max, `The text size must be between ${FONT_SCALE.min} and ${FONT_SCALE.max}.`)
    .optional(),
  /** An IANA time zone name (Europe/Paris): link windows are read in it. */
  timeZone: z
    .string(requiredAs('text'))
    .max(64, { error: 'Choose a time zone such as Europe/Paris.', abort: true })
    .transform((v, ctx) => {
      const zone = canonicalTimeZone(v);
      if (!zone) {
        // The value is not repeated: it may hold anything (control characters, markup).
        ctx.addIssue({ code: 'custom', message: 'This is not a time zone. Choose one such as Europe/Paris or America/New_York.' });
        return z.NEVER;
      }
      return zone;
    })
    .optional(),
  ...colorShape,
});
export type SiteUpdate = z.infer<typeof siteUpdateRequest>;

/** GET /sites?username= or ?user_id= — the response body is the site itself (SPEC: "reads data"). */
export const siteQuery = z
  .object({
    username: z
      .string({ error: 'Must be text.' })
      .trim()
      .max(100, { error: 'No site has this username.', abort: true })
      .refine(hasNoNul, 'No site has this username.')
      .optional(),
    user_id: z
      .string({ error: 'Must be text.' })
      .trim()
      .max(100, { error: 'Must be a user id.', abort: true })
      .refine(isUuid, 'Must be a user id.')
      .optional(),
  })
  .refine((q) => q.username !== undefined || q.user_id !== undefined, {
    error: 'Give a username or a user_id.',
    path: ['username'],
  });
export type SiteQuery = z.infer<typeof siteQuery>;

/** GET /sites/qr: the owner's page as a QR code, an SVG (shown in the editor) or a PNG (to save). */
export const SITE_QR_FORMATS = ['svg', 'png'] as const;
export type SiteQrFormat = (typeof SITE_QR_FORMATS)[number];
export const siteQrQuery = z.object({
  format: z
    .enum(SITE_QR_FORMATS, { error: 'Choose svg or png.' })
    .optional()
    .default('svg'),
});

/** GET /sites/share: what the editor's "Share your page" shows — the page's address and its code. */
export const siteShareResponse = z.object({
  /** The page's public address: the verified custom domain while served, else `{app}/{username}`. */
  url: z.string(),
  /** The address's QR code as SVG markup (the same drawing as GET /sites/qr). */
  svg: z.string(),
});
export type SiteShare = z.infer<typeof siteShareResponse>;
