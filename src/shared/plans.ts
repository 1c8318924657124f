// The plans (docs/decisions/032): what each one costs and unlocks. One table read by the server
// (GET /plans, every limit check) and the web (/pricing, /plan-selection), so the page can never
// promise what the server refuses. Prices are integer minor units of the configured currency.

/**
 * Links a seller's page may list (docs/decisions/065), the same on every plan for now. Here rather
 * than beside the links' rules (site-links.ts, which uses it): every page loads this module, and
 * those rules (the icons' host table) would weigh on every page's JavaScript budget.
 */
export const SITE_LINKS_PER_SITE = 50;

export const PLAN_IDS = ['free', 'creator', 'business'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export const PAID_PLAN_IDS = ['creator', 'business'] as const;
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];
export const PLAN_FREQUENCIES = ['month', 'year'] as const;
export type PlanFrequency = (typeof PLAN_FREQUENCIES)[number];

export interface PlanLimits {
  /** Posts that may be published at once (drafts, sold and archived posts do not count); null: no limit. */
  publishedPosts: number | null;
  /** Whether the member's page may be served on their own domain. */
  customDomain: boolean;
  /** AI images a member may generate per calendar month (UTC). */
  aiImagesPerMonth: number;
  /** Subscribers a seller's own email list may hold; null: no limit. */
  emailListSubscribers: number | null;
  /** The marketplace's share of each sale's items and shipping, in basis points (1% = 100). */
  platformFeeBps: number;
  /** Links a seller's page may list (docs/decisions/065): the same on every plan for now. */
  siteLinks: number;
}

export interface PlanDefinition {
  id: PlanId;
  name: string;
  tagline: string;
  /** Price per period in minor units; free: 0 for both. */
  priceMinor: Record<PlanFrequency, number>;
  limits: PlanLimits;
  /** What the plan gives, in the order the pricing page lists it. */
  features: string[];
}

export const PLANS: Record<PlanId, PlanDefinition> = {
  free: {
    id: 'free',
    name: 'Free',
    tagline: 'Everything you need to start selling from your bio.',
    priceMinor: { month: 0, year: 0 },
    limits: {
      publishedPosts: 25,
      customDomain: false,
      aiImagesPerMonth: 5,
      emailListSubscribers: 100,
      platformFeeBps: 500,
      siteLinks: SITE_LINKS_PER_SITE,
    },
    features: [
      'Your branded page at your username',
      'Up to 25 published posts',
      'Card checkout and payouts',
      '5 AI images a month',
      'Email list of up to 100 subscribers',
      '5% platform fee on sales',
    ],
  },
  creator: {
    id: 'creator',
    name: 'Creator',
    tagline: 'For creators who sell every week.',
    priceMinor: { month: 900, year: 9000 },
    limits: {
      publishedPosts: 250,
      customDomain: true,
      aiImagesPerMonth: 100,
      emailListSubscribers: 5000,
      platformFeeBps: 300,
      siteLinks: SITE_LINKS_PER_SITE,
    },
    features: [
      'Up to 250 published posts',
      'Your own domain name',
      '100 AI images a month',
      'Email list of up to 5,000 subscribers',
      '3% platform fee on sales',
    ],
  },
  business: {
    id: 'business',
    name: 'Business',
    tagline: 'For shops with a full catalogue.',
    priceMinor: { month: 2900, year: 29000 },
    limits: {
      publishedPosts: null,
      customDomain: true,
      aiImagesPerMonth: 500,
      emailListSubscribers: null,
      platformFeeBps: 100,
      siteLinks: SITE_LINKS_PER_SITE,
    },
    features: [
      'Unlimited published posts',
      'Your own domain name',
      '500 AI images a month',
      'Unlimited email list',
      '1% platform fee on sales',
    ],
  },
};

export const isPaidPlan = (id: string): id is PaidPlanId =>
  (PAID_PLAN_IDS as readonly string[]).includes(id);

/** The plan a member is on now: a missing, ended or unknown plan is the free plan. */
export function effectivePlanId(
  plan: { id: string; end: string | null } | null,
  now: number,
): PlanId {
  if (!plan || !isPaidPlan(plan.id)) return 'free';
  if (plan.end && Date.parse(plan.end) <= now) return 'free';
  return plan.id;
}

/** The plan whose limit allows `need`, cheapest first (for "upgrade to …" messages); null: none. */
export function cheapestPlanAllowing(test: (limits: PlanLimits) => boolean): PlanDefinition | null {
  return PLAN_IDS.map((id) => PLANS[id]).find((p) => test(p.limits)) ?? null;
}

/**
 * The platform fee of a sale (docs/decisions/032): the seller's plan rate (basis points) of the
 * items and shipping (not the tax), in integer minor units, rounded half up to the cent, fixed
 * when the order is placed. 5% of $12.35 is 61.75 cents → 62 cents.
 */
export function platformFeeMinor(itemsAndShippingMinor: number, feeBps: number): number {
  return Math.floor((itemsAndShippingMinor * feeBps + 5000) / 10000);
}
