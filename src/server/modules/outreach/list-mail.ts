import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { OUTREACH_LIMITS } from '../../../shared/contracts/outreach-rules';
import { formatMoney } from '../../../shared/format';
import { toMajor } from '../../../shared/money';
import { postPath } from '../../../shared/post-path';
import { renderMail, type MailAction } from '../../adapters/mail/templates';
import {
  emailListSubscribers,
  products,
  users,
  type EmailListSubscriberRow,
} from '../../db/schema';
import { appOrigin, defineJob, enqueueJob, type ModuleDeps } from '../core';
import { listOwnerById, type ListOwner } from './lists';
import { signListToken } from './list-token';

/**
 * Every email to a list address goes out through the job queue, and every one carries the
 * address's unsubscribe link (the page) and the RFC 8058 headers (the mail client's own button,
 * one POST, no page). Whether it is still worth sending is decided when it is sent: a
 * confirmation to an address confirmed meanwhile, or a new post unpublished meanwhile, is dropped.
 */
export const LIST_MAILS = ['confirm', 'already', 'new_post'] as const;
export type ListMail = (typeof LIST_MAILS)[number];

const listMailPayload = z.object({
  mail: z.enum(LIST_MAILS),
  subscriberId: z.string(),
  productId: z.string().optional(),
});
type ListMailJob = z.output<typeof listMailPayload>;

export const listMailJob = defineJob('outreach.list-mail', listMailPayload, deliverListMail);

/** A sign-up repeated within this long sends no second mail (a double click, a bot hammering). */
const RESEND_QUIET_MS = 10 * 60_000;
export const CONFIRM_LINK_MS = OUTREACH_LIMITS.confirmLinkDays * 24 * 3600_000;
/**
 * When a sign-up's confirmation link stops working: CONFIRM_LINK_MS after the sign-up (the row's
 * updatedAt), however late its mail went out, so the unconfirmed row can be forgotten then.
 */
export const confirmLinkExpiry = (signedUpAt: Date) => signedUpAt.getTime() + CONFIRM_LINK_MS;
const EXCERPT_MAX = 280;

export function queueListMail(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  job: ListMailJob,
): Promise<string | null> {
  return job.mail === 'new_post'
    ? // The fan-out that queues these runs once per post, in one transaction (new-posts.ts).
      enqueueJob(
        deps,
        listMailJob,
        { ...job },
        {
          dedupeKey: `${listMailJob.name}:new_post:${job.productId}:${job.subscriberId}`,
        },
      )
    : enqueueJob(
        deps,
        listMailJob,
        { ...job },
        {
          dedupeKey: `${listMailJob.name}:${job.mail}:${job.subscriberId}`,
          quietPeriodMs: RESEND_QUIET_MS,
        },
      );
}

export const emailListPageUrl = (origin: string, param: 'confirm' | 'unsubscribe', token: string) =>
  `${origin}/email-list?${param}=${encodeURIComponent(token)}`;

/** The RFC 8058 one-click target: a POST here from the mail client unsubscribes. */
export const listOneClickUrl = (origin: string, token: string) =>
  `${origin}/api/v1/email-list/unsubscribe?token=${encodeURIComponent(token)}`;

function listName(deps: ModuleDeps, owner: ListOwner | null): string {
  return owner ? `${owner.name}'s email list` : `the ${deps.env.BRAND_NAME} newsletter`;
}

interface Content {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: MailAction;
}

