// Embedded mail driver (DESIGN §1): every message becomes an RFC 822 `.eml` file in
// DATA_DIR/outbox and its links are logged, so sign-up and password reset work on a
// laptop with no mail server. `readOutbox` parses the files back for tests and e2e.
import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, readdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { onFirstUse } from '../on-first-use';
import type { Logger, MailDriver, MailMessage } from './types';

export interface OutboxDriverOptions {
  dir: string;
  from: string;
  logger: Logger;
  /**
   * Shows a readable "Mail to … — open: <link>" line per link (development on a terminal only:
   * it is the one place a live token may be printed).
   */
  announce?: (line: string) => void;
}

export interface OutboxEntry {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Every http(s) URL in a text, without trailing sentence punctuation, deduplicated. */
export function extractLinks(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s<>"'`]+/g) ?? [];
  return [...new Set(found.map((url) => url.replace(/[.,;:!?)\]]+$/, '')))];
}

// File names start with the timestamp so a plain sort is chronological. Two messages
// in the same millisecond would tie (and could collide), so timestamps handed out by
// this process are made strictly increasing.
let lastStamp = 0;
function nextStamp(): string {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return new Date(lastStamp).toISOString().replace(/:/g, '-');
}

function sanitise(address: string): string {
  return (
    address
      .toLowerCase()
      .replace(/[^a-z0-9@._+-]/g, '_')
      .slice(0, 100) || 'unknown'
  );
}

export function createOutboxDriver({ dir, from, logger, announce }: OutboxDriverOptions): MailDriver {
  // streamTransport + buffer builds the exact RFC 822 bytes an SMTP server would receive
  // (multipart/alternative, encoded headers, Date, Message-ID) without sending anything.
  // nodemailer is loaded by the first mail, not by the start (docs/decisions/055).
  const transport = onFirstUse(async () =>
    (await import('nodemailer')).default.createTransport({
      streamTransport: true,
      buffer: true,
      newline: 'windows',
    }),
  );

  return {
    name: 'outbox',
    async send(msg: MailMessage): Promise<void> {
      const info = await (await transport()).sendMail({ from, ...msg });
      const raw = info.message;
      if (!Buffer.isBuffer(raw)) throw new Error('outbox: expected a buffered message');
      await mkdir(dir, { recursive: true });
      const stem = `${nextStamp()}-${sanitise(msg.to)}`;
      // Write under a hidden temporary name, then hard-link into place: readers never
      // see a half-written file, and `link` fails instead of overwriting when another
      // process sharing the directory picked the same name.
      const tmp = join(dir, `.${stem}.${randomBytes(6).toString('hex')}.tmp`);
      await writeFile(tmp, raw);
      let file = `${stem}.eml`;
      try {
        for (let n = 1; ; n++) {
          try {
            await link(tmp, join(dir, file));
            break;
          } catch (err) {
            if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || n > 100) throw err;
            file = `${stem}-${n}.eml`;
          }
        }
      } finally {
        await unlink(tmp).catch(() => undefined);
      }
      // Never the links in the log: they carry live activation and reset tokens, and logs are
      // kept and shipped. On a developer's terminal they are announced for convenience.
      logger.info({ to: msg.to, file: join(dir, file) }, 'mail written to outbox');
      for (const link of announce ? extractLinks(msg.text) : []) announce!(`Mail to ${msg.to} — open: ${link}`);
    },
  };
}

/** All messages in the outbox, oldest first. A missing directory is an empty outbox. */
export async function readOutbox(dir: string): Promise<OutboxEntry[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  // Compare without the extension so "x.eml" sorts before its collision twin "x-1.eml".
  const files = names
    .filter((name) => name.endsWith('.eml') && !name.startsWith('.'))
    .sort((a, b) => (a.slice(0, -4) < b.slice(0, -4) ? -1 : 1));
  return Promise.all(
    files.map(async (file) => ({ file, ...parseEml(await readFile(join(dir, file), 'utf8')) })),
  );
}

// ---- A small MIME reader: enough for what nodemailer (or any sane mailer) writes. ----

interface Entity {
  headers: Map<string, string>;
  body: string;
}

