// Chooses the mail driver from configuration: SMTP when SMTP_URL is set, otherwise the
// embedded outbox so that a fresh checkout can sign users up without a mail server.
import { createOutboxDriver } from './outbox';
import { createSmtpDriver } from './smtp';
import type { Logger, MailDriver } from './types';

export interface MailConfig {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  logger: Logger;
  /** Outbox only: where to show each mail's links for a developer (see OutboxDriverOptions). */
  announce?: (line: string) => void;
}

export function createMailDriver({ smtpUrl, from, outboxDir, logger, announce }: MailConfig): MailDriver {
  if (smtpUrl) return createSmtpDriver({ url: smtpUrl, from, logger });
  return createOutboxDriver({ dir: outboxDir, from, logger, announce });
}

export { createOutboxDriver, readOutbox, extractLinks, parseEml } from './outbox';
export type { OutboxEntry } from './outbox';
export { createSmtpDriver } from './smtp';
export {
  activationMail,
  passwordChangedMail,
  passwordResetMail,
  registrationAttemptMail,
  renderMail,
} from './templates';
export type { BuiltMail, RenderMailOptions } from './templates';
export { MailDeliveryError } from './types';
export type { Logger, MailDriver, MailMessage } from './types';
