// What the SMTP sink received (one JSON line per accepted message, bench/soak/smtp-sink.ts),
// parsed with the app's own .eml reader.
import { closeSync, existsSync, fstatSync, openSync, readSync } from 'node:fs';
import { extractLinks, parseEml } from '../../src/server/adapters/mail';

export interface Delivered {
  at: number;
  to: string;
  subject: string;
  text: string;
  messageId: string;
}

export class MailLog {
  private offset = 0;
  private readonly messages: Delivered[] = [];

  constructor(readonly file: string) {}

  /** Every message delivered so far (reads only what was appended since the last call). */
  all(): Delivered[] {
    if (!existsSync(this.file)) return this.messages;
    const fd = openSync(this.file, 'r');
    try {
      const size = fstatSync(fd).size;
      if (size <= this.offset) return this.messages;
      const chunk = Buffer.alloc(size - this.offset);
      readSync(fd, chunk, 0, chunk.length, this.offset);
      // Only whole lines: the sink may be writing the next one.
      const end = chunk.lastIndexOf(0x0a) + 1;
      this.offset += end;
      for (const line of chunk.subarray(0, end).toString('utf8').split('\n').filter(Boolean)) {
        const { at, raw } = JSON.parse(line) as { at: number; raw: string };
        const mail = parseEml(raw);
        const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? '';
        this.messages.push({ at, to: mail.to.toLowerCase(), subject: mail.subject, text: mail.text, messageId });
      }
    } finally {
      closeSync(fd);
    }
    return this.messages;
  }

  /** The first link in the newest mail to `to` matching `pattern`, waiting up to `timeoutMs`. */
  async waitForLink(to: string, pattern: RegExp, timeoutMs: number): Promise<string | null> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const mails = this.all().filter((m) => m.to === to.toLowerCase());
      for (const mail of mails.reverse()) {
        const link = extractLinks(mail.text).find((l) => pattern.test(l));
        if (link) return link;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    return null;
  }
}

/** How a delivery is told apart from another: recipient and subject (subjects name the order). */
export const mailKey = (to: string, subject: string) => `${to.toLowerCase()} | ${subject}`;
