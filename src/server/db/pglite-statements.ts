import {
  messages,
  parse,
  protocol,
  types,
  type PGlite,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

/**
 * How drizzle's statements reach the embedded database (docs/decisions/080). PGlite's own
 * `query` costs, per statement, two things a checkout pays ~36 times:
 *
 * - **A copy of ~320 parsers.** Drizzle's PGlite driver sends the same result parsers with every
 *   statement (dates, times, intervals and their arrays kept as the database's text), and PGlite
 *   merges them into a copy of its own (one per type and array type) each time: ~0.1 ms of CPU.
 *   The client takes those parsers as its own once; a statement's copy is left out whenever the
 *   client would parse exactly the same way.
 * - **Six trips into the database** (parse, describe, bind, describe, execute, sync), each a
 *   serialised message, a call into WebAssembly and a parse of the replies. The parameters' types
 *   that PostgreSQL inferred for a statement's text are kept, so a statement seen before is sent as
 *   one message (parse with those types, bind, describe, execute, sync): the same values
 *   serialised by the same serializers, the same replies parsed the same way.
 */
const keepText = (value: string) => value;

/** The types drizzle-orm/pglite keeps as text (its PglitePreparedQuery's `parsers`). */
const DRIZZLE_TEXT_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
const textTypes = new Set(DRIZZLE_TEXT_TYPES.map(String));

type QueryOptions = Parameters<PGlite['query']>[2];
type Query = (text: string, params?: unknown[], options?: QueryOptions) => Promise<Results>;

/**
 * A statement's options without its parsers when they only keep text the client already keeps;
 * any other parser (or a client whose parsers were reset, e.g. by `refreshArrayTypes`) stays.
 */
export function withoutRedundantParsers(client: PGlite, options: QueryOptions): QueryOptions {
  if (!options?.parsers) return options;
  for (const key of Object.keys(options.parsers)) {
    if (!textTypes.has(key) || client.parsers[key] !== keepText) return options;
  }
  const { parsers: _redundant, ...rest } = options;
  return rest;
}

/** Statement texts whose parameter types are kept, per client (the app's are a few hundred). */
const MAX_KNOWN_STATEMENTS = 2_000;
const knownParamTypes = new WeakMap<PGlite, Map<string, number[]>>();

const { serialize } = protocol;

/** Protocol messages sent together: one call into the database, its replies parsed once. */
function oneTrip(client: PGlite, parts: Uint8Array[], options: QueryOptions) {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return client.execProtocolStream(message, { syncToFs: false, onNotice: options?.onNotice });
}

/** The statement's parameter types as PostgreSQL infers them: asked once per text, then kept. */
async function paramTypes(client: PGlite, text: string, options: QueryOptions): Promise<number[]> {
  let known = knownParamTypes.get(client);
  if (!known) knownParamTypes.set(client, (known = new Map()));
  const kept = known.get(text);
  if (kept) return kept;
  const replies = await oneTrip(
    client,
    [
      serialize.parse({ text, types: options?.paramTypes }),
      serialize.describe({ type: 'S' }),
      serialize.sync(),
    ],
    options,
  );
  const found = parse.parseDescribeStatementResults(replies);
  if (known.size >= MAX_KNOWN_STATEMENTS) known.clear();
  known.set(text, found);
  return found;
}

/**
 * One statement in one trip, as PGlite's `query` runs it (under its query lock; written to the
 * file system after a statement outside a transaction), and failing as it fails: the database's
 * error, with the statement's text, parameters and options on it.
 */
function runStatement(client: PGlite, inTransaction: boolean): Query {
  return (text, params = [], options) =>
    client._runExclusiveQuery(async () => {
      try {
        const types = await paramTypes(client, text, options);
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = options?.serializers?.[types[i]!] ?? client.serializers[types[i]!];
          return serializer ? serializer(value) : String(value);
        });
        const replies = await oneTrip(
          client,
          [
            serialize.parse({ text, types }),
            serialize.bind({ values }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
          ],
          options,
        );
        if (!inTransaction) await client.syncToFs();
        return parse.parseResults(replies, client.parsers, options)[0]!;
      } catch (err) {
        if (err instanceof messages.DatabaseError) {
          Object.assign(err, { query: text, params, queryOptions: options });
        }
        throw err;
      }
    });
}

/** The query of the client or of one of its transactions, for drizzle. */
function drizzleQuery(client: PGlite, own: Query, statement: Query): Query {
  return (text, params, options) => {
    const trimmed = withoutRedundantParsers(client, options);
    // A blob (COPY … TO/FROM a file) needs PGlite's own handling; drizzle never sends one.
    return trimmed?.blob ? own(text, params, trimmed) : statement(text, params, trimmed);
  };
}

function transactionView(client: PGlite, tx: Transaction): Transaction {
  const inTransaction = runStatement(client, true);
  const statement: Query = (text, params, options) => {
    if (tx.closed) throw new Error('Transaction is closed');
    return inTransaction(text, params, options);
  };
  const query = drizzleQuery(client, tx.query.bind(tx) as Query, statement);
  return new Proxy(tx, {
    get: (object, property) => (property === 'query' ? query : Reflect.get(object, property)),
  });
}

/**
 * What drizzle is given for an open PGlite: the same client, with drizzle's text-kept types made
 * its own parsers (after PGlite's start, which sets every array type's parser) and its statements
 * run in one trip each.
 */
export function drizzleView(client: PGlite): PGlite {
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = keepText;
  const outside = runStatement(client, false);
  const topLevel: Query = async (text, params, options) => {
    await client._checkReady();
    return client._runExclusiveTransaction(() => outside(text, params, options));
  };
  const query = drizzleQuery(client, client.query.bind(client) as Query, topLevel);
  const transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    client.transaction((tx) => callback(transactionView(client, tx)));
  return new Proxy(client, {
    get(object, property) {
      if (property === 'query') return query;
      if (property === 'transaction') return transaction;
      // PGlite's methods use private fields: they must run on the client itself, not the view.
      const value: unknown = Reflect.get(object, property, object);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
}
