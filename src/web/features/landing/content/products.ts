import { isBuiltInLandingProduct, type BuiltInLandingProduct } from './product-slugs';
import type { LandingHero, TitledText } from '../components/LandingSections';

/**
 * What /index-{product}bio says to one kind of seller. The slugs a server serves come from its
 * configuration (LANDING_PRODUCTS); those written here get their own words, any other configured
 * slug the general pitch with its name in it.
 */
export interface ProductPitch {
  hero: LandingHero;
  /** What these sellers post: the examples the page lists. */
  examples: readonly string[];
  /** Advice specific to selling this kind of thing. */
  tips: readonly TitledText[];
  /** A guide worth reading next, if there is one. */
  guide?: { to: string; title: string };
}

const PITCHES: Record<BuiltInLandingProduct, ProductPitch> = {
  'pc-hardware': {
    hero: {
      eyebrow: 'Link in bio for PC hardware',
      title: 'Sell your old GPU to the people who watched you build.',
      lead: 'Builders, modders and streamers: post the parts you upgraded out of, with benchmarks, photos and a price, and let your followers buy them by card.',
    },
    examples: [
      'Graphics cards and CPUs after an upgrade',
      'RAM kits, SSDs and power supplies',
      'Custom keyboards, switches and keycaps',
      'Retro parts: sound cards, CRT-era GPUs, boxed software',
    ],
    tips: [
      {
        title: 'Show it working',
        text: 'A benchmark screenshot or a photo of the part in a running system answers the first question every buyer has.',
      },
      {
        title: 'Wipe every drive',
        text: 'Securely erase SSDs and hard drives before you post them — formatting is not enough.',
      },
      {
        title: 'Pack for the courier, not the desk',
        text: 'Anti-static bag, padding on all sides, a sturdy box and a tracking number on the order.',
      },
    ],
    guide: {
      to: '/how-to-sell-used-pc-hardware-online',
      title: 'Read our guide to selling used PC hardware',
    },
  },
  art: {
    hero: {
      eyebrow: 'Link in bio for artists',
      title: 'Your portfolio, with a buy button.',
      lead: 'Post originals and prints the way you already share your work, set sizes and editions as options, and sell to the people who follow your process.',
    },
    examples: [
      'Originals and limited-edition prints',
      'Commissions with a deposit price',
      'Stickers, zines and postcards',
      'Ceramics and textiles in small batches',
    ],
    tips: [
      {
        title: 'Photograph in daylight',
        text: 'Colour is what people buy art for: shoot near a window, straight on, with one photo of the piece on a wall for scale.',
      },
      {
        title: 'Use options for sizes',
        text: 'One post per artwork, with A4/A3 or framed/unframed as options and their own stock and price.',
      },
      {
        title: 'Say how it ships',
        text: 'Rolled in a tube or flat between boards — buyers want to know before they pay.',
      },
    ],
  },
  vintage: {
    hero: {
      eyebrow: 'Link in bio for vintage sellers',
      title: 'One-of-a-kind finds, sold before the next scroll.',
      lead: 'Every vintage piece is a single item. Post it, let your followers like and comment, and the first to check out gets it — stock counts down on its own.',
    },
    examples: [
      'Clothing, bags and jewellery',
      'Homeware, glass and ceramics',
      'Cameras, records and collectables',
      'Furniture for local pick-up or delivery',
    ],
    tips: [
      {
        title: 'Measure, don’t guess',
        text: 'Give real measurements, not just the label size: vintage sizing rarely matches today’s.',
      },
      {
        title: 'Photograph the flaws',
        text: 'A close-up of every mark builds trust and saves you a return.',
      },
      {
        title: 'Post at the same time',
        text: 'Regular drops teach followers when to look; the newest posts sit at the top of your page.',
      },
    ],
  },
  music: {
    hero: {
      eyebrow: 'Link in bio for musicians',
      title: 'Merch, vinyl and tickets behind the link your fans already tap.',
      lead: 'Post your merch and records with sizes and variants, share audio and video on the same page, and sell straight to your listeners.',
    },
    examples: [
      'Vinyl, cassettes and CDs',
      'T-shirts and hoodies in every size',
      'Signed editions and bundles',
      'Used instruments and gear',
    ],
    tips: [
      {
        title: 'Put a track on the post',
        text: 'Posts take audio and video as well as photos: let people hear the record they are buying.',
      },
      {
        title: 'Variants, not copies',
        text: 'Sizes and colours are options of one post, each with its own stock.',
      },
      {
        title: 'Talk to your fans',
        text: 'Comments and messages come to you directly; answer quickly and they come back.',
      },
    ],
  },
};

/** "pc-hardware" → "PC hardware" is the caller's (productLabel); this builds the page's words. */
export function productPitch(slug: string, label: string): ProductPitch {
  return (
    (isBuiltInLandingProduct(slug) ? PITCHES[slug] : undefined) ?? {
      hero: {
        eyebrow: `Link in bio for ${label}`,
        title: `The link-in-bio storefront for ${label}.`,
        lead: `Show your ${label.toLowerCase()} on a page with your branding, price every post and take card payments — straight from the link in your bio.`,
      },
      examples: [
        `${label} you make or collect`,
        'Bundles and limited runs',
        'Pre-orders with a clear shipping date',
      ],
      tips: [
        {
          title: 'Real photos',
          text: 'Show the item itself from every side, in daylight, with any flaws up close.',
        },
        {
          title: 'Clear descriptions',
          text: 'Condition, size, what is included and how it ships: answer questions before they are asked.',
        },
        {
          title: 'Ship with tracking',
          text: 'Add the tracking number to the order so the buyer can follow it.',
        },
      ],
    }
  );
}
