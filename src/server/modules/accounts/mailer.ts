import {
  activationMail,
  passwordChangedMail,
  passwordResetMail,
} from '../../adapters/mail/templates';
import type { BuiltMail } from '../../adapters/mail/templates';
import { appOrigin, type AccountsDeps, type Logger } from './deps';

type MailDeps = Pick<AccountsDeps, 'mail' | 'env'>;
interface Recipient {
  id: string;
  name: string;
  email: string;
}

/**
 * Sends one account email. A delivery failure is logged and reported as `false`, never thrown:
 * the database change that prompted the email has already been committed and must stand.
 */
async function deliver(
  deps: MailDeps,
  to: Recipient,
  mail: BuiltMail,
  kind: string,
  log: Logger,
): Promise<boolean> {
  try {
    await deps.mail.send({ to: to.email, ...mail });
    return true;
  } catch (err) {
    log.error({ err, userId: to.id, kind }, 'account email could not be sent');
    return false;
  }
}

/** Mail being delivered after its request was answered, per driver (see sendInBackground). */
const inFlight = new WeakMap<object, Set<Promise<boolean>>>();

/**
 * Lets a request answer before its email is delivered. Calls that must not reveal whether an
 * account exists (reset link, re-send activation) would otherwise answer measurably later for a
 * real account than for an unknown one — SMTP takes a while.
 */
export function sendInBackground(deps: MailDeps, delivery: Promise<boolean>): void {
  let pending = inFlight.get(deps.mail);
  if (!pending) inFlight.set(deps.mail, (pending = new Set()));
  pending.add(delivery);
  void delivery.finally(() => pending.delete(delivery));
}

/** Resolves when every background delivery through this driver has finished (shutdown, tests). */
export async function settleBackgroundMail(mail: object): Promise<void> {
  const pending = inFlight.get(mail);
  while (pending && pending.size > 0) await Promise.all([...pending]);
}

const brand = (deps: MailDeps) => ({ brandName: deps.env.BRAND_NAME, appUrl: appOrigin(deps) });

export function sendActivationMail(
  deps: MailDeps,
  to: Recipient,
  token: string,
  log: Logger,
): Promise<boolean> {
  const url = `${appOrigin(deps)}/users/activate-account?token=${encodeURIComponent(token)}`;
  return deliver(
    deps,
    to,
    activationMail({ ...brand(deps), name: to.name, url }),
    'activation',
    log,
  );
}

export function sendPasswordResetMail(
  deps: MailDeps,
  to: Recipient,
  token: string,
  log: Logger,
): Promise<boolean> {
  const url = `${appOrigin(deps)}/password-reset/${encodeURIComponent(token)}`;
  return deliver(
    deps,
    to,
    passwordResetMail({ ...brand(deps), name: to.name, url }),
    'password_reset',
    log,
  );
}

export function sendPasswordChangedMail(
  deps: MailDeps,
  to: Recipient,
  log: Logger,
): Promise<boolean> {
  return deliver(
    deps,
    to,
    passwordChangedMail({ ...brand(deps), name: to.name }),
    'password_changed',
    log,
  );
}
