import { z } from 'zod';
import { hasNoNul } from './account-fields';
import { imageSchema, isUuid } from './common';

export const HEADER_BRANDINGS = ['name', 'logo', 'both'] as const;
export type HeaderBranding = (typeof HEADER_BRANDINGS)[number];

/** A user's branded page at /{username} (SPEC §3 Site, plus the owner's username for links). */
export const siteSchema = z.object({
  _id: z.string(),
  name: z.string(),
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
  username: z.string(),
});
export type Site = z.infer<typeof siteSchema>;

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
