import { z } from 'zod';
import { requiredAs } from './common';
import { moneySchema, obj } from './catalog-model';
import { cartLines, orderTotalsFields, typedDiscountCode } from './commerce';
import { idField, iso, money } from './commerce-fields';
import {
  DISCOUNT_CODE_PATTERN,
  DISCOUNT_KINDS,
  DISCOUNT_LIMITS as L,
  DISCOUNT_SCOPES,
} from './discount-rules';

// Request and response shapes of a seller's discount codes (issue 27, docs/decisions/073):
// GET/PUT/DELETE /discounts. Money in major units on the wire; a percent is a whole number.

export const discountCodeField = z
  .string(requiredAs('a code'))
  .trim()
  .min(L.codeMin, `A code has at least ${L.codeMin} characters.`)
  .max(L.codeMax, `A code has at most ${L.codeMax} characters.`)
  .regex(DISCOUNT_CODE_PATTERN, 'A code has only letters, digits, dashes and underscores.');

const instant = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label}: use a date and time (ISO 8601).` })
    .nullable()
    .optional();

const usesField = (what: string) =>
  z
    .number(requiredAs('a whole number'))
    .int(`${what} must be a whole number.`)
    .min(1, `${what} must be at least 1 (leave it empty for no limit).`)
    .max(L.usesMax, `${what} can be at most ${L.usesMax.toLocaleString('en-US')}.`)
    .nullable()
    .optional();

/** The terms every code has, whatever it takes off. */
const discountTerms = {
  _id: idField('the id of one of your codes').optional(),
  code: discountCodeField,
  scope: z
    .enum(DISCOUNT_SCOPES, { error: 'Choose the whole shop or chosen posts.' })
    .default('shop'),
  postIds: z
    .array(idField('a post id'), requiredAs('a list of post ids'))
    .max(L.postsMax, `Choose at most ${L.postsMax} posts.`)
    .default([]),
  minOrder: moneySchema(L.amountMax).default(0),
  startsAt: instant('Starts'),
  endsAt: instant('Ends'),
  maxUses: usesField('Total uses'),
  maxUsesPerBuyer: usesField('Uses per buyer'),
  active: z.boolean(requiredAs('true or false')).default(true),
};

/**
 * PUT /discounts: creates a code, or updates the caller's code `_id`. `value` is a whole percent
 * from 1 to 100 (`kind: "percent"`) or the money taken off in major units (`kind: "amount"`).
 */
export const discountInput = z
  .discriminatedUnion(
    'kind',
    [
      obj({
        ...discountTerms,
        kind: z.literal('percent'),
        value: z
          .number(requiredAs('a whole number from 1 to 100'))
          .int('A percent off is a whole number from 1 to 100.')
          .min(1, 'A percent off is a whole number from 1 to 100.')
          .max(100, 'A percent off is a whole number from 1 to 100.'),
      }),
      obj({
        ...discountTerms,
        kind: z.literal('amount'),
        value: moneySchema(L.amountMax),
      }),
    ],
    { error: 'Choose percent or amount.' },
  )
  .superRefine((d, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (d.value <= 0) issue('value', 'The discount must be more than 0.');
    if (d.scope === 'posts' && d.postIds.length === 0)
      issue('postIds', 'Choose at least one post, or apply the code to the whole shop.');
    if (d.startsAt && d.endsAt && Date.parse(d.endsAt) <= Date.parse(d.startsAt))
      issue('endsAt', 'The end must come after the start.');
    if (d.maxUses && d.maxUsesPerBuyer && d.maxUsesPerBuyer > d.maxUses)
      issue('maxUsesPerBuyer', 'Uses per buyer cannot be more than the total uses.');
  });
export type DiscountInput = z.input<typeof discountInput>;
export type DiscountValues = z.output<typeof discountInput>;

/** Where a code stands now, as the seller's list shows it. */
export const DISCOUNT_STATES = ['active', 'inactive', 'scheduled', 'expired', 'used_up'] as const;

export const discountSchema = z.object({
  _id: z.string(),
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  value: z.number(),
  scope: z.enum(DISCOUNT_SCOPES),
  postIds: z.array(z.string()),
  minOrder: money,
  startsAt: iso.nullable(),
  endsAt: iso.nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerBuyer: z.number().int().nullable(),
  /** Orders holding a use now (an unpaid order let go gives its use back). */
  uses: z.number().int(),
  active: z.boolean(),
  state: z.enum(DISCOUNT_STATES),
  createdAt: iso,
  updatedAt: iso,
});
export type Discount = z.infer<typeof discountSchema>;

export const discountListResponse = obj({ discounts: z.array(discountSchema) });
export const discountResponse = obj({ discount: discountSchema });
export const discountIdQuery = obj({ id: idField('the id of one of your codes') });
export const discountDeleteResponse = z.object({ _id: z.string() });

// ---- POST /discounts/preview: what a code would do to this cart, before the order is placed ----

/** The cart's lines as POST /orders takes them, and the code typed. */
export const discountPreviewRequest = obj({
  items: cartLines,
  discountCode: typedDiscountCode.min(1, 'Type a discount code.'),
});
export type DiscountPreviewRequest = z.input<typeof discountPreviewRequest>;

/** One seller's part as placing the order would price it (major units). */
export const discountPreviewPartSchema = z.object({
  seller: z.object({ _id: z.string(), name: z.string(), username: z.string() }),
  subtotal: money,
  /** The code as its seller wrote it, on the part it applies to; null on the others. */
  discountCode: z.string().nullable(),
  discount: money,
  shipping: money,
  tax: money,
  total: money,
});

/** The figures POST /orders would write for this cart and code, to the cent. */
export const discountPreviewResponse = z.object({
  ...orderTotalsFields,
  parts: z.array(discountPreviewPartSchema),
});
export type DiscountPreview = z.infer<typeof discountPreviewResponse>;
