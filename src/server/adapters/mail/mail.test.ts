import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  MailDeliveryError,
  activationMail,
  createMailDriver,
  createOutboxDriver,
  createSmtpDriver,
  passwordChangedMail,
  passwordResetMail,
  parseEml,
  readOutbox,
  renderMail,
  type Logger,
} from './index';
import { isTransient } from './smtp';

const FROM = '"Storefront" <no-reply@storefront.test>';

function recordingLogger() {
  const calls: { level: string; obj: unknown; msg?: string }[] = [];
  const logger: Logger = {
    info: (obj, msg) => calls.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => calls.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => calls.push({ level: 'error', obj, msg }),
  };
  return { logger, calls };
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mail-test-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('outbox driver', () => {
  it('writes an RFC 822 multipart .eml with both parts, logging where but never its links', async () => {
    const { logger, calls } = recordingLogger();
    const outbox = join(dir, 'outbox'); // does not exist yet
    const driver = createOutboxDriver({ dir: outbox, from: FROM, logger });
    expect(driver.name).toBe('outbox');
    const link = 'http://localhost:3000/users/activate-account?token=abc.def-123';
    await driver.send({
      to: 'Ann@Example.com',
      subject: 'Activate your account',
      text: `Hello\n\nActivate:\n${link}\n`,
      html: `<p>Hello <a href="${link}">activate</a></p>`,
    });

    const files = await readdir(outbox);
    expect(files).toHaveLength(1);
    const file = files[0] ?? '';
    expect(file).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-ann@example\.com\.eml$/);

    const raw = await readFile(join(outbox, file), 'utf8');
    expect(raw).toContain('\r\n'); // RFC 822 line endings
    const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
    expect(head).toMatch(/^From: "?Storefront"? <no-reply@storefront\.test>$/m);
    expect(head).toMatch(/^To: Ann@example\.com$/m); // nodemailer lower-cases the domain
    expect(head).toMatch(/^Subject: Activate your account$/m);
    expect(head).toMatch(/^Date: .+$/m);
    expect(head).toMatch(/^Message-ID: <[^>]+>$/m);
    expect(head).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(raw).toMatch(/Content-Type: text\/plain; charset=utf-8/);
    expect(raw).toMatch(/Content-Type: text\/html; charset=utf-8/);
    expect(raw).toContain(link); // short ASCII text stays readable in the file

    const [entry] = await readOutbox(outbox);
    expect(entry).toEqual({
      file,
      to: 'Ann@example.com',
      subject: 'Activate your account',
      text: `Hello\n\nActivate:\n${link}\n`,
      html: `<p>Hello <a href="${link}">activate</a></p>`,
    });

    expect(calls).toEqual([
      {
        level: 'info',
        obj: { to: 'Ann@Example.com', file: join(outbox, file) },
        msg: 'mail written to outbox',
      },
    ]);
    expect(JSON.stringify(calls)).not.toContain('token=');
  });

  it('announces each link on a readable line only when asked (a developer’s terminal)', async () => {
    const lines: string[] = [];
    const driver = createOutboxDriver({ dir, from: FROM, logger: recordingLogger().logger, announce: (l) => lines.push(l) });
    const link = 'http://localhost:3000/password-reset/tok-456';
    await driver.send({ to: 'bo@example.com', subject: 'Reset', text: `Reset:\n${link}\n`, html: '<p>x</p>' });
    expect(lines).toEqual([`Mail to bo@example.com — open: ${link}`]);
  });

  it('round-trips non-ASCII subjects, names and long encoded links', async () => {
    const { logger } = recordingLogger();
    const driver = createOutboxDriver({ dir, from: FROM, logger });
    // A long token with '=' forces quoted-printable soft line breaks and =3D escapes.
    const url = `http://localhost:3000/password-reset/${'x'.repeat(120)}?sig=${'y'.repeat(40)}==`;
    const mail = passwordResetMail({
      brandName: 'Bäckerei Zoë',
      appUrl: 'http://localhost:3000',
      name: 'Jürgen 日本語 😀',
      url,
    });
    await driver.send({ to: 'jurgen@example.com', ...mail });
    // A base64-heavy message (mostly non-Latin) takes nodemailer's other encoding path.
    const cjk = '日本語のテキスト'.repeat(20);
    await driver.send({
      to: 'kana@example.com',
      subject: `件名 ${cjk}`,
      text: cjk,
      html: `<p>${cjk}</p>`,
    });

    const raw = await readFile(join(dir, (await readdir(dir)).sort()[0] ?? ''), 'utf8');
    expect(raw).toMatch(/^Subject: =\?UTF-8\?[QB]\?/im); // encoded, not raw 8-bit

    const entries = await readOutbox(dir);
    expect(entries.map((e) => e.to)).toEqual(['jurgen@example.com', 'kana@example.com']);
    const [reset, kana] = entries;
    expect(reset?.subject).toBe('Reset your Bäckerei Zoë password');
    expect(reset?.text).toBe(mail.text);
    expect(reset?.html).toBe(mail.html);
    expect(reset?.text.split('\n')).toContain(url);
    expect(reset?.text).toContain('Hi Jürgen 日本語 😀,');
    expect(kana?.subject).toBe(`件名 ${cjk}`);
    expect(kana?.text).toBe(cjk);
  });

  it('keeps send order, even within one millisecond, and reads a missing dir as empty', async () => {
    expect(await readOutbox(join(dir, 'nope'))).toEqual([]);
    const driver = createOutboxDriver({ dir, from: FROM, logger: recordingLogger().logger });
    const recipients = ['z@example.com', 'a@example.com', 'm@example.com', 'a@example.com'];
    for (const [i, to] of recipients.entries()) {
      await driver.send({ to, subject: `#${i}`, text: `${i}`, html: `<b>${i}</b>` });
    }
    const entries = await readOutbox(dir);
    expect(entries.map((e) => e.subject)).toEqual(['#0', '#1', '#2', '#3']);
    expect(new Set(entries.map((e) => e.file)).size).toBe(4);
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('templates', () => {
  it('escapes user text in HTML and keeps the action URL on its own text line', () => {
    const url = 'https://shop.example/users/activate-account?token=a&b=1';
    const mail = activationMail({
      brandName: 'Shop',
      appUrl: 'https://shop.example/',
      name: '<script>alert("x")</script>',
      url,
    });
    expect(mail.subject).toBe('Activate your Shop account');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.html).toContain(
      'href="https://shop.example/users/activate-account?token=a&amp;b=1"',
    );
    expect(mail.text.split('\n')).toContain(url);
    expect(mail.text).toContain('Welcome, <script>alert("x")</script>!'); // plain text is not HTML
    expect(mail.text).toContain('https://shop.example\n'); // app URL without trailing slash
  });

  it('refuses non-http action links', () => {
    expect(() =>
      renderMail({
        brandName: 'Shop',
        appUrl: 'https://shop.example',
        heading: 'Hi',
        paragraphs: [],
        action: { label: 'Click', url: 'javascript:alert(1)' },
      }),
    ).toThrow(TypeError);
  });

  it('builds the password-changed mail with a reset link and custom footers', () => {
    const mail = passwordChangedMail({
      brandName: 'Shop',
      appUrl: 'https://shop.example',
      name: 'Al',
    });
    expect(mail.subject).toBe('Your Shop password was changed');
    expect(mail.text.split('\n')).toContain('https://shop.example/reset-password');
    const custom = renderMail({
      brandName: 'Shop',
      appUrl: 'https://shop.example',
      heading: 'H',
      paragraphs: ['a & b'],
      footer: 'Footer <i>',
    });
    expect(custom.html).toContain('a &amp; b');
    expect(custom.html).toContain('Footer &lt;i&gt;');
    expect(custom.text).toContain('Footer <i>');
  });
});

describe('lists and footer links', () => {
  it('puts each item and footer link in both parts, URLs on lines of their own, text escaped', () => {
    const mail = renderMail({
      brandName: 'Shop',
      appUrl: 'https://shop.example',
      heading: 'Hi',
      paragraphs: ['What happened:'],
      items: [
        { text: 'Al <b> followed you.', link: { label: 'See Al', url: 'https://shop.example/users/1' } },
        { text: '…and 2 more.' },
      ],
      footerLinks: [{ label: 'Stop these', url: 'https://shop.example/unsubscribe?token=a.b' }],
    });
    const lines = mail.text.split('\n');
    expect(lines).toContain('- Al <b> followed you.');
    expect(lines).toContain('  https://shop.example/users/1');
    expect(lines).toContain('- …and 2 more.');
    expect(lines.indexOf('https://shop.example/unsubscribe?token=a.b')).toBe(lines.indexOf('Stop these:') + 1);
    expect(mail.html).toContain('<li style="margin:0 0 12px">Al &lt;b&gt; followed you.<br><a href="https://shop.example/users/1"');
    expect(mail.html).toContain('href="https://shop.example/unsubscribe?token=a.b"');
    expect(() =>
      renderMail({ brandName: 'S', appUrl: 'https://s.example', heading: 'H', paragraphs: [], footerLinks: [{ label: 'x', url: 'javascript:1' }] }),
    ).toThrow(TypeError);
  });
});

describe('extra header fields (RFC 8058 List-Unsubscribe)', () => {
  const url = `http://localhost:3000/api/v1/notifications/unsubscribe?token=${'A'.repeat(60)}.${'b'.repeat(22)}`;
  const headers = { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  const unfolded = (raw: string) => raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');

  it('are written into the outbox file', async () => {
    const driver = createOutboxDriver({ dir, from: FROM, logger: recordingLogger().logger });
    await driver.send({ to: 'bo@example.com', subject: 'S', text: 't', html: '<p>h</p>', headers });
    const [file] = await readdir(dir);
    const head = unfolded(await readFile(join(dir, file ?? ''), 'utf8'));
    expect(head).toMatch(new RegExp(`^List-Unsubscribe: <${url.replace(/[.?]/g, '\\$&')}>$`, 'm'));
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  });

  it('reach the SMTP server', async () => {
    const smtp = await startSmtp();
    const driver = createSmtpDriver({ url: smtp.url, from: FROM, logger: recordingLogger().logger });
    try {
      await driver.send({ to: 'bo@example.com', subject: 'S', text: 't', html: '<p>h</p>', headers });
    } finally {
      await driver.close?.();
      await smtp.close();
    }
    const head = unfolded(smtp.received[0] ?? '');
    expect(head).toContain(`List-Unsubscribe: <${url}>`);
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  });
});

// ---- SMTP against a real smtp-server on loopback ----

interface Harness {
  url: string;
  received: string[];
  rcptCalls: number;
  dataCalls: number;
  close(): Promise<void>;
}

type Hooks = {
  rcpt?: (call: number) => number | undefined; // reply code to reject with, or accept
  data?: (call: number) => number | undefined;
};

function rejection(code: number): Error {
  return Object.assign(new Error(code < 500 ? 'Try again later' : 'No such user'), {
    responseCode: code,
  });
}

async function startSmtp(hooks: Hooks = {}): Promise<Harness> {
  const h = { received: [] as string[], rcptCalls: 0, dataCalls: 0 };
  const options: SMTPServerOptions = {
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      const code = hooks.rcpt?.(++h.rcptCalls);
      callback(code ? rejection(code) : null);
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const code = hooks.data?.(++h.dataCalls);
        if (code) return callback(rejection(code));
        h.received.push(Buffer.concat(chunks).toString('utf8'));
        callback(null);
      });
    },
  };
  const server = new SMTPServer(options);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(h, {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  });
}

describe('smtp driver', () => {
  const message = (url: string) => ({
    to: 'buyer@example.com',
    ...activationMail({ brandName: 'Shop', appUrl: 'http://localhost:3000', name: 'Bo', url }),
  });
  const link = 'http://localhost:3000/users/activate-account?token=tok123';

  it('delivers to a real SMTP server', async () => {
    const smtp = await startSmtp();
    const { logger } = recordingLogger();
    const driver = createMailDriver({ smtpUrl: smtp.url, from: FROM, outboxDir: dir, logger });
    expect(driver.name).toBe('smtp');
    try {
      await driver.send(message(link));
    } finally {
      await driver.close?.();
      await smtp.close();
    }
    expect(smtp.received).toHaveLength(1);
    const raw = smtp.received[0] ?? '';
    expect(raw).toMatch(/^Subject: Activate your Shop account\r?$/m);
    // The text part's long lines are quoted-printable on the wire; decode to find the link.
    const parsed = parseEml(raw);
    expect(parsed.to).toBe('buyer@example.com');
    expect(parsed.text.split('\n')).toContain(link);
    expect(parsed.html).toContain(`href="${link}"`);
    expect(await readdir(dir)).toEqual([]); // nothing went to the outbox
  });

  it('retries a transient 451 and delivers exactly once', async () => {
    const smtp = await startSmtp({ rcpt: (call) => (call === 1 ? 451 : undefined) });
    const { logger, calls } = recordingLogger();
    const driver = createSmtpDriver({ url: smtp.url, from: FROM, logger, retryDelaysMs: [0, 0] });
    try {
      await driver.send(message(link));
    } finally {
      await smtp.close();
    }
    expect(smtp.rcptCalls).toBe(2);
    expect(smtp.received).toHaveLength(1);
    expect(parseEml(smtp.received[0] ?? '').text.split('\n')).toContain(link);
    expect(calls.map((c) => c.level)).toEqual(['warn', 'info']);
  });

  it('gives up with MailDeliveryError after 3 attempts when failures persist', async () => {
    const smtp = await startSmtp({ data: () => 451 });
    const { logger, calls } = recordingLogger();
    const driver = createSmtpDriver({ url: smtp.url, from: FROM, logger, retryDelaysMs: [0, 0] });
    const error = await driver.send(message(link)).catch((err: unknown) => err);
    await smtp.close();
    expect(error).toBeInstanceOf(MailDeliveryError);
    expect((error as MailDeliveryError).attempts).toBe(3);
    expect(smtp.dataCalls).toBe(3);
    expect(smtp.received).toHaveLength(0);
    // Still a passing outage (the job queue tries again later): warnings, not an error.
    expect(calls.map((c) => c.level)).toEqual(['warn', 'warn', 'warn']);
  });

  it('does not retry a permanent 5xx rejection, and logs it as an error', async () => {
    const smtp = await startSmtp({ rcpt: () => 550 });
    const log = recordingLogger();
    const driver = createSmtpDriver({
      url: smtp.url,
      from: FROM,
      logger: log.logger,
      retryDelaysMs: [0, 0],
    });
    const error = await driver.send(message(link)).catch((err: unknown) => err);
    await smtp.close();
    expect(error).toBeInstanceOf(MailDeliveryError);
    expect((error as MailDeliveryError).attempts).toBe(1);
    expect(smtp.rcptCalls).toBe(1);
    expect(log.calls.map((c) => c.level)).toEqual(['error']);
  });

  it('classifies nodemailer errors', () => {
    expect(isTransient({ code: 'EENVELOPE', responseCode: 451 })).toBe(true);
    expect(isTransient({ code: 'EMESSAGE', responseCode: 552 })).toBe(false);
    expect(isTransient({ code: 'EAUTH', responseCode: 535 })).toBe(false);
    expect(isTransient({ code: 'ECONNECTION' })).toBe(true);
    expect(isTransient({ code: 'ETIMEDOUT' })).toBe(true);
    expect(isTransient({ code: 'ETLS' })).toBe(false);
  });

  it('falls back to the outbox when no SMTP URL is configured', async () => {
    const driver = createMailDriver({
      from: FROM,
      outboxDir: dir,
      logger: recordingLogger().logger,
    });
    expect(driver.name).toBe('outbox');
    await driver.send(message(link));
    const [entry] = await readOutbox(dir);
    expect(entry?.text.split('\n')).toContain(link);
  });
});
