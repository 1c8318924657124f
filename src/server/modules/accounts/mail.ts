import {
  activationMail,
  passwordChangedMail,
  passwordResetMail,
  registrationAttemptMail,
  type BuiltMail,
} from '../../adapters/mail/templates';
import { appOrigin, enqueueJob, nowDate, type JobHandlers, type ModuleDeps } from '../core';
import {
  discardEmailToken,
  hasLinkIssuedSince,
  issueEmailToken,
  retireOtherEmailTokens,
  type EmailTokenPurpose,
} from './emailed-tokens';
import { findUserById } from './users-repo';
import type { UserRow } from '../../db/schema';

/**
 * Account emails go out through the job queue: a request enqueues one (in its own transaction,
 * so an account is never created without its activation email on the way) and answers at once;
 * a worker delivers it, retrying while the mail server is down. The payload names only the user:
 * a link's token is issued when the email is actually sent, so no usable token ever sits in the
 * jobs table, and what is sent reflects the account as it is then (activated since? suspended?).
 */
export const ACCOUNT_MAIL_JOB = 'accounts.mail';

export const ACCOUNT_MAILS = [
  'activation',
  'password_reset',
  'password_changed',
  'registration_attempt',
] as const;
export type AccountMail = (typeof ACCOUNT_MAILS)[number];

interface AccountMailJob {
  mail: AccountMail;
  userId: string;
}

/**
 * A link mail asked for again within this long is the same mail: dropped, so nobody (a stranger
 * typing the owner's address) can flood a mailbox, while the owner always has a fresh link.
 */
export const LINK_MAIL_REPEAT_MS = 2 * 60_000;
/** A notice without a link (registration attempt) repeats at most this often. */
export const NOTICE_REPEAT_MS = 10 * 60_000;

const PURPOSE_OF: Partial<Record<AccountMail, EmailTokenPurpose>> = {
  activation: 'activation',
  password_reset: 'password_reset',
};

/** Queues an account mail; a link mail is dropped while an identical one is pending or fresh. */
export async function queueAccountMail(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  mail: AccountMail,
  userId: string,
): Promise<string | null> {
  const purpose = PURPOSE_OF[mail];
  const payload = { mail, userId } satisfies AccountMailJob;
  // "Someone tried to register with your address": at most one every few minutes per account.
  if (mail === 'registration_attempt')
    return enqueueJob(deps, ACCOUNT_MAIL_JOB, payload, {
      dedupeKey: `${ACCOUNT_MAIL_JOB}:${mail}:${userId}`,
      quietPeriodMs: NOTICE_REPEAT_MS,
    });
  if (!purpose) return enqueueJob(deps, ACCOUNT_MAIL_JOB, payload);
  const since = new Date(deps.now() - LINK_MAIL_REPEAT_MS);
  if (await hasLinkIssuedSince(deps.db, userId, purpose, since)) return null;
  return enqueueJob(deps, ACCOUNT_MAIL_JOB, payload, {
    dedupeKey: `${ACCOUNT_MAIL_JOB}:${mail}:${userId}`,
  });
}

function isAccountMailJob(payload: unknown): payload is AccountMailJob {
  const p = payload as Partial<AccountMailJob> | null;
  return (
    typeof p?.userId === 'string' && ACCOUNT_MAILS.includes(p.mail as AccountMail)
  );
}

const brand = (deps: ModuleDeps) => ({ brandName: deps.env.BRAND_NAME, appUrl: appOrigin(deps) });

/** The link an emailed token opens. */
const LINKS: Record<EmailTokenPurpose, (origin: string, token: string) => string> = {
  activation: (origin, token) => `${origin}/users/activate-account?token=${encodeURIComponent(token)}`,
  password_reset: (origin, token) => `${origin}/password-reset/${encodeURIComponent(token)}`,
};

/** Sends a mail carrying a fresh link; older links of that purpose end once it is out. */
async function sendWithLink(
  deps: ModuleDeps,
  user: UserRow,
  purpose: EmailTokenPurpose,
  build: (url: string) => BuiltMail,
) {
  const token = await issueEmailToken(deps.db, user.id, purpose, nowDate(deps));
  try {
    await deps.mail.send({ to: user.email, ...build(LINKS[purpose](appOrigin(deps), token)) });
  } catch (err) {
    await discardEmailToken(deps.db, token);
    throw err;
  }
  await retireOtherEmailTokens(deps.db, user.id, purpose, token);
}

async function deliverAccountMail(deps: ModuleDeps, payload: unknown): Promise<void> {
  if (!isAccountMailJob(payload)) throw new Error('malformed account mail job');
  const user = await findUserById(deps.db, payload.userId);
  // The account is gone, or no longer wants this mail (activated meanwhile, suspended): done.
  if (!user || user.status !== 'active') return;
  const to = { ...brand(deps), name: user.name };
  switch (payload.mail) {
    case 'activation':
      if (user.activatedAt) return;
      return sendWithLink(deps, user, 'activation', (url) => activationMail({ ...to, url }));
    case 'password_reset':
      return sendWithLink(deps, user, 'password_reset', (url) => passwordResetMail({ ...to, url }));
    case 'password_changed':
      return deps.mail.send({ to: user.email, ...passwordChangedMail(to) });
    case 'registration_attempt':
      return deps.mail.send({ to: user.email, ...registrationAttemptMail(to) });
  }
}

export const accountJobs: JobHandlers = { [ACCOUNT_MAIL_JOB]: deliverAccountMail };
