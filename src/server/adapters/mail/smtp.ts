// Real delivery through any SMTP server (SMTP_URL, e.g. smtps://user:pass@host:465).
// Transient failures (4xx replies, dropped or timed-out connections) are retried with a
// short backoff; permanent ones (5xx replies, bad credentials) fail at once, since
// repeating them cannot succeed and only delays the caller.
import type { Transporter } from 'nodemailer';
import { onFirstUse } from '../on-first-use';
import { MailDeliveryError, type Logger, type MailDriver, type MailMessage } from './types';

export { MailDeliveryError } from './types';

export interface SmtpDriverOptions {
  url: string;
  from: string;
  logger: Logger;
  /**
   * Waits before each retry; its length + 1 is the number of attempts.
   * Default [200, 800] → 3 attempts. Tests pass zeros to stay fast.
   */
  retryDelaysMs?: readonly number[];
}

interface SmtpError {
  code?: string;
  responseCode?: number;
}

// nodemailer's codes for failures of the connection itself rather than of the message.
const TRANSIENT_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS']);

export function isTransient(err: unknown): boolean {
  const { code, responseCode } = (err ?? {}) as SmtpError;
  if (typeof responseCode === 'number') return responseCode >= 400 && responseCode < 500;
  // No SMTP reply at all: a network problem is worth another try; so is an error we
  // cannot classify, because the cost of one more attempt is small.
  return code === undefined || TRANSIENT_CODES.has(code);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createSmtpDriver({
  url,
  from,
  logger,
  retryDelaysMs = [200, 800],
}: SmtpDriverOptions): MailDriver {
  // nodemailer is loaded by the first mail, not by the start (docs/decisions/055).
  let opened: Transporter | undefined;
  const transport = onFirstUse(async () => (opened = (await import('nodemailer')).default.createTransport(url)));
  const maxAttempts = retryDelaysMs.length + 1;

  return {
    name: 'smtp',
    async send(msg: MailMessage): Promise<void> {
      for (let attempt = 1; ; attempt++) {
        try {
          const info = await (await transport()).sendMail({ from, ...msg });
          // Bodies are never logged: they carry activation and reset tokens.
          logger.info({ to: msg.to, messageId: info.messageId, attempt }, 'mail sent');
          return;
        } catch (err) {
          const { code, responseCode } = (err ?? {}) as SmtpError;
          const detail = { to: msg.to, attempt, code, responseCode, err };
          const retry = isTransient(err) && attempt < maxAttempts;
          if (!retry) {
            // A server that is away is the job queue's to ride out (it tries again later): a
            // warning. A message refused for good (5xx, bad credentials) needs someone: an error.
            logger[isTransient(err) ? 'warn' : 'error'](detail, 'mail delivery failed');
            throw new MailDeliveryError(
              `Could not deliver mail to ${msg.to} after ${attempt} attempt(s)`,
              attempt,
              { cause: err },
            );
          }
          logger.warn(detail, 'mail delivery failed, retrying');
          await sleep(retryDelaysMs[attempt - 1] ?? 0);
        }
      }
    },
    async close(): Promise<void> {
      opened?.close();
    },
  };
}
