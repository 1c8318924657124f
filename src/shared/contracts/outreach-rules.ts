// Constants of the contact form and the email lists shared by the server and the pages (no zod:
// the pages import them without the schemas).

export const OUTREACH_LIMITS = {
  nameMax: 100,
  subjectMax: 150,
  messageMin: 10,
  messageMax: 5000,
  /** The honeypot field's (ignored) size bound: anything longer is refused as malformed. */
  honeypotMax: 500,
  /** Contact messages per client IP and per sender address per hour. */
  contactPerHour: 5,
  /** Sign-ups per client IP per hour, and per address per hour. */
  signupsPerHour: 10,
  /** A confirmation link works this long (the unsubscribe link forever). */
  confirmLinkDays: 7,
} as const;

/** The answer to a sent contact message (the API's and the page's confirmation). */
export const CONTACT_THANKS =
  'Thanks! Your message is on its way to our team. We will answer by email, usually within one business day.';

/** What the contact form is about, with the labels the form and the admin page show. */
export const CONTACT_TOPICS = ['order', 'account', 'selling', 'report', 'other'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];
export const CONTACT_TOPIC_LABELS: Record<ContactTopic, string> = {
  order: 'An order',
  account: 'My account',
  selling: 'Selling and payouts',
  report: 'Report a problem',
  other: 'Something else',
};

/** The contact form's fields, in form order. */
export const CONTACT_FIELDS = ['name', 'email', 'topic', 'subject', 'message'] as const;

export const CONTACT_STATUSES = ['new', 'handled'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export const SIGNUP_SOURCES = ['footer', 'site', 'page'] as const;

export { HONEYPOT_FIELD } from './honeypot';
export const HONEYPOT_MESSAGE =
  'This looks like an automated submission. If you are a person, leave the "Website" field empty and send again.';

/** The `list` value that names the marketplace's own newsletter (admins' stats and export). */
export const MARKETPLACE_LIST = 'marketplace';

/** The CSV's columns, in order. */
export const EMAIL_LIST_CSV_COLUMNS = [
  'email',
  'name',
  'status',
  'source',
  'subscribed_at',
  'confirmed_at',
] as const;
