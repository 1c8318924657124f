import { createHash } from 'node:crypto';
import type { MailDriver } from '../../../adapters/mail/types';
import type { ModuleDeps } from '../deps';
import type { JobDefinition } from './define';
import { enqueueJobs, jobEntry, type JobEntry } from './enqueue';

/** Longer than any retry or replay of an event takes to come back. */
const MAIL_ONCE_MS = 365 * 24 * 3600_000;

/**
 * Queues one of a module's mails (commerce, plans, sites) through `deps.db`: inside the transaction
 * of the change it reports, so no mail leaves for a change that rolled back. The payload names the
 * mail and what it is about; the text is written when it is sent. With `onceFor` (the record it
 * reports) there is one mail per kind and record, whatever retries or replays enqueue it again.
 */
export async function queueModuleMail<P extends { mail: string }>(
  deps: Pick<ModuleDeps, 'db' | 'now' | 'requestId'>,
  job: JobDefinition<P>,
  payload: NoInfer<P>,
  onceFor?: string,
): Promise<string | null> {
  const [id] = await enqueueJobs(deps, [moduleMailEntry(job, payload, onceFor)]);
  return id ?? null;
}

/** queueModuleMail's job, to enqueue with others in one statement (`enqueueJobs`). */
export function moduleMailEntry<P extends { mail: string }>(
  job: JobDefinition<P>,
  payload: NoInfer<P>,
  onceFor?: string,
): JobEntry {
  if (onceFor === undefined) return jobEntry(job, payload);
  return jobEntry(job, payload, {
    dedupeKey: `${job.name}:${payload.mail}:${onceFor}`,
    quietPeriodMs: MAIL_ONCE_MS,
  });
}

/** The domain of the sender's address (`Storefront <no-reply@shop.example>` → `shop.example`). */
function senderDomain(from: string, appUrl: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1];
  if (domain) return domain.toLowerCase();
  try {
    return new URL(appUrl).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}

/**
 * The mail driver a job's handler gets: each message carries a Message-ID made from the job's id,
 * its recipient and its subject, so the same message sent again — by a retry after a worker died
 * between the SMTP server's acceptance and the job being marked done, or after a reply lost on
 * the way back (RFC 1047) — has the same Message-ID, and mailboxes keep one copy. Sending is
 * at least once; what the recipient sees is once (docs/decisions/040).
 */
export function jobMail(
  mail: MailDriver,
  jobId: string,
  env: { MAIL_FROM: string; APP_URL: string },
): MailDriver {
  const domain = senderDomain(env.MAIL_FROM, env.APP_URL);
  return {
    name: mail.name,
    send(msg) {
      if (msg.messageId) return mail.send(msg);
      const which = createHash('sha256').update(`${msg.to}\n${msg.subject}`).digest('base64url');
      return mail.send({ ...msg, messageId: `<job.${jobId}.${which.slice(0, 16)}@${domain}>` });
    },
    ...(mail.close ? { close: () => mail.close!() } : {}),
  };
}