async function send(
  deps: ModuleDeps,
  row: EmailListSubscriberRow,
  owner: ListOwner | null,
  content: Content,
) {
  const origin = appOrigin(deps);
  const token = signListToken(deps.secret, row.id, 'unsubscribe');
  const name = listName(deps, owner);
  await deps.mail.send({
    to: row.email,
    subject: content.subject,
    ...renderMail({
      brandName: deps.env.BRAND_NAME,
      appUrl: origin,
      heading: content.heading,
      paragraphs: content.paragraphs,
      action: content.action,
      footer: `You are getting this email because ${row.email} was signed up to ${name} at ${deps.env.BRAND_NAME}.`,
      footerLinks: [
        { label: `Unsubscribe from ${name}`, url: emailListPageUrl(origin, 'unsubscribe', token) },
      ],
    }),
    headers: {
      'List-Unsubscribe': `<${listOneClickUrl(origin, token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
}

function signupContent(
  deps: ModuleDeps,
  row: EmailListSubscriberRow,
  owner: ListOwner | null,
  mail: ListMail,
): Content {
  const name = listName(deps, owner);
  const hello = row.name ? `Hi ${row.name},` : 'Hi,';
  if (mail === 'already')
    return {
      subject: `You are already on ${name}`,
      heading: hello,
      paragraphs: [
        `Someone (probably you) just asked to sign ${row.email} up to ${name}. You are already subscribed, so nothing changed.`,
        'If you no longer want these emails, use the unsubscribe link below.',
      ],
    };
  const expires = CONFIRM_LINK_MS / (24 * 3600_000);
  return {
    subject: `Confirm your subscription to ${name}`,
    heading: hello,
    paragraphs: [
      `Please confirm that you want to get ${owner ? `new posts from ${owner.name}` : `news from ${deps.env.BRAND_NAME}`} by email. The link works for ${expires} days.`,
      "If you didn't ask for this, ignore this email: you will not get any more.",
    ],
    action: {
      label: 'Confirm your subscription',
      url: emailListPageUrl(
        appOrigin(deps),
        'confirm',
        signListToken(deps.secret, row.id, 'confirm', confirmLinkExpiry(row.updatedAt)),
      ),
    },
  };
}

const excerpt = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_MAX ? `${flat.slice(0, EXCERPT_MAX - 1).trimEnd()}…` : flat;
};

/** The "New from {seller}" mail of a published post, or null when it is no longer public. */
async function newPostContent(
  deps: ModuleDeps,
  owner: ListOwner,
  productId: string,
): Promise<Content | null> {
  const [post] = await deps.db
    .select({
      id: products.id,
      shortId: products.shortId,
      title: products.title,
      description: products.description,
      priceMinor: products.priceMinor,
      status: products.status,
      hidden: products.sellerHidden,
      userId: products.userId,
      sellerStatus: users.status,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.userId))
    .where(eq(products.id, productId))
    .limit(1);
  if (!post || post.status !== 'published' || post.hidden || post.sellerStatus !== 'active')
    return null;
  if (post.userId !== owner.id) return null;
  const price = formatMoney(toMajor(post.priceMinor), deps.env.CURRENCY);
  const url = `${appOrigin(deps)}${postPath(owner.username, post)}`;
  return {
    subject: `New from ${owner.name}: ${post.title}`,
    heading: `New from ${owner.name}`,
    paragraphs: [
      `${post.title} — ${price}`,
      ...(post.description ? [excerpt(post.description)] : []),
    ],
    action: { label: 'See the post', url },
  };
}

async function deliverListMail(deps: ModuleDeps, payload: ListMailJob): Promise<void> {
  const [row] = await deps.db
    .select()
    .from(emailListSubscribers)
    .where(eq(emailListSubscribers.id, payload.subscriberId))
    .limit(1);
  if (!row) return;
  const owner = await listOwnerById(deps.db, row.listOwnerId);
  if (row.listOwnerId && !owner) return;
  const due: Record<ListMail, EmailListSubscriberRow['status']> = {
    confirm: 'pending',
    already: 'confirmed',
    new_post: 'confirmed',
  };
  if (row.status !== due[payload.mail]) return;
  if (payload.mail === 'new_post') {
    const content =
      owner && payload.productId ? await newPostContent(deps, owner, payload.productId) : null;
    if (content) await send(deps, row, owner, content);
    return;
  }
  await send(deps, row, owner, signupContent(deps, row, owner, payload.mail));
}
