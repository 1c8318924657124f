// The long-form story of /index-old: one problem, then what the product does about it, part by
// part. Only what the product does (see the ADRs named in docs/decisions).

export interface Chapter {
  id: string;
  title: string;
  paragraphs: readonly string[];
}

export const CHAPTERS: readonly Chapter[] = [
  {
    id: 'problem',
    title: 'The trouble with a list of links',
    paragraphs: [
      'Most people who sell online start on social media. They post their work, build a following and then send everyone to the link in their bio — which opens a list of more links: a shop here, a payment form there, a contact page somewhere else.',
      'Every extra tap loses buyers, and none of those pages look like you. We built one page that does the whole job.',
    ],
  },
  {
    id: 'page',
    title: 'A page with your name on it',
    paragraphs: [
      'Your username is your address. Choose the header and footer colours, the button colours, the font and whether the header shows your logo, your name or both — the editor checks the contrast of every colour pair as you choose it, so your page stays readable.',
      'On a paid plan your page can live on your own domain as well.',
    ],
  },
  {
    id: 'posts',
    title: 'Every post is a product',
    paragraphs: [
      'A post has photos, video or audio, a description, tags and a price. Add options like size or colour, each with its own price change and stock; when the last one sells the post shows as sold out by itself.',
      'Followers can like posts, follow you, leave comments (you approve them before they appear) and message you directly.',
    ],
  },
  {
    id: 'checkout',
    title: 'A checkout that just works',
    paragraphs: [
      'Buyers add posts from any number of sellers to one cart and pay once, by card. Each seller sees only their part of the order and ships it themselves.',
      'Card payments are processed by our payment provider. We never see or store the full card number.',
    ],
  },
  {
    id: 'after',
    title: 'After the sale',
    paragraphs: [
      'You get an email and the sale appears under Sales. Ship it, add the carrier and tracking number, and the buyer is told. Your share is paid out to your payout account once the order is marked shipped.',
      'Buyers and sellers rate each other after each sale, and the ratings show on your page.',
    ],
  },
];
