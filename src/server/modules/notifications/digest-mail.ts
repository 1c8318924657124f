import {
  NOTIFICATION_SETTING_TEXT,
  SETTING_OF_KIND,
  type NotificationSettingKey,
  type UnsubscribeScope,
} from '../../../shared/contracts/notifications';
import type { NotificationKind } from '../../../shared/contracts/social-rules';
import {
  renderMail,
  type BuiltMail,
  type MailAction,
  type MailItem,
} from '../../adapters/mail/templates';
import { signUnsubscribeToken } from './unsubscribe-token';

/** One event as the mail tells it (already checked to be worth telling). */
export interface DigestEvent {
  kind: NotificationKind;
  actorId: string;
  actorName: string;
  /** The post it is about (comments). */
  productId?: string | undefined;
  productTitle?: string | undefined;
  excerpt?: string | undefined;
  /** A liked post's alert: what changed, its price now and before the drop (formatted). */
  change?: 'price_drop' | 'back_in_stock' | undefined;
  price?: string | undefined;
  was?: string | undefined;
}

export interface DigestMailInput {
  brandName: string;
  /** The app's origin, no trailing slash. */
  origin: string;
  secret: string;
  user: { id: string; name: string };
  events: readonly DigestEvent[];
}

/** More than this many events are summed up as "…and N more". */
export const DIGEST_MAX_ITEMS = 20;
const EXCERPT_MAX = 140;

const quote = (text: string) => `“${text}”`;

export function excerptOf(text: string | undefined): string | undefined {
  const flat = text?.replace(/\s+/g, ' ').trim();
  if (!flat) return undefined;
  return flat.length > EXCERPT_MAX ? `${flat.slice(0, EXCERPT_MAX - 1).trimEnd()}…` : flat;
}

function describe(event: DigestEvent, origin: string): MailItem {
  const actor = event.actorName;
  const post = event.productTitle ? ` on ${quote(event.productTitle)}` : '';
  const said = event.excerpt ? `: ${quote(event.excerpt)}` : '.';
  switch (event.kind) {
    case 'new_follower':
      return {
        text: `${actor} started following you.`,
        link: { label: `See ${actor}'s profile`, url: `${origin}/users/${event.actorId}` },
      };
    case 'comment_to_review':
      return {
        text: `${actor} commented${post}${said} The comment is waiting for your review.`,
        link: { label: 'Review comments', url: `${origin}/comments` },
      };
    case 'comment_reply':
      return {
        text: `${actor} replied to your comment${post}${said}`,
        link: event.productId
          ? { label: 'See the reply', url: `${origin}/products/${event.productId}` }
          : { label: 'See your comments', url: `${origin}/comments` },
      };
    case 'private_message':
      return {
        text: `${actor} sent you a private message${said}`,
        link: { label: 'Read your messages', url: `${origin}/messages` },
      };
    case 'liked_post_alert': {
      const title = quote(event.productTitle ?? 'A post you like');
      return {
        text:
          event.change === 'price_drop'
            ? `${title} by ${actor} is now ${event.price} (was ${event.was}).`
            : `${title} by ${actor} is back in stock.`,
        link: { label: 'See the post', url: `${origin}/products/${event.productId}` },
      };
    }
    case 'offer':
      // The excerpt is the offer's own sentence ("offers you $12.00 for “Lamp”…"); the offer is
      // answered in the conversation with its sender, which lists the offers between the two.
      return {
        text: `${actor} ${event.excerpt ?? 'sent you an offer.'}`,
        link: {
          label: `See the offers with ${actor}`,
          url: `${origin}/messages?with=${encodeURIComponent(event.actorId)}`,
        },
      };
  }
}

function subjectOf(events: readonly DigestEvent[], brandName: string): string {
  const [only] = events;
  if (events.length !== 1 || !only) return `${events.length} new notifications on ${brandName}`;
  switch (only.kind) {
    case 'new_follower':
      return `${only.actorName} started following you on ${brandName}`;
    case 'comment_to_review':
      return only.productTitle
        ? `New comment to review on ${quote(only.productTitle)}`
        : `New comment to review on ${brandName}`;
    case 'comment_reply':
      return `${only.actorName} replied to your comment on ${brandName}`;
    case 'private_message':
      return `New private message from ${only.actorName} on ${brandName}`;
    case 'liked_post_alert':
      return only.change === 'price_drop'
        ? `${quote(only.productTitle ?? 'A post you like')} is now ${only.price}`
        : `${quote(only.productTitle ?? 'A post you like')} is back in stock`;
    case 'offer':
      return only.productTitle
        ? `An offer on ${quote(only.productTitle)}`
        : `An offer from ${only.actorName} on ${brandName}`;
  }
}

export const unsubscribePageUrl = (origin: string, token: string) =>
  `${origin}/unsubscribe?token=${encodeURIComponent(token)}`;

/** The RFC 8058 target: a POST here (from the mail client's own button) unsubscribes. */
export const oneClickUrl = (origin: string, token: string) =>
  `${origin}/api/v1/notifications/unsubscribe?token=${encodeURIComponent(token)}`;

/**
 * The footer links and headers every notification email carries: the settings, one link per kind
 * of email in it and one for all of them; the mail client's one-click button (RFC 8058) switches
 * all of them off. Shared by the digest and the commerce reminder.
 */
export function unsubscribeLinks(
  origin: string,
  secret: string,
  userId: string,
  keys: readonly NotificationSettingKey[],
): { footerLinks: MailAction[]; headers: Record<string, string> } {
  const token = (scope: UnsubscribeScope) => signUnsubscribeToken(secret, userId, scope);
  const all = token('all');
  return {
    footerLinks: [
      { label: 'Choose which emails you get', url: `${origin}/edit-profile` },
      ...keys.map((key) => ({
        label: `Stop emails about ${NOTIFICATION_SETTING_TEXT[key].topic}`,
        url: unsubscribePageUrl(origin, token(key)),
      })),
      { label: 'Stop all notification emails', url: unsubscribePageUrl(origin, all) },
    ],
    headers: {
      'List-Unsubscribe': `<${oneClickUrl(origin, all)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * The digest: every event with a link, a link to the settings, one unsubscribe link per kind in
 * the mail and one for all of them; the mail client's one-click button switches all of them off.
 */
export function digestMail(input: DigestMailInput): BuiltMail & {
  headers: Record<string, string>;
} {
  const { brandName, origin, secret, user, events } = input;
  const shown = events.slice(0, DIGEST_MAX_ITEMS).map((event) => describe(event, origin));
  const more = events.length - shown.length;
  const kinds = [...new Set(events.map((e) => SETTING_OF_KIND[e.kind]))];
  const { footerLinks, headers } = unsubscribeLinks(origin, secret, user.id, kinds);
  return {
    subject: subjectOf(events, brandName),
    ...renderMail({
      brandName,
      appUrl: origin,
      heading: `Hi ${user.name},`,
      paragraphs: [
        events.length === 1
          ? `Here is what just happened on ${brandName}:`
          : `Here is what happened on ${brandName} in the last few minutes:`,
      ],
      items: more > 0 ? [...shown, { text: `…and ${more} more.` }] : shown,
      footer: `You are getting this email because email notifications are on for your account at ${brandName}.`,
      footerLinks,
    }),
    headers,
  };
}
