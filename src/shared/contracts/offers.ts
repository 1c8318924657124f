import { z } from 'zod';
import { PRODUCT_LIMITS } from './catalog-rules';
import { moneySchema, obj, selectedVariationsSchema, text, uuidField } from './catalog-model';
import { OFFER_ACTIONS, OFFER_LIMITS, OFFER_SIDES, OFFER_STATUSES } from './offer-rules';

export * from './offer-rules';

// Offers on posts (issue 27 point 2, docs/decisions/076). Money is in major units on the wire,
// like a post's price; the server keeps minor units.

/** An offered price: more than 0 (below the listed price is checked against the post). */
const offerAmount = moneySchema(PRODUCT_LIMITS.priceMax).refine(
  (v) => v > 0,
  'Offer an amount above 0.',
);

// ---- the offer on the wire ----

const partySchema = obj({ _id: z.string(), username: z.string(), name: z.string() });

export const offerSchema = obj({
  _id: z.string(),
  product: obj({
    _id: z.string(),
    title: z.string(),
    path: z.string(),
    /** The listed price, for comparison. */
    price: z.number(),
    /** What shipping one item costs: the buyer's cart line carries it to checkout. */
    shippingCost: z.number(),
  }),
  seller: partySchema,
  buyer: partySchema,
  amount: z.number(),
  /** The listed price of what is offered on: the post's with the option's price change. */
  listedPrice: z.number(),
  /** The option the offer is for (variation name → option name); {} when the post has none. */
  selectedVariations: z.record(z.string(), z.string()),
  note: z.string(),
  proposedBy: z.enum(OFFER_SIDES),
  status: z.enum(OFFER_STATUSES),
  /** The offer this one counters, or null. */
  counterOf: z.string().nullable(),
  /** Until when an accepted offer holds; null before it is accepted. */
  expiresAt: z.string().nullable(),
  /** True once an accepted offer's 48 hours have passed unused. */
  expired: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Offer = z.infer<typeof offerSchema>;

/**
 * One of my open offers on a post a shared page shows (GET /me/page-state): waiting for an answer
 * (mine, or the seller's to me), or accepted and not yet expired. At most one per post.
 */
export const pageOfferSchema = obj({
  _id: z.string(),
  postId: z.string(),
  amount: z.number(),
  /** The option the offer is for; {} when the post has none. */
  selectedVariations: z.record(z.string(), z.string()),
  proposedBy: z.enum(OFFER_SIDES),
  status: z.enum(['pending', 'accepted']),
  /** Until when an accepted offer holds; null while pending. */
  expiresAt: z.string().nullable(),
});
export type PageOffer = z.infer<typeof pageOfferSchema>;

/** An open offer as GET /me/page-state would list it (the page shows an offer just made). */
export const pageOfferOf = (offer: Offer): PageOffer | null =>
  offer.status === 'pending' || (offer.status === 'accepted' && !offer.expired)
    ? {
        _id: offer._id,
        postId: offer.product._id,
        amount: offer.amount,
        selectedVariations: offer.selectedVariations,
        proposedBy: offer.proposedBy,
        status: offer.status,
        expiresAt: offer.expiresAt,
      }
    : null;

export const offerResponse = obj({ offer: offerSchema });
export const offerListResponse = obj({
  /** Offers on my posts (I sell), newest first. */
  received: z.array(offerSchema),
  /** Offers I am the buyer of, newest first. */
  sent: z.array(offerSchema),
});
export type OfferList = z.infer<typeof offerListResponse>;

/** GET /offers: `with` narrows both lists to the offers between me and that member. */
export const offerListQuery = obj({ with: uuidField('a member id').optional() });

// ---- requests ----

/** POST /offers: a buyer offers a price for a post that takes offers. */
export const offerInput = obj({
  postId: uuidField('a post id'),
  amount: offerAmount,
  /** For a post with options: the one offered on (every variation chosen). */
  selectedVariations: selectedVariationsSchema.default({}),
  note: text(OFFER_LIMITS.noteMax, ' for the note').trim().default(''),
});
export type OfferInput = z.input<typeof offerInput>;

/** POST /offers/respond: the side that did not propose answers. `amount` only with counter. */
export const offerRespondInput = obj({
  id: uuidField('an offer id'),
  action: z.enum(OFFER_ACTIONS, { error: `Choose one of: ${OFFER_ACTIONS.join(', ')}.` }),
  amount: offerAmount.optional(),
  note: text(OFFER_LIMITS.noteMax, ' for the note').trim().optional(),
}).refine((v) => v.action !== 'counter' || v.amount !== undefined, {
  message: 'Give the amount of your counter-offer.',
  path: ['amount'],
});
export type OfferRespondInput = z.input<typeof offerRespondInput>;

/** POST /offers/likers: the seller offers one price to everyone who liked the post. */
export const offerLikersInput = obj({
  postId: uuidField('a post id'),
  amount: offerAmount,
  /** For a post with options: the one offered on (every variation chosen). */
  selectedVariations: selectedVariationsSchema.default({}),
  note: text(OFFER_LIMITS.noteMax, ' for the note').trim().default(''),
});
export type OfferLikersInput = z.input<typeof offerLikersInput>;

export const offerLikersResponse = obj({
  /** How many likers got the offer. */
  sent: z.number().int(),
  message: z.string(),
});
