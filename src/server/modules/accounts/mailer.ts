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
