// Wire shapes of the contact form and the email lists (issue 13, docs/decisions/034).
import { z } from 'zod';
import { hasNoNul, NUL_RULE } from './account-rules';
import { emailSchema } from './account-fields';
import { idField } from './commerce-fields';
import { readsAsWritten, requiredAs } from './common';
import { limitField, pageField } from './users-admin';
import {
  CONTACT_STATUSES,
  CONTACT_TOPICS,
  HONEYPOT_FIELD,
  OUTREACH_LIMITS,
  SIGNUP_SOURCES,
} from './outreach-rules';

export * from './outreach-rules';

/**
 * One line of text: trimmed, inner whitespace (newlines too) folded, no NUL. `asName`: a person's
 * name, shown to others (the inbox, a list's subscribers), which must read as written — checked
 * before the folding, which would hide a U+FEFF at an edge (docs/decisions/053).
 */
const line = (max: number, empty: string, asName = false) => {
  const raw = z
    .string(requiredAs('text'))
    .max(max * 4, { error: `Use at most ${max} characters.`, abort: true });
  return (asName ? raw.superRefine(readsAsWritten) : raw)
    .transform((v) => v.replace(/\s+/g, ' ').trim())
    .pipe(
      z
        .string()
        .min(1, empty)
        .max(max, `Use at most ${max} characters.`)
        .refine(hasNoNul, NUL_RULE),
    );
};

const honeypot = z
  .string(requiredAs('text'))
  .max(OUTREACH_LIMITS.honeypotMax, 'Must be empty.')
  .optional();

// ---- POST /contact ----
export const contactRequest = z.object(
  {
    name: line(OUTREACH_LIMITS.nameMax, 'Tell us your name.', true),
    email: emailSchema,
    topic: z.enum(CONTACT_TOPICS, {
      error: (issue) =>
        issue.input === undefined || issue.input === ''
          ? 'Choose what your message is about.'
          : `Choose one of: ${CONTACT_TOPICS.join(', ')}.`,
    }),
    subject: line(OUTREACH_LIMITS.subjectMax, 'Give your message a subject.'),
    message: z
      .string(requiredAs('text'))
      .max(OUTREACH_LIMITS.messageMax * 2, {
        error: `Use at most ${OUTREACH_LIMITS.messageMax} characters.`,
        abort: true,
      })
      .transform((v) => v.replace(/\r\n?/g, '\n').trim())
      .pipe(
        z
          .string()
          .min(
            OUTREACH_LIMITS.messageMin,
            `Write at least ${OUTREACH_LIMITS.messageMin} characters, so we know how to help.`,
          )
          .max(OUTREACH_LIMITS.messageMax, `Use at most ${OUTREACH_LIMITS.messageMax} characters.`)
          .refine(hasNoNul, NUL_RULE),
      ),
    [HONEYPOT_FIELD]: honeypot,
  },
  requiredAs('a JSON object'),
);
export type ContactRequest = z.input<typeof contactRequest>;

export const outreachMessageResponse = z.object({ message: z.string() });

// ---- GET /admin/contact-messages, PATCH /admin/contact-messages/:id ----
const personSchema = z.object({ _id: z.string(), username: z.string(), name: z.string() });

export const contactMessageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  topic: z.enum(CONTACT_TOPICS),
  subject: z.string(),
  message: z.string(),
  status: z.enum(CONTACT_STATUSES),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
  /** The signed-in account that sent it (null: a visitor, or the account is gone). */
  sender: personSchema.nullable(),
  handledBy: personSchema.nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactMessagesQuery = z.object(
  {
    status: z
      .enum([...CONTACT_STATUSES, 'all'], { error: 'Choose new, handled or all.' })
      .default('new'),
    page: pageField,
    limit: limitField,
  },
  requiredAs('a query'),
);
export type ContactMessagesQuery = z.input<typeof contactMessagesQuery>;
export const contactMessagesResponse = z.object({
  messages: z.array(contactMessageSchema),
  recordsCount: z.number().int(),
});
export type ContactMessagesResponse = z.infer<typeof contactMessagesResponse>;

export const contactMessageParams = z.object({ id: idField('a message id') });
export const contactMessageUpdate = z.object(
  { status: z.enum(CONTACT_STATUSES, { error: 'Choose new or handled.' }) },
  requiredAs('a JSON object'),
);
export const contactMessageResponse = z.object({ contactMessage: contactMessageSchema });

// ---- PUT /email-list ----
/** A seller's username (their list), or absent for the marketplace's own newsletter. */
const listField = z
  .string(requiredAs('a username'))
  .trim()
  .max(100, 'Must be a username.')
  .optional();

export const emailListSignupRequest = z.object(
  {
    email: emailSchema,
    name: z
      .string(requiredAs('text'))
      .max(OUTREACH_LIMITS.nameMax * 4, {
        error: `Use at most ${OUTREACH_LIMITS.nameMax} characters.`,
        abort: true,
      })
      .superRefine(readsAsWritten)
      .transform((v) => v.replace(/\s+/g, ' ').trim())
      .pipe(
        z
          .string()
          .max(OUTREACH_LIMITS.nameMax, `Use at most ${OUTREACH_LIMITS.nameMax} characters.`)
          .refine(hasNoNul, NUL_RULE),
      )
      .optional(),
    list: listField,
    source: z
      .enum(SIGNUP_SOURCES, { error: `Choose one of: ${SIGNUP_SOURCES.join(', ')}.` })
      .optional(),
    [HONEYPOT_FIELD]: honeypot,
  },
  requiredAs('a JSON object'),
);
export type EmailListSignupRequest = z.input<typeof emailListSignupRequest>;

// ---- POST /email-list/confirm, POST /email-list/unsubscribe ----
const tokenField = z
  .string({ error: 'Must be the token from the link in the email.' })
  .max(200, 'Must be the token from the link in the email.');

export const emailListTokenRequest = z.object({ token: tokenField }, requiredAs('a JSON object'));
/**
 * The unsubscribe call takes JSON `{ token }` (the page) or, as an RFC 8058 one-click POST from a
 * mail client, the token in the query with a form body `List-Unsubscribe=One-Click`.
 */
export const emailListUnsubscribeRequest = z
  .object({ token: tokenField.optional() }, requiredAs('a JSON object'))
  .nullish();
export const emailListUnsubscribeQuery = z.object({ token: tokenField.optional() });

/** Whose list a link was about: the seller (null: the marketplace's newsletter). */
export const emailListOwnerSchema = z.object({ username: z.string(), name: z.string() }).nullable();
export const emailListTokenResponse = z.object({
  message: z.string(),
  list: emailListOwnerSchema,
});
export type EmailListTokenResponse = z.infer<typeof emailListTokenResponse>;

// ---- GET /email-list/stats, GET /email-list/export ----
/** `marketplace` (admins), a seller's username (admins), or absent: the caller's own list. */
export const emailListQuery = z.object(
  {
    list: listField,
    status: z
      .enum(['confirmed', 'all'], { error: 'Choose confirmed or all.' })
      .default('confirmed'),
  },
  requiredAs('a query'),
);
export type EmailListQuery = z.input<typeof emailListQuery>;

export const emailListStatsResponse = z.object({
  list: emailListOwnerSchema,
  confirmed: z.number().int(),
  pending: z.number().int(),
  unsubscribed: z.number().int(),
  /** Subscribers the owner's plan allows (null: no limit; the marketplace's list has none). */
  limit: z.number().int().nullable(),
});
export type EmailListStats = z.infer<typeof emailListStatsResponse>;
