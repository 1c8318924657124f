import { PGlite, messages, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { drizzleView, withoutRedundantParsers } from './pglite-statements';

/**
 * Drizzle on the view of a PGlite client reads and writes exactly as drizzle on the client itself
 * does, while a statement seen before is one trip into the database with no parsers for PGlite to
 * merge (docs/decisions/080).
 */
let client: PGlite;
let plain: ReturnType<typeof drizzle>;
let viewed: ReturnType<typeof drizzle>;

beforeAll(async () => {
  client = await PGlite.create();
  plain = drizzle({ client });
  viewed = drizzle({ client: drizzleView(client) });
  await client.exec(`create table items (id int primary key, name text not null, tags jsonb,
    seen timestamptz, ok boolean, nums int[])`);
}, 60_000);
afterAll(() => client.close());
afterEach(() => {
  vi.restoreAllMocks();
});

/** One value of every type drizzle keeps as text, a few it does not, and typed parameters. */
const everyKind = () => sql`select
  timestamp '2026-01-02 03:04:05' as ts, timestamptz '2026-01-02 03:04:05+02' as tstz,
  interval '1 day 02:00:00' as iv, date '2026-03-04' as d,
  array[1.5, 2]::numeric[] as nums, array[timestamp '2026-01-02 03:04:05'] as tss,
  array[timestamptz '2026-01-02 03:04:05+00'] as tstzs, array[interval '1 hour'] as ivs,
  array[date '2026-03-04'] as ds, '{"x": [1, 2]}'::jsonb as j, 7::int as i, 12.5::numeric as n,
  true as b, array[1, 2]::int[] as ints,
  ${{ a: [1, 'two'] }}::jsonb as pj, ${'{3,4}'}::int[] as pa, ${true}::boolean as pb,
  ${new Date('2026-05-06T07:08:09Z')}::timestamptz as pd, ${null}::text as pn, ${'x'} as pt,
  ${42}::int as pi`;

describe('drizzle on the statements view of a PGlite client', () => {
  it('reads and serialises every type as drizzle on the client itself, in and out of a transaction', async () => {
    const expected = (await plain.execute(everyKind())).rows;
    expect(expected[0]).toMatchObject({ ts: '2026-01-02 03:04:05', d: '2026-03-04', i: 7 });
    expect(expected[0]).toMatchObject({ pj: { a: [1, 'two'] }, pa: [3, 4], pb: true, pi: 42 });

    // Twice: the first time the statement's parameter types are asked for, then they are known.
    expect((await viewed.execute(everyKind())).rows).toEqual(expected);
    expect((await viewed.execute(everyKind())).rows).toEqual(expected);
    const inTransaction = await viewed.transaction(
      async (tx) => (await tx.execute(everyKind())).rows,
    );
    expect(inTransaction).toEqual(expected);
    // And drizzle on the client itself still reads the same after the client took the parsers.
    expect((await plain.execute(everyKind())).rows).toEqual(expected);
  });

  it('writes and reads rows as the client itself does, with the counts drizzle reports', async () => {
    const inserted = await viewed.execute(
      sql`insert into items values (${1}, ${'lamp'}, ${JSON.stringify(['a'])}, ${'2026-01-01T00:00:00Z'}, ${false}, ${'{1,2}'})`,
    );
    expect(inserted.affectedRows).toBe(1);
    const updated = await viewed.execute(sql`update items set ok = ${true} where id = ${1}`);
    expect(updated.affectedRows).toBe(1);
    const read = sql`select * from items where id = ${1}`;
    expect((await viewed.execute(read)).rows).toEqual((await plain.execute(read)).rows);
    expect((await viewed.execute(read)).rows[0]).toMatchObject({
      tags: ['a'],
      ok: true,
      nums: [1, 2],
    });
  });

  it('sends a statement seen before as one trip into the database, with no parsers', async () => {
    const protocol = vi.spyOn(client, 'execProtocolStream');
    const query = vi.spyOn(client, 'query');
    const statement = () => sql`select name from items where id = ${1} and ${'once'} = 'once'`;
    await viewed.execute(statement());
    expect(protocol).toHaveBeenCalledTimes(2); // the parameters' types, then the statement
    protocol.mockClear();
    expect((await viewed.execute(statement())).rows).toEqual([{ name: 'lamp' }]);
    expect(protocol).toHaveBeenCalledTimes(1);
    expect(query).not.toHaveBeenCalled();
    // Drizzle's parsers are left out: the client parses those types the same way.
    expect(
      withoutRedundantParsers(client, { rowMode: 'object', parsers: { [types.DATE]: (v) => v } }),
    ).toEqual({
      rowMode: 'object',
    });
  });

  it('keeps a statement’s parsers when the client would parse differently', async () => {
    const other = { [types.INT4]: (value: string) => Number(value) * 10 };
    expect(withoutRedundantParsers(client, { parsers: other })).toEqual({ parsers: other });
    // Something reset the client's parser of one type (as PGlite's refreshArrayTypes would).
    const own = client.parsers[types.TIMESTAMPTZ];
    client.parsers[types.TIMESTAMPTZ] = (value: string) => new Date(value);
    try {
      const [row] = (await viewed.execute(sql`select timestamptz '2026-01-02 03:04:05+00' as at`))
        .rows;
      expect(row).toEqual({ at: '2026-01-02 03:04:05+00' });
    } finally {
      client.parsers[types.TIMESTAMPTZ] = own!;
    }
  });

  it('fails as PGlite fails — the database’s error with the statement on it — and goes on', async () => {
    const duplicate = sql`insert into items (id, name) values (${1}, ${'again'})`;
    const failure = await viewed.execute(duplicate).catch((err: unknown) => err);
    const cause = (failure as { cause?: unknown }).cause;
    expect(cause).toBeInstanceOf(messages.DatabaseError);
    expect(cause).toMatchObject({
      code: '23505',
      query: 'insert into items (id, name) values ($1, $2)',
    });
    const syntax = await viewed.execute(sql`selec 1`).catch((err: unknown) => err);
    expect((syntax as { cause?: unknown }).cause).toMatchObject({ code: '42601' });

    // In a transaction: the failure rolls back what the transaction wrote, nothing else.
    await expect(
      viewed.transaction(async (tx) => {
        await tx.execute(sql`insert into items (id, name) values (${2}, ${'mug'})`);
        await tx.execute(duplicate);
      }),
    ).rejects.toThrow();
    expect((await viewed.execute(sql`select id from items order by id`)).rows).toEqual([{ id: 1 }]);
  });

  it('holds a statement outside a transaction until the open transaction ends, as PGlite does', async () => {
    let begun!: () => void;
    let release!: () => void;
    const inside = new Promise<void>((resolve) => (begun = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const transaction = viewed.transaction(async (tx) => {
      await tx.execute(sql`insert into items (id, name) values (${3}, ${'chair'})`);
      begun();
      await held;
      order.push('commit');
    });
    await inside;
    const outside = viewed.execute(sql`select count(*)::int as n from items`).then((r) => {
      order.push('read');
      return r.rows[0];
    });
    // Turns of the event loop in which a statement not held back would have run and answered.
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([]);
    release();
    await transaction;
    expect(await outside).toEqual({ n: 2 });
    expect(order).toEqual(['commit', 'read']);
  });
});
