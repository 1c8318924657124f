import {
  ATTRIBUTION_WINDOW_DAYS,
  RAW_EVENT_DAYS,
  SOURCE_MAX_LENGTH,
} from '../../../../shared/contracts/insights';

// The words of /how-we-count (docs/decisions/071): exactly what the insights record and keep,
// for sellers and for the people who visit them. Served as the page's loader data, so the text
// never enters its JavaScript (docs/decisions/036). The numbers come from the rules themselves.

export type Block = { kind: 'p'; text: string } | { kind: 'ul' | 'ol'; items: readonly string[] };

export interface CountingSection {
  id: string;
  title: string;
  blocks: readonly Block[];
}

export const HOW_WE_COUNT_INTRO =
  'Sellers see how their pages are visited and what sells from them, so they can tell which posts and platforms bring buyers. We count this on our own server, without cookies, without any third-party script and without keeping anything that says who you are. This page says exactly what is recorded and how long it is kept.';

export const HOW_WE_COUNT: readonly CountingSection[] = [
  {
    id: 'counted',
    title: 'What is counted',
    blocks: [
      {
        kind: 'p',
        text: 'Our server records an event as it answers the request, for one seller at a time:',
      },
      {
        kind: 'ul',
        items: [
          'A view of any of the seller’s pages: their page, a post, their links page (/{username}-x), their product and tag lists, also when the page is on the seller’s own domain.',
          'A click on a link of their page: the link goes through /l/{id}, where the click is counted before you are sent on.',
          'An item put in a cart.',
          'An order placed (checkout started).',
          'A purchase, only once the payment provider has confirmed the payment, never on what a browser says.',
          'A sale that is cancelled or refunded is taken back off the revenue.',
        ],
      },
    ],
  },
  {
    id: 'not-counted',
    title: 'What is not counted',
    blocks: [
      {
        kind: 'ul',
        items: [
          'Search engines, bots and link-preview fetchers (the apps that draw a preview of a shared link), recognised by their user agent with the open-source isbot package.',
          'Requests that send no user agent.',
          'A browser fetching a page ahead of a click (prefetch or prerender): only pages that are opened count.',
          'The seller’s own visits while they are logged in.',
        ],
      },
    ],
  },
  {
    id: 'visitors',
    title: 'Unique visitors, without cookies',
    blocks: [
      {
        kind: 'p',
        text: 'To tell how many different people came on a day, we compute a keyed hash (HMAC-SHA-256) of four things:',
      },
      {
        kind: 'ul',
        items: [
          'a random secret salt that changes every day (UTC);',
          'the seller;',
          'your network address shortened to its first 3 bytes for IPv4 (a /24, like 203.0.113.x) or its first 6 bytes for IPv6 (a /48);',
          'your browser’s user agent.',
        ],
      },
      {
        kind: 'p',
        text: 'Only the hash is kept: your address and your user agent are never stored. Each day’s salt is deleted at most 48 hours after that day began. After that nobody, not even us, can link a hash back to an address or tell whether two days’ visits were the same person.',
      },
      {
        kind: 'p',
        text: 'So a visitor is unique for one day and one seller, and a period’s visitors are the sum of its days: someone who visits on three days counts three times.',
      },
    ],
  },
  {
    id: 'sources',
    title: 'Where a visit came from',
    blocks: [
      { kind: 'p', text: 'Each visit has one source, decided in this order:' },
      {
        kind: 'ol',
        items: [
          `The seller’s own campaign name in the address, ?src= or utm_source (lower-cased, at most ${SOURCE_MAX_LENGTH} characters): for example the bio link a seller puts on Instagram, which ends in ?src=ig.`,
          'Otherwise the in-app browser the user agent names (Instagram, TikTok, Facebook…).',
          'Otherwise the site the visitor came from, as its platform (l.instagram.com is Instagram, t.co is X, Google…).',
          'Otherwise “direct”.',
        ],
      },
    ],
  },
  {
    id: 'sales',
    title: 'Which visit a sale is credited to',
    blocks: [
      {
        kind: 'p',
        text: `A sale is credited to the last source and to the post the item was put in the cart from, within ${ATTRIBUTION_WINDOW_DAYS} days. That note travels with the cart in your browser’s own storage (no cookie) and is saved on the order when you check out. When the payment goes through Stripe it is also written in the payment’s metadata.`,
      },
    ],
  },
  {
    id: 'kept',
    title: 'What is kept, and for how long',
    blocks: [
      {
        kind: 'ul',
        items: [
          `The raw events (the time, the seller, the kind of event, the source, the post, the link, that day’s visitor hash and the amount): ${RAW_EVENT_DAYS} days, then they are deleted.`,
          'Daily totals per seller, day, source, post and link: for as long as the seller’s account exists.',
          'A seller can clear their own insights at any time, on their Insights page.',
        ],
      },
      {
        kind: 'p',
        text: 'No cookie, no third-party script, and no fingerprinting beyond the daily hash above.',
      },
    ],
  },
];
