import { PLANS } from '../../../../shared/plans';
import type { LandingHero, TitledText } from '../components/LandingSections';

// The words of the landing pages. Every claim here is something the product does: the fees and
// limits come from the plans table (src/shared/plans.ts), never typed in twice.

const percent = (bps: number) => `${bps / 100}%`;
const free = PLANS.free.limits;

/** Hero copy per landing route. */
export const HEROES = {
  home: {
    eyebrow: 'Link in bio + storefront',
    title: 'Your link in bio, now a storefront.',
    lead: 'Build a page under your own name, post what you make or sell, and get paid by card — all from the one link your followers already tap.',
  },
  indexLanding: {
    eyebrow: 'For creators and small sellers',
    title: 'Sell where your audience already is.',
    lead: 'A branded page, posts with prices, a cart and card checkout behind one short link. Set it up in minutes and share it everywhere.',
  },
  indexOld: {
    eyebrow: 'The classic page',
    title: 'One page. All your posts. Real checkout.',
    lead: 'Everything you publish lives on a page with your name on it, and every post can be bought on the spot.',
  },
  landingOld: {
    eyebrow: 'Start selling today',
    title: 'From follower to buyer in two taps.',
    lead: 'Share posts people can like, comment on and buy. Orders, shipping and payouts are handled in one dashboard.',
  },
} satisfies Record<string, LandingHero>;

export const STEPS: readonly TitledText[] = [
  {
    title: 'Claim your page',
    text: 'Sign up, pick your username and your page is live at one short link. Add your name, logo, colours and font so it looks like you.',
  },
  {
    title: 'Post what you sell',
    text: 'Publish posts with photos, video, tags and a price. Art prints, vintage finds, used PC parts, presets: if you can ship it, you can sell it.',
  },
  {
    title: 'Share and get paid',
    text: 'Put the link in your bio. Followers browse, like, comment and check out by card; you get notified, ship with a tracking number and get paid out.',
  },
];

export const FEATURES: readonly TitledText[] = [
  {
    title: 'Link-in-bio that sells',
    text: 'One link for every profile. Your page, your posts, a real checkout — no separate shop to run.',
  },
  {
    title: 'Your brand, not ours',
    text: 'Header, footer, button colours and font are yours to choose, with your logo, your name or both.',
  },
  {
    title: 'Card payments built in',
    text: 'Buyers pay by card through our payment provider. Sales and payouts show up in one place.',
  },
  {
    title: 'Community included',
    text: 'Followers, likes, moderated comments and direct messages keep buyers coming back.',
  },
  {
    title: 'Made for phones',
    text: 'Pages load fast from social apps and look right on any screen, with rich link previews.',
  },
  {
    title: 'Free to start',
    text: `Start on the free plan with up to ${free.publishedPosts} published posts and upgrade when you need more. Switch back any time.`,
  },
];

/** Who /index-landing speaks to. */
export const AUDIENCES: readonly TitledText[] = [
  {
    title: 'Makers and artists',
    text: 'Prints, ceramics, textiles and one-offs: each post is a product page with photos, options like size or glaze, and stock that counts down.',
  },
  {
    title: 'Resellers and collectors',
    text: 'Vintage finds and used hardware sell on trust. Honest photos, a clear condition note and ratings from past buyers do the convincing.',
  },
  {
    title: 'Creators with an audience',
    text: 'You already have the followers. Give them one link where they can see everything you offer and pay without leaving the page.',
  },
];

export const FAQ: readonly { q: string; a: string }[] = [
  {
    q: 'What does it cost?',
    a: `The free plan costs nothing a month; we keep ${percent(free.platformFeeBps)} of each sale (items and shipping, not tax). Paid plans lower the fee to ${percent(PLANS.creator.limits.platformFeeBps)} or ${percent(PLANS.business.limits.platformFeeBps)} and lift the limits — see the pricing page.`,
  },
  {
    q: 'How do buyers pay?',
    a: 'By card at checkout. Payments are processed by our payment provider; we never see or store full card numbers.',
  },
  {
    q: 'When do I get my money?',
    a: 'Once you have connected a payout account, your share of each sale is paid out after you mark the order shipped with its tracking number.',
  },
  {
    q: 'Can I use my own domain?',
    a: 'Yes, on the paid plans: point your domain at your page, we verify it and your page is served there.',
  },
  {
    q: 'Can I stop any time?',
    a: 'Yes. Switch back to the free plan whenever you like; your paid plan runs to the end of the period you paid for.',
  },
];
