import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { ADMIN_ROLES } from '../../../shared/contracts/account-rules';
import { CONTACT_TOPIC_LABELS, type ContactTopic } from '../../../shared/contracts/outreach-rules';
import { renderMail } from '../../adapters/mail/templates';
import { contactMessages, users } from '../../db/schema';
import { appOrigin, defineJob, enqueueJob, type ModuleDeps } from '../core';

/**
 * A contact message is mailed to every admin (and ADMIN_EMAIL), one job per recipient so a
 * failing address is retried alone and nobody gets it twice. Reply-To is the sender: answering
 * the mail answers them. Their text goes into the mail as text (escaped in the HTML part).
 */
const contactMailPayload = z.object({ id: z.string(), to: z.string() });

export const contactMailJob = defineJob(
  'outreach.contact-mail',
  contactMailPayload,
  deliverContactMail,
);

/** Who reads contact messages: active admins and super admins, and ADMIN_EMAIL when set. */
export async function adminRecipients(deps: Pick<ModuleDeps, 'db' | 'env'>): Promise<string[]> {
  const rows = await deps.db
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(users.role, [...ADMIN_ROLES]), eq(users.status, 'active')));
  const all = [
    ...rows.map((r) => r.email),
    ...(deps.env.ADMIN_EMAIL ? [deps.env.ADMIN_EMAIL] : []),
  ];
  return [...new Set(all.map((e) => e.toLowerCase()))].sort();
}

export async function queueContactMails(deps: ModuleDeps, id: string): Promise<void> {
  for (const to of await adminRecipients(deps)) {
    await enqueueJob(
      deps,
      contactMailJob,
      { id, to },
      {
        dedupeKey: `${contactMailJob.name}:${id}:${to}`,
      },
    );
  }
}

async function deliverContactMail(
  deps: ModuleDeps,
  payload: z.output<typeof contactMailPayload>,
): Promise<void> {
  const [row] = await deps.db
    .select({ msg: contactMessages, username: users.username })
    .from(contactMessages)
    .leftJoin(users, eq(users.id, contactMessages.userId))
    .where(eq(contactMessages.id, payload.id))
    .limit(1);
  if (!row) return;
  const { msg, username } = row;
  const origin = appOrigin(deps);
  const topic = CONTACT_TOPIC_LABELS[msg.topic as ContactTopic] ?? msg.topic;
  await deps.mail.send({
    to: payload.to,
    replyTo: msg.email,
    subject: `[Contact] ${topic}: ${msg.subject}`,
    ...renderMail({
      brandName: deps.env.BRAND_NAME,
      appUrl: origin,
      heading: `New message from ${msg.name}`,
      paragraphs: [
        `From: ${msg.name} <${msg.email}>${username ? ` (signed in as @${username})` : ''}`,
        `Topic: ${topic}`,
        `Subject: ${msg.subject}`,
        ...msg.message.split(/\n+/).filter((l) => l.trim()),
      ],
      action: { label: 'Open the contact messages', url: `${origin}/admin-messages` },
      footer: `Reply to this email to answer ${msg.name} directly. You get it as an admin of ${deps.env.BRAND_NAME}.`,
    }),
  });
}