function parseEntity(raw: string): Entity {
  const split = raw.indexOf('\n\n');
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split + 2);
  const headers = new Map<string, string>();
  // Unfold continuation lines (starting with whitespace) before splitting into fields.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function param(value: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(value);
  return match ? (match[1] ?? match[2]) : undefined;
}

function decodeBytes(bytes: Buffer, charset = 'utf-8'): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return bytes.toString('utf8'); // unknown charset label
  }
}

function qpBytes(text: string, underscoreIsSpace: boolean): Buffer {
  const src = underscoreIsSpace ? text.replace(/_/g, ' ') : text.replace(/=\n/g, '');
  const chunks = src
    .split(/(=[0-9A-Fa-f]{2})/)
    .map((piece) =>
      /^=[0-9A-Fa-f]{2}$/.test(piece) ? Buffer.from(piece.slice(1), 'hex') : Buffer.from(piece),
    );
  return Buffer.concat(chunks);
}

function decodeBody(entity: Entity): string {
  const type = entity.headers.get('content-type') ?? 'text/plain';
  const charset = param(type, 'charset');
  const encoding = (entity.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  let bytes: Buffer;
  if (encoding === 'base64') bytes = Buffer.from(entity.body.replace(/\s+/g, ''), 'base64');
  else if (encoding === 'quoted-printable') bytes = qpBytes(entity.body, false);
  else bytes = Buffer.from(entity.body);
  return decodeBytes(bytes, charset).replace(/\r\n/g, '\n');
}

/** Decodes RFC 2047 encoded-words; adjacent words are joined so split UTF-8 survives. */
export function decodeHeader(value: string): string {
  const word = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;
  let out = '';
  let pending: { charset: string; bytes: Buffer[] } | undefined;
  let last = 0;
  const flush = () => {
    if (pending) out += decodeBytes(Buffer.concat(pending.bytes), pending.charset);
    pending = undefined;
  };
  for (let m = word.exec(value); m; m = word.exec(value)) {
    const [whole, charsetRaw = 'utf-8', enc = 'Q', data = ''] = m;
    const between = value.slice(last, m.index);
    const charset = charsetRaw.split('*')[0] ?? 'utf-8'; // drop RFC 2231 language tag
    // Whitespace between two encoded-words is not part of the text.
    if (!(pending && /^\s*$/.test(between) && pending.charset === charset)) {
      flush();
      out += between;
    }
    const bytes = enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : qpBytes(data, true);
    pending ??= { charset, bytes: [] };
    pending.bytes.push(bytes);
    last = m.index + whole.length;
  }
  flush();
  return out + value.slice(last);
}

function collectText(entity: Entity, found: { text?: string; html?: string }): void {
  const type = (entity.headers.get('content-type') ?? 'text/plain').toLowerCase();
  const boundary = param(entity.headers.get('content-type') ?? '', 'boundary');
  if (type.startsWith('multipart/') && boundary) {
    const parts: string[][] = [];
    let current: string[] | undefined;
    for (const line of entity.body.split('\n')) {
      if (line.trimEnd() === `--${boundary}--`) break;
      if (line.trimEnd() === `--${boundary}`) {
        current = [];
        parts.push(current);
      } else current?.push(line);
    }
    for (const lines of parts) collectText(parseEntity(lines.join('\n')), found);
    return;
  }
  if (/attachment/i.test(entity.headers.get('content-disposition') ?? '')) return;
  if (type.startsWith('text/plain') && found.text === undefined) found.text = decodeBody(entity);
  if (type.startsWith('text/html') && found.html === undefined) found.html = decodeBody(entity);
}

/** Parses one RFC 822 message into its recipient, subject and text/html bodies. */
export function parseEml(raw: string): Omit<OutboxEntry, 'file'> {
  const root = parseEntity(raw.replace(/\r\n/g, '\n'));
  const found: { text?: string; html?: string } = {};
  collectText(root, found);
  const toHeader = decodeHeader(root.headers.get('to') ?? '');
  return {
    to: (/<([^>]+)>/.exec(toHeader)?.[1] ?? toHeader).trim(),
    subject: decodeHeader(root.headers.get('subject') ?? ''),
    text: found.text ?? '',
    html: found.html ?? '',
  };
}
