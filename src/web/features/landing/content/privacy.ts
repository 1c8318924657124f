// What the service stores about people, where and why: the privacy page renders this, and
// tests/unit/privacy-policy.test.ts checks it against the database schema, the cookies the server
// and the page set and the browser storage keys — a new table, cookie or key the page does not
// mention fails the build (docs/decisions/036).

export interface StoredData {
  id: string;
  title: string;
  /** What is kept, in words a member understands. */
  what: readonly string[];
  why: string;
  howLong: string;
  /** The database tables holding it (every table of the schema belongs to one section). */
  tables: readonly string[];
}

export const STORED_DATA: readonly StoredData[] = [
  {
    id: 'account',
    title: 'Your account',
    what: [
      'Username, display name, email address and account type (buyer, seller or both)',
      'Your password — only as a salted hash we cannot turn back into the password',
      'Profile picture, bio, link and interests (tags), your plan and your role',
      'Sign-in sessions and the one-time links we email (activation, password reset), stored as hashes',
    ],
    why: 'To create and run your account, sign you in and keep it secure.',
    howLong:
      'Until your account is deleted. Sign-in sessions end after at most 30 days; emailed links expire and work once.',
    tables: ['users', 'refresh_tokens', 'user_tokens'],
  },
  {
    id: 'page',
    title: 'Your page and posts',
    what: [
      'Your page: its name, description, logo, colours, font, time zone and your custom domain',
      'Your links: their titles, addresses, icons, schedule, and how many times each was followed per day — a count only: nothing about who followed it (no cookie, no address, no browser is stored)',
      'Posts: title, description, price, shipping cost, stock, options, tags, photos, video and audio',
      'The tag list (with who added a curated tag) and the words of post titles and tags, so search forgives typos',
    ],
    why: 'To show your page and posts to visitors and let them search and buy.',
    howLong: 'Until you delete them or your account is deleted.',
    tables: ['sites', 'site_links', 'site_link_clicks', 'products', 'tags', 'search_words'],
  },
  {
    id: 'insights',
    title: 'Visits and sales counted for sellers (insights)',
    what: [
      'When a seller’s page, post or link is seen or followed, an item goes into a cart or an order is placed, paid or refunded: the time, the seller, the post or link, and where the visit came from (the seller’s campaign name, the app or the referring site — never the full address you came from)',
      'For views only, a keyed hash that tells the day’s visitors apart: made from a random key that changes every day, the seller, the first three parts of your network address and your browser’s name; the key is deleted within 48 hours, so the hash can never be traced back or linked across days. Your address and browser are not stored, and no cookie is used',
      'For each sale, the source and post it is credited to, on the order (and in the card payment’s details)',
    ],
    why: 'To show sellers which posts, links and apps bring visits and sales (how we count: /how-we-count). Search engines, bots, prefetches and sellers’ own visits are not counted.',
    howLong:
      'The events 90 days, then only daily totals per seller, kept until the seller’s account is deleted; a seller can clear theirs at any time.',
    tables: [
      'insight_events',
      'insight_daily',
      'insight_daily_dimensions',
      'insight_daily_visitors',
      'insight_monthly_dimensions',
      'insight_salts',
      'insight_rollups',
    ],
  },
  {
    id: 'community',
    title: 'Likes, follows, comments and messages',
    what: [
      'The posts and members you like, who you follow and whom you have blocked',
      'Comments you write, with whether the post’s owner or a moderator approved them',
      'Messages: public posts on your page and private messages between two members, their likes and whether they were read',
    ],
    why: 'To run the community features you use and keep blocked members away from you.',
    howLong: 'Until you remove them or your account is deleted.',
    tables: [
      'product_likes',
      'user_likes',
      'follows',
      'blocks',
      'comments',
      'messages',
      'message_likes',
    ],
  },
  {
    id: 'moderation',
    title: 'Reports and moderation',
    what: [
      'Reports members send about posts, comments, messages or members, with the reason',
      'What our moderators decided and when',
    ],
    why: 'To keep the marketplace safe and be able to explain every moderation decision.',
    howLong:
      'Kept as the moderation record. If the reporter’s or moderator’s account is deleted, the record stays without them.',
    tables: ['reports', 'moderation_actions'],
  },
  {
    id: 'notifications',
    title: 'Email notifications',
    what: [
      'Which notification emails you want (new followers, comments, replies, private messages, a reminder of an order left unpaid, price drops and restocks of posts you liked)',
      'For each post you liked, whether you rang its bell to hear of a price drop or restock',
      'The events waiting to go out in your next notification email',
    ],
    why: 'To send only the emails you asked for.',
    howLong: 'Until your account is deleted.',
    tables: ['notification_settings', 'notifications'],
  },
  {
    id: 'orders',
    title: 'Orders, payments and feedback',
    what: [
      'Your saved addresses (with a phone number for the courier), and for each order: your name, email, shipping and billing address, what you bought and the totals',
      'Each seller’s part of the order: its status, carrier and tracking number',
      'The record of every payment, payout and refund, with the payment provider’s reference',
      'The payment itself: amount, status and the card’s brand and last four digits — never the full card number or security code',
      'The ids of events the payment provider sent us, so none is processed twice',
      'Ratings and comments buyers and sellers leave each other',
      'Discount codes sellers make, and which order and buyer used each one (so a code’s limit per buyer holds)',
      'Return and refund requests: the reason, message and photos, the seller’s answer, the carrier and tracking number of an item sent back, the refund and, when a moderator was asked, their decision',
      'Offers on posts: the price and note, who made it, the answer, how long an accepted price lasts and the order that used it',
    ],
    why: 'To take payment, let sellers ship your order, handle refunds, keep the accounts the law requires and show sellers’ ratings.',
    howLong:
      'Kept for as long as tax and accounting law requires. If an account is deleted, the other party keeps their copy of the order under the name it was placed with.',
    tables: [
      'addresses',
      'orders',
      'transactions',
      'order_items',
      'ledger_entries',
      'payment_intents',
      'local_refunds',
      'webhook_events',
      'feedbacks',
      'discount_codes',
      'discount_redemptions',
      'return_requests',
      'offers',
    ],
  },
  {
    id: 'payouts',
    title: 'Seller payouts',
    what: [
      'Your payout account with our payment provider and whether it can receive payouts',
      'With our built-in payment system: the account holder’s name, the country and the last four digits of the account',
    ],
    why: 'To pay sellers their share of each sale.',
    howLong: 'Until your account is deleted.',
    tables: ['seller_accounts'],
  },
  {
    id: 'plans',
    title: 'Paid plans',
    what: [
      'Your plan, how often it renews, its current period and, once you switch back, when it ends',
      'Each period’s charge: amount, whether it succeeded and why not',
      'The card renewals are charged to: brand, last four digits and expiry date only',
    ],
    why: 'To bill your plan and renew it until you switch back to the free plan.',
    howLong: 'Until your account is deleted; charges are kept as accounting records.',
    tables: ['subscriptions', 'subscription_charges', 'saved_cards'],
  },
  {
    id: 'outreach',
    title: 'Contact messages and email lists',
    what: [
      'Messages sent through our contact form: name, email, topic, subject and message',
      'Email list sign-ups (ours or a seller’s): the address, a name if given, where you signed up and whether you confirmed or unsubscribed',
    ],
    why: 'To answer you, and to email only people who confirmed they want a list’s emails.',
    howLong:
      'Contact messages are kept so we can follow up on them. A sign-up you never confirm is deleted when its confirmation link expires, after 7 days. A list keeps your address while you are subscribed; after you unsubscribe it stays marked as unsubscribed so that list never emails you again. A seller’s list is deleted with the seller’s account.',
    tables: ['contact_messages', 'email_list_subscribers'],
  },
  {
    id: 'ai',
    title: 'AI images',
    what: ['The prompts you give the image generator, how many images it made and the images'],
    why: 'To show you the images, count them against your plan’s monthly allowance and know which generator made each.',
    howLong: 'Until your account is deleted.',
    tables: ['ai_generations'],
  },
  {
    id: 'operations',
    title: 'Running the service',
    what: [
      'Background tasks waiting to run or done (sending an email, processing an image, a payout), with the ids they need',
      'Server logs: which page or API address was requested, the answer’s status and how long it took — with the links in account emails blanked out, and no IP addresses',
      'Your IP address, held only for the window of a rate limit (at most an hour) to stop repeated attempts at signing in, signing up or uploading',
    ],
    why: 'To do work in the background reliably, find faults and stop abuse.',
    howLong:
      'Tasks stay in the queue’s history as a record of what was done; logs are kept by our hosting provider for a limited time; rate-limit counters disappear when their window ends.',
    tables: ['jobs'],
  },
];

