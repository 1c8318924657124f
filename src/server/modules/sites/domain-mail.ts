import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { renderMail } from '../../adapters/mail/templates';
import { formatDateTime } from '../../../shared/format';
import { users } from '../../db/schema';
import { appOrigin, defineJob, queueModuleMail, type ModuleDeps } from '../core';
import { graceEndsAt } from './domain';

/**
 * Custom-domain emails (docs/decisions/049) go out through the job queue, enqueued in the
 * transaction that changed who holds the domain: no mail for a change that rolled back. The
 * payload carries the domain and when it happened, so the text says what happened then even if
 * the site has changed since.
 */
export const DOMAIN_MAILS = [
  /** Another seller verified the domain first: this site's pending claim was dropped. */
  'claim_dropped',
  /** A check found the proof of a verified domain gone: the grace period started. */
  'proof_missing',
  /** The proof stayed missing through the grace period: the domain is no longer served. */
  'domain_lost',
] as const;
export type DomainMail = (typeof DOMAIN_MAILS)[number];

const domainMailPayload = z.object({
  mail: z.enum(DOMAIN_MAILS),
  userId: z.string(),
  domain: z.string(),
  at: z.string(),
});

export const domainMailJob = defineJob('sites.domain-mail', domainMailPayload, deliverDomainMail);

export function queueDomainMail(
  deps: Pick<ModuleDeps, 'db' | 'now' | 'requestId'>,
  mail: DomainMail,
  userId: string,
  domain: string,
  at: Date,
) {
  // Not once per record: a domain can be lost, won back and lost again; `at` tells them apart.
  return queueModuleMail(deps, domainMailJob, { mail, userId, domain, at: at.toISOString() });
}

const EDITOR_PATH = '/edit-page';

function content(payload: z.output<typeof domainMailPayload>) {
  const { domain } = payload;
  const at = formatDateTime(payload.at);
  switch (payload.mail) {
    case 'claim_dropped':
      return {
        subject: `${domain} was verified by another seller`,
        paragraphs: [
          `On ${at} another seller proved control of ${domain} before you did, so it now shows their page and your pending claim on it was removed.`,
          'Whoever can publish the proof in the domain’s DNS controls it. If the domain is yours, check who can change its DNS records; you can set another domain in your page’s editor at any time.',
        ],
      };
    case 'proof_missing':
      return {
        subject: `The proof for ${domain} is missing`,
        paragraphs: [
          `On ${at} we could not find the proof that ${domain} is yours (the TXT record or the file shown in your page’s editor).`,
          `Your page keeps answering on ${domain} until ${formatDateTime(graceEndsAt(new Date(payload.at)).toISOString())}. Publish the proof again and press “Check now” in your page’s editor before then, or the domain will be released.`,
        ],
      };
    case 'domain_lost':
      return {
        subject: `${domain} no longer shows your page`,
        paragraphs: [
          `The proof that ${domain} is yours stayed missing for 72 hours, so on ${at} the domain stopped showing your page.`,
          'To get it back, publish the proof again and press “Check now” in your page’s editor — unless another seller proves control of it first.',
        ],
      };
  }
}

async function deliverDomainMail(deps: ModuleDeps, payload: z.output<typeof domainMailPayload>) {
  const [member] = await deps.db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, payload.userId))
    .limit(1);
  if (!member) return;
  const origin = appOrigin(deps);
  const { subject, paragraphs } = content(payload);
  await deps.mail.send({
    to: member.email,
    subject,
    ...renderMail({
      brandName: deps.env.BRAND_NAME,
      appUrl: origin,
      heading: `Hello ${member.name},`,
      paragraphs,
      action: { label: 'Open your page’s editor', url: `${origin}${EDITOR_PATH}` },
      footer: `You are receiving this email about the custom domain of your page at ${deps.env.BRAND_NAME}.`,
    }),
  });
}
