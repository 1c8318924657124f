// Contract of the mail adapter (DESIGN §1): an embedded `outbox` driver that writes
// .eml files for laptops and tests, and an `smtp` driver for real delivery.

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Extra header fields (e.g. RFC 8058 `List-Unsubscribe` and `List-Unsubscribe-Post`), passed
   * to the message as given; long values are folded at whitespace by the mail library.
   */
  headers?: Readonly<Record<string, string>>;
  /** Where replies go (a contact-form message: the sender, not our no-reply address). */
  replyTo?: string;
  /**
   * The Message-ID (`<id@domain>`); unset, the mail library makes a new one. A job sets it from
   * its own id, so a message sent again by a retried job is the same message to a mailbox.
   */
  messageId?: string;
}

export interface MailDriver {
  readonly name: 'outbox' | 'smtp';
  send(msg: MailMessage): Promise<void>;
  close?(): Promise<void>;
}

/** The subset of pino's logger the drivers use. */
export interface Logger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/** Thrown when a message could not be delivered (after retries, for transient failures). */
export class MailDeliveryError extends Error {
  override readonly name = 'MailDeliveryError';
  constructor(
    message: string,
    /** How many delivery attempts were made. */
    readonly attempts: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
