// Field rules of the account forms, shared by the API (validation) and the web forms (hints).
// Messages are phrased for people; the API prefixes the field ("username: …").

import { z } from 'zod';
import { readsAsWritten, requiredAs } from './common';
import {
  BIO_MAX,
  EMAIL_MAX,
  hasNoNul,
  isHttpUrl,
  LINK_MAX,
  normalizeUsername,
  NAME_MAX,
  NUL_RULE,
  PASSWORD_MAX,
  PASSWORD_MIN,
  TAG_MAX,
  TAGS_MAX,
  TOKEN_MAX,
  USERNAME_ASCII_RULE,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_RE,
  USERNAME_RESERVED,
  USERNAME_RULE,
} from './account-rules';

export * from './account-rules';

/**
 * Names a page at /{name} would shadow: every static route segment of SPEC §2 plus paths the
 * server owns and words that would confuse people. `/index-{product}bio` pages are matched by pattern.
 */
// prettier-ignore
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  // SPEC §2 static routes and first segments of parameterised routes
  '404', 'about', 'add-tags', 'admin-products', 'all-posts', 'careers', 'checkout', 'comments', 'contact',
  'edit-page', 'edit-profile', 'favorites', 'feed', 'following', 'how-to-sell-used-pc-hardware-online',
  'index-landing', 'index-old', 'landing-old', 'login', 'logout', 'marketplace', 'message', 'messages',
  'my-posts', 'onboarding-failure', 'onboarding-success', 'orders', 'plan-selection', 'pricing', 'privacy',
  'reset-password', 'sales', 'search-results', 'terms', 'thanks', 'users', 'items', 'feedback', 'products',
  'add-edit-item', 'password-reset',
  // pages of our own beyond SPEC §2
  'unsubscribe', 'moderation', 'payout-setup', 'admin-messages', 'email-list', 'insights', 'how-we-count', 'discounts',
  // server paths and words that would impersonate the service
  'api', 'media', 'media-upload', 'assets', 'fonts', 'share-images', 'sitemaps', 'sitemap.xml', 'robots.txt',
  'favicon.ico', '.well-known', 'metrics', 'admin', 'static', 'www', 'help', 'support', 'settings', 'null', 'undefined',
]);
const RESERVED_PATTERN = /^index-.*bio$/;

export function isReservedUsername(username: string): boolean {
  return RESERVED_USERNAMES.has(username) || RESERVED_PATTERN.test(username);
}

const EMAIL_RULE = 'Enter a valid email address.';

export const usernameSchema = z
  .string(requiredAs('text'))
  // A cheap bound before normalising, so huge inputs are refused without work.
  .max(USERNAME_MAX * 4, { error: USERNAME_RULE, abort: true })
  // Said before the ASCII rule would refuse it for a less useful reason.
  .superRefine(readsAsWritten)
  .transform(normalizeUsername)
  .superRefine((value, ctx) => {
    // Any non-ASCII left after NFKC is a look-alike ('а' is Cyrillic) or an accent: refuse it.
    // eslint-disable-next-line no-control-regex
    if (/[^\x00-\x7f]/.test(value)) ctx.addIssue({ code: 'custom', message: USERNAME_ASCII_RULE });
    else if (value.length < USERNAME_MIN || value.length > USERNAME_MAX || !USERNAME_RE.test(value))
      ctx.addIssue({ code: 'custom', message: USERNAME_RULE });
    else if (isReservedUsername(value))
      ctx.addIssue({ code: 'custom', message: USERNAME_RESERVED });
  });

export const emailSchema = z
  .string(requiredAs('an email address'))
  .trim()
  .max(EMAIL_MAX, {
    error: `${EMAIL_RULE.slice(0, -1)} (at most ${EMAIL_MAX} characters).`,
    abort: true,
  })
  .toLowerCase()
  .regex(z.regexes.email, EMAIL_RULE);

export const passwordSchema = z
  .string(requiredAs('text'))
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, { error: `Use at most ${PASSWORD_MAX} characters.`, abort: true });

export const displayNameSchema = z
  .string(requiredAs('text'))
  .superRefine(readsAsWritten)
  .trim()
  .min(1, 'Enter a name.')
  .max(NAME_MAX, `Use at most ${NAME_MAX} characters.`)
  .refine(hasNoNul, NUL_RULE);

export const bioSchema = z
  .string(requiredAs('text'))
  .trim()
  .max(BIO_MAX, `Use at most ${BIO_MAX} characters.`)
  .refine(hasNoNul, NUL_RULE);

export const linkSchema = z
  .string(requiredAs('text'))
  .trim()
  .max(LINK_MAX, { error: `Use at most ${LINK_MAX} characters.`, abort: true })
  .refine(
    (v) => v === '' || (hasNoNul(v) && isHttpUrl(v)),
    'Enter a web address starting with http:// or https://, or leave it empty.',
  );

export const tagsSchema = z
  .array(
    z
      .string(requiredAs('text'))
      .superRefine(readsAsWritten)
      .trim()
      .min(1, 'Tags cannot be empty.')
      .max(TAG_MAX, `Each tag can have at most ${TAG_MAX} characters.`)
      .refine(hasNoNul, NUL_RULE),
    requiredAs('a list of tags'),
  )
  .max(TAGS_MAX, `Add at most ${TAGS_MAX} tags.`)
  // Same tag twice (any case) is one tag; the first spelling wins.
  .transform((tags) =>
    tags.filter((t, i) => tags.findIndex((o) => o.toLowerCase() === t.toLowerCase()) === i),
  );

export const tokenSchema = z
  .string(requiredAs('text'))
  .trim()
  .min(1, 'This field is required.')
  .max(TOKEN_MAX, { error: 'This link is not valid.', abort: true });
