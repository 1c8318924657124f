// Every mail the drill caused, delivered exactly once: an activation for each registration, and
// for each paid order the buyer's confirmation and one "new sale" per seller — compared with what
// the SMTP sink received, by recipient and subject (subjects name the order). A message counts
// once per Message-ID: SMTP cannot rule out a resend (a job whose worker died after the server
// accepted the message, a reply lost on the way back: RFC 1047), and a job's resend carries the
// same Message-ID (core/jobs/job-mail.ts), which mailboxes keep once. Resends are reported apart.
import type pg from 'pg';
import { SOAK_MAIL_DOMAIN } from './users';
import { mailKey, type MailLog } from './mail-log';
import type { Ledger } from './ledger-book';

export interface ExpectedMail {
  key: string;
  what: string;
}

const shortId = (id: string) => id.slice(0, 8).toUpperCase();

/** The mails that must have gone out, from the ledger and the database. */
export async function expectedMail(db: pg.Client, ledger: Ledger): Promise<ExpectedMail[]> {
  const expected: ExpectedMail[] = ledger
    .of('register', 'acknowledged')
    .map((username) => ({ key: `${username}@${SOAK_MAIL_DOMAIN} | activation`, what: `activation for ${username}` }));
  const { rows } = await db.query<{ order_id: string; buyer_email: string; seller_email: string | null }>(
    `select o.id as order_id, o.buyer_email, u.email as seller_email
       from orders o join transactions t on t.order_id = o.id left join users u on u.id = t.seller_id
      where o.paid_at is not null and o.buyer_email like $1`,
    [`%@${SOAK_MAIL_DOMAIN}`],
  );
  const confirmed = new Set<string>();
  for (const r of rows) {
    if (!confirmed.has(r.order_id)) {
      confirmed.add(r.order_id);
      expected.push({ key: mailKey(r.buyer_email, `Your order ${shortId(r.order_id)} is confirmed`), what: `confirmation of order ${r.order_id}` });
    }
    if (r.seller_email) {
      expected.push({ key: mailKey(r.seller_email, `New sale: order ${shortId(r.order_id)}`), what: `new sale of order ${r.order_id}` });
    }
  }
  return expected;
}

/** How many distinct messages (Message-IDs) arrived per recipient + subject (activations under one key). */
export function deliveredCounts(mail: MailLog): Map<string, number> {
  const ids = new Map<string, Set<string>>();
  for (const m of mail.all()) {
    const key = m.subject.startsWith('Activate your') ? `${m.to} | activation` : mailKey(m.to, m.subject);
    let seen = ids.get(key);
    if (!seen) ids.set(key, (seen = new Set()));
    // A message without a Message-ID is one of its own.
    seen.add(m.messageId || `${seen.size}:none`);
  }
  return new Map([...ids].map(([key, seen]) => [key, seen.size]));
}

/** Waits (up to `timeoutMs`) until every expected mail has arrived; true when they all did. */
export async function settleMail(db: pg.Client, ledger: Ledger, mail: MailLog, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const expected = await expectedMail(db, ledger);
    const counts = deliveredCounts(mail);
    const missing = expected.filter((e) => !counts.has(e.key)).length;
    if (missing === 0) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

export interface MailFindings {
  expected: number;
  once: number;
  lost: ExpectedMail[];
  duplicated: { key: string; times: number }[];
  /** Messages that arrived again with a Message-ID already received (a resend; kept once). */
  sameMessageIdTwice: number;
  /** Jobs that have not finished, by name and state (what the missing mail waits on). */
  pendingJobs: string[];
  /** Mail jobs done (each sends one message) beside the messages the sink received. */
  mailJobsDone: number;
  received: number;
}

export async function checkMail(db: pg.Client, ledger: Ledger, mail: MailLog): Promise<MailFindings> {
  const expected = await expectedMail(db, ledger);
  const counts = deliveredCounts(mail);
  const ids = new Map<string, number>();
  for (const m of mail.all()) if (m.messageId) ids.set(m.messageId, (ids.get(m.messageId) ?? 0) + 1);
  const { rows } = await db.query<{ name: string; status: string; n: string; attempts: number; lease_left_s: number | null; next_run_s: number | null; last_error: string | null }>(
    `select name, status, count(*) as n, max(attempts) as attempts,
            round(extract(epoch from max(locked_until) - now())) as lease_left_s,
            round(extract(epoch from min(run_at) - now())) as next_run_s, max(last_error) as last_error
       from jobs where status <> 'done' and name not like 'notifications.%' and run_at <= now() + interval '2 minutes'
      group by name, status order by name, status`,
  );
  const done = await db.query<{ n: string }>(
    `select count(*) as n from jobs where status = 'done' and name like '%mail%' and name not like 'notifications.%'`,
  );
  return {
    mailJobsDone: Number(done.rows[0]!.n),
    received: mail.all().length,
    expected: expected.length,
    once: expected.filter((e) => counts.get(e.key) === 1).length,
    lost: expected.filter((e) => !counts.has(e.key)),
    duplicated: [...counts].filter(([, n]) => n > 1).map(([key, times]) => ({ key, times })),
    sameMessageIdTwice: [...ids.values()].filter((n) => n > 1).length,
    pendingJobs: rows.map(
      (r) =>
        `${r.name} ${r.status} ×${r.n} (attempts ≤ ${r.attempts}${r.lease_left_s !== null ? `, lease ends in ${r.lease_left_s} s` : ''}${r.status === 'queued' && r.next_run_s !== null ? `, next try in ${r.next_run_s} s` : ''}${r.last_error ? `; last error: ${r.last_error.split('\n')[0]!.slice(0, 120)}` : ''})`,
    ),
  };
}
