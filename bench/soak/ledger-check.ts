// The end of the drill, read from the database: money moved once per paid order, and every write
// the workload saw acknowledged is there exactly once (refused ones left nothing behind).
import type pg from 'pg';
import { FRONT } from './client';
import type { Ledger, Outcome, WriteKind } from './ledger-book';
import { SOAK_MAIL_DOMAIN } from './users';

export interface MoneyFindings {
  paidOrders: number;
  charges: number;
  doubleCharged: number;
  intentsSucceededTwice: number;
  wrongAmount: number;
  paidWithoutCharge: number;
  chargeWithoutPaid: number;
}

export async function checkMoney(db: pg.Client): Promise<MoneyFindings> {
  const soak = `o.buyer_email like '%@${SOAK_MAIL_DOMAIN}'`;
  const one = async (sql: string) => Number((await db.query<{ n: string }>(sql)).rows[0]!.n);
  return {
    paidOrders: await one(`select count(*) as n from orders o where ${soak} and o.paid_at is not null`),
    charges: await one(`select count(*) as n from ledger_entries l join orders o on o.id = l.order_id where ${soak} and l.kind = 'charge'`),
    doubleCharged: await one(
      `select count(*) as n from (select l.order_id from ledger_entries l join orders o on o.id = l.order_id
        where ${soak} and l.kind = 'charge' group by l.order_id having count(*) > 1) d`,
    ),
    intentsSucceededTwice: await one(
      `select count(*) as n from (select pi.metadata->>'orderId' from payment_intents pi
        join orders o on o.id::text = pi.metadata->>'orderId'
        where ${soak} and pi.status = 'succeeded' group by 1 having count(*) > 1) d`,
    ),
    wrongAmount: await one(
      `select count(*) as n from ledger_entries l join orders o on o.id = l.order_id
        where ${soak} and l.kind = 'charge' and l.amount_minor <> o.grand_total_minor`,
    ),
    paidWithoutCharge: await one(
      `select count(*) as n from orders o where ${soak} and o.paid_at is not null
        and not exists (select 1 from ledger_entries l where l.kind = 'charge' and l.order_id = o.id)`,
    ),
    chargeWithoutPaid: await one(
      `select count(*) as n from ledger_entries l join orders o on o.id = l.order_id where ${soak} and l.kind = 'charge' and o.paid_at is null`,
    ),
  };
}

/** For each key: how many rows it has (0 = absent). */
type Counter = (keys: string[]) => Promise<Map<string, number>>;

const pairs = (keys: string[]) => [keys.map((k) => k.split(':')[0]!), keys.map((k) => k.split(':')[1]!)];

function counters(db: pg.Client): Record<WriteKind, Counter> {
  const count = async (sql: string, params: unknown[]) => {
    const { rows } = await db.query<{ key: string; n: string }>(sql, params);
    return new Map(rows.map((r) => [r.key, Number(r.n)]));
  };
  const pairCount = (table: string, a: string, b: string) => (keys: string[]) =>
    count(
      `select w.a || ':' || w.b as key, count(t.*) as n from unnest($1::uuid[], $2::uuid[]) as w(a, b)
         left join ${table} t on t.${a} = w.a and t.${b} = w.b group by w.a, w.b`,
      pairs(keys),
    );
  return {
    register: (keys) => count(`select lower(username) as key, count(*) as n from users where lower(username) = any($1) group by 1`, [keys]),
    like: pairCount('product_likes', 'user_id', 'product_id'),
    follow: pairCount('follows', 'follower_id', 'followee_id'),
    comment: (keys) => count(`select text as key, count(*) as n from comments where text = any($1) group by 1`, [keys]),
    post: (keys) => count(`select title as key, count(*) as n from products where title = any($1) group by 1`, [keys]),
    media: (keys) =>
      count(
        `select w.p || ':' || w.m as key, count(p.id) as n from unnest($1::text[], $2::text[]) as w(p, m)
           left join products p on p.id::text = w.p and p.medias @> jsonb_build_array(jsonb_build_object('id', w.m))
          group by w.p, w.m`,
        pairs(keys),
      ),
    order: (keys) => count(`select id::text as key, count(*) as n from orders where id::text = any($1) group by 1`, [keys]),
    payment: (keys) =>
      count(`select id::text as key, count(*) as n from orders where id::text = any($1) and paid_at is not null group by 1`, [keys]),
  };
}

export interface WriteFindings {
  kind: WriteKind;
  acknowledged: number;
  missing: string[];
  duplicated: string[];
  /** 4xx answers whose write is there anyway (only kinds whose key is unique text). */
  refusedPresent: string[];
  unknown: number;
  unknownPresent: number;
}

/** Kinds the same key can only be written once by the workload (text made unique per attempt). */
const UNIQUE_TEXT: WriteKind[] = ['comment', 'post'];

export async function checkWrites(db: pg.Client, ledger: Ledger): Promise<WriteFindings[]> {
  const byKind = counters(db);
  const findings: WriteFindings[] = [];
  const kinds = [...new Set(ledger.records.map((r) => r.kind))];
  for (const kind of kinds) {
    const keys = (o: Outcome) => ledger.of(kind, o).filter((k) => !k.endsWith(':?'));
    const [acked, refused, unknown] = [keys('acknowledged'), keys('refused'), keys('unknown')];
    const counts = await byKind[kind]([...acked, ...refused, ...unknown]);
    const n = (k: string) => counts.get(k) ?? 0;
    findings.push({
      kind,
      acknowledged: acked.length,
      missing: acked.filter((k) => n(k) === 0),
      duplicated: [...acked, ...unknown].filter((k) => n(k) > 1),
      refusedPresent: UNIQUE_TEXT.includes(kind) ? refused.filter((k) => n(k) > 0) : [],
      unknown: ledger.of(kind, 'unknown').length,
      unknownPresent: unknown.filter((k) => n(k) > 0).length,
    });
  }
  return findings;
}

/** Posts whose like counter disagrees with their like rows (counts move in the writer's transaction). */
export async function likeCounterDrift(db: pg.Client): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `select count(*) as n from products p where p.likes_count <> (select count(*) from product_likes l where l.product_id = p.id)`,
  );
  return Number(rows[0]!.n);
}

/** The acknowledged photos' files answer at their public URL (through HAProxy, from storage). */
export async function missingMediaFiles(db: pg.Client, ledger: Ledger): Promise<string[]> {
  const acked = ledger.of('media', 'acknowledged').filter((k) => !k.endsWith(':?'));
  const [productIds, mediaIds] = pairs(acked);
  const { rows } = await db.query<{ url: string }>(
    `select m->'fullsizes'->0->>'url' as url from products p, jsonb_array_elements(p.medias) m
      where p.id::text = any($1) and m->>'id' = any($2)`,
    [productIds, mediaIds],
  );
  const missing: string[] = [];
  for (const { url } of rows) {
    const res = await fetch(new URL(url, FRONT), { method: 'HEAD' }).catch(() => null);
    if (res?.status !== 200) missing.push(`${url} (${res?.status ?? 'no answer'})`);
  }
  return missing;
}
