import { z } from 'zod';
import { UUID_RE, imageSchema, readsAsWritten, requiredAs } from './common';
import { obj, text, uuidField } from './catalog-model';
import { COMMERCE_LIMITS as L, FEEDBACK_TYPES } from './commerce-rules';
import { COUNTRY_CODES, iso, limitField, money, pageField } from './commerce-fields';

// Feedback on sales and sellers' payout onboarding (SPEC §7 "Orders, transactions, feedback" and
// the onboarding calls of "Auth and users"; docs/decisions/030). Re-exported by commerce.ts.

// ---- feedback ----

export const feedbackRequest = obj({
  type: z.enum(FEEDBACK_TYPES, {
    error: 'Feedback is about an order (buyer) or a transaction (seller).',
  }),
  /** The sale's id (an order id is accepted for `order` when the order has one seller). */
  id: uuidField('an order or sale id'),
  rating: z
    .number(requiredAs('a rating'))
    .int('Rate with a whole number of stars.')
    .min(1, 'Rate from 1 to 5 stars.')
    .max(5, 'Rate from 1 to 5 stars.'),
  text: text(L.feedbackTextMax, ' in your feedback').trim().default(''),
});
/**
 * A feedback as anyone reads it — public reputation (docs/decisions/030, 051): who wrote it (name,
 * avatar, and username only when they have a public page), the rating, text and date, the seller
 * of the sale and the titles of what was sold. Never the ids of the order, the sale or the buyer:
 * the parties see those in their own lists (GET /orders, GET /sales).
 */
export const feedbackSchema = z.object({
  _id: z.string(),
  type: z.enum(FEEDBACK_TYPES),
  author: z.object({
    name: z.string(),
    image: imageSchema.nullable(),
    /** Null when the author has no public page (a buyer only, staff, or an account gone). */
    username: z.string().nullable(),
  }),
  /** The seller of the sale rated (whichever side wrote it): whose shop it was. */
  seller: z.object({ name: z.string(), username: z.string() }),
  rating: z.number().int(),
  text: z.string(),
  /** The titles of the sale's items; the post id only while the post is public (for a link). */
  items: z.array(z.object({ productId: z.string().nullable(), title: z.string() })),
  createdAt: iso,
});
export type Feedback = z.infer<typeof feedbackSchema>;
export const feedbackResponse = obj({ feedback: feedbackSchema });
/** GET /feedbacks?userId=&type=: feedback a member received (type order: as seller). */
/** An id filter of a public list: its pattern says what a valid one looks like. */
const idFilter = (what: string) =>
  z.string(requiredAs('an id')).trim().regex(UUID_RE, `Must be ${what}.`).optional();

export const feedbackQuery = obj({
  userId: idFilter('a user id'),
  productId: idFilter('a post id'),
  /** Feedback written by this member instead of about them. */
  authorId: idFilter('a user id'),
  /** Feedback on the sales of one order (its page shows each seller's rating). */
  orderId: idFilter('an order id'),
  type: z.enum(FEEDBACK_TYPES).default('order'),
  page: pageField,
  limit: limitField,
});
export const feedbackListResponse = obj({
  feedbacks: z.array(feedbackSchema),
  recordsCount: z.number().int(),
  /** Mean rating of every matching feedback (null when none), one decimal. */
  averageRating: z.number().nullable(),
});

// ---- seller onboarding ----

const accountIdField = z
  .string(requiredAs('a payout account id'))
  .max(100, 'Must be a payout account id.');

export const onboardingLinkQuery = obj({
  stripeUserId: accountIdField.optional(),
  linkType: z.enum(['account_onboarding', 'account_update']).default('account_onboarding'),
});
export const onboardingLinkResponse = obj({ url: z.string(), stripeUserId: z.string() });
export const onboardingStatusQuery = obj({ stripeUserId: accountIdField.optional() });
export const onboardingStatusResponse = obj({
  stripeUserId: z.string().nullable(),
  details_submitted: z.boolean(),
  payouts_enabled: z.boolean(),
  /** What is held for the seller until payouts work, in major units. */
  heldAmount: money,
});
const ACCOUNT_NUMBER_RULE = 'Enter the IBAN or account number (6 to 34 letters and digits).';

/** POST /payments/local/onboarding: the embedded driver's payout form. */
export const localOnboardingRequest = obj({
  accountId: accountIdField,
  // The name payouts are made out to: a person's name, so it must read as written (ADR 053).
  holderName: text(100, ' for the name')
    .superRefine(readsAsWritten)
    .trim()
    .min(2, 'Enter the account holder’s name.'),
  /** The code from the form's country list (ISO 3166-1 alpha-2). */
  country: z.enum(COUNTRY_CODES, { error: 'Choose a country from the list.' }),
  /**
   * IBAN or account number: 6 to 34 letters and digits, spaces and dashes between them allowed
   * (and dropped); only the last four are kept.
   */
  accountNumber: z
    .string(requiredAs('an account number'))
    .regex(/^(?:[A-Za-z0-9][ -]?){6,34}$/, ACCOUNT_NUMBER_RULE)
    .transform((s) => s.replace(/[\s-]/g, '')),
});
export const localOnboardingResponse = obj({ details_submitted: z.literal(true) });
