import { z } from 'zod';
import {
  activationMail,
  passwordChangedMail,
  passwordResetMail,
  registrationAttemptMail,
  type BuiltMail,
} from '../../adapters/mail/templates';
import {
  appOrigin,
  defineJob,
  enqueueJob,
  nowDate,
  type JobDefinition,
  type ModuleDeps,
} from '../core';
import {
  discardEmailToken,
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
export const ACCOUNT_MAILS = [
  'activation',
  'password_reset',
  'password_changed',
  'registration_attempt',
] as const;
export type AccountMail = (typeof ACCOUNT_MAILS)[number];

const accountMailPayload = z.object({ mail: z.enum(ACCOUNT_MAILS), userId: z.string() });

export const accountMailJob = defineJob('accounts.mail', accountMailPayload, deliverAccountMail);

/**
 * How often a mail may go to one account. A repeat inside the window (or while one is still being
 * delivered) is dropped: nobody typing the owner's address can flood a mailbox, and the owner
 * always has a fresh link — the one just sent.
 */
export const REPEAT_WINDOW_MS: Partial<Record<AccountMail, number>> = {
  activation: 2 * 60_000,
  password_reset: 2 * 60_000,
  registration_attempt: 10 * 60_000,
};

export function queueAccountMail(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  mail: AccountMail,
  userId: string,
): Promise<string | null> {
  const window = REPEAT_WINDOW_MS[mail];
  return enqueueJob(
    deps,
    accountMailJob,
    { mail, userId },
    window ? { dedupeKey: `${accountMailJob.name}:${mail}:${userId}`, quietPeriodMs: window } : {},
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

async function deliverAccountMail(
  deps: ModuleDeps,
  payload: z.output<typeof accountMailPayload>,
): Promise<void> {
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

export const accountJobs: readonly JobDefinition[] = [accountMailJob];