export interface CookieUse {
  name: string;
  purpose: string;
  /** How long it lasts, in seconds (checked against the code). */
  maxAgeSeconds: number;
  lifetime: string;
  /** Page scripts cannot read it. */
  httpOnly: boolean;
}

/** Every cookie the service sets: all first-party and needed for the site to work. */
export const COOKIES: readonly CookieUse[] = [
  {
    name: 'token',
    purpose: 'Keeps you signed in: a short-lived sign-in token sent with each request.',
    maxAgeSeconds: 15 * 60,
    lifetime: '15 minutes, renewed while you use the site',
    httpOnly: false,
  },
  {
    name: 'refreshToken',
    purpose: 'Renews the sign-in token so you stay signed in between visits.',
    maxAgeSeconds: 30 * 24 * 60 * 60,
    lifetime: 'Up to 30 days after you log in',
    httpOnly: true,
  },
  {
    name: 'cookieConsent',
    purpose: 'Remembers that you dismissed the cookie notice (OK), so it is not shown again.',
    maxAgeSeconds: 365 * 24 * 60 * 60,
    lifetime: '1 year',
    httpOnly: false,
  },
];

export interface StorageUse {
  key: string;
  where: 'localStorage' | 'sessionStorage';
  purpose: string;
}

/** What the page keeps in the browser's own storage (never sent to us unless you check out). */
export const BROWSER_STORAGE: readonly StorageUse[] = [
  {
    key: 'cart',
    where: 'localStorage',
    purpose: 'Your cart, so it is still there on your next visit.',
  },
  {
    key: 'landing',
    where: 'localStorage',
    purpose:
      'For up to 10 sellers, the address and referring page you entered their pages from, so a purchase can be credited to what led to it (sent only when you put an item in your cart).',
  },
  {
    key: 'auth',
    where: 'localStorage',
    purpose:
      'Your public profile and page while you are signed in, so the header shows them at once.',
  },
  {
    key: 'cookie-consent',
    where: 'localStorage',
    purpose: 'That you dismissed the cookie notice (also in other tabs).',
  },
  {
    key: 'post-editor-preview',
    where: 'localStorage',
    purpose: 'The post you are editing, for its live preview in another tab.',
  },
  {
    key: 'chunk-reload-at',
    where: 'sessionStorage',
    purpose: 'When the page last reloaded itself after we released an update.',
  },
  {
    key: 'inAppHintDismissed',
    where: 'sessionStorage',
    purpose: 'That you closed the “open in your browser” hint inside a social app.',
  },
];

export interface Processor {
  name: string;
  role: string;
}

/** Who processes data for us, and when. */
export const PROCESSORS: readonly Processor[] = [
  {
    name: 'Our payment provider (Stripe)',
    role: 'Processes card payments, seller payouts and plan renewals. Card numbers are entered in its form and go straight to it. Without Stripe configured, a built-in payment system runs instead (test cards only) and keeps just the card’s brand and last four digits.',
  },
  {
    name: 'Our email delivery service',
    role: 'Sends account, order, notification and list emails to your address.',
  },
  {
    name: 'Our file storage',
    role: 'Stores the photos, video, audio and logos you upload (our own disk or an S3-compatible storage service).',
  },
  {
    name: 'OpenAI, when enabled',
    role: 'When we turn on OpenAI image generation, your image prompts are sent to OpenAI to make the images. Otherwise images are generated on our own servers and prompts never leave them.',
  },
  {
    name: 'Our hosting provider',
    role: 'Runs the servers and the database that hold everything above.',
  },
];
