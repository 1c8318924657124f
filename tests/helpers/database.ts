import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  PGLITE_EXTENSIONS,
  migratePgliteDb,
  openPglite,
  wrapPglite,
  type Database,
  type QueryObserver,
} from '../../src/server/db/client';
import { openPostgres } from '../../src/server/db/postgres';

/**
 * Test databases. Default: PGlite — the migrated schema is built once per worker (test files share
 * a worker's modules: vitest `isolate: false`) and kept as a data-directory tarball; each test app
 * starts a fresh instance from it (~0.3 s, against seconds to create and migrate one). With
 * TEST_DB=postgres and TEST_DATABASE_URL, each test app gets its own throwaway database on the
 * real server instead.
 */
let migratedTarball: Promise<Blob> | undefined;

export const usingPostgres = process.env.TEST_DB === 'postgres';

/** A test database holds a few rows: a small buffer cache starts faster than the default 128 MB. */
const testPgliteOptions = { extensions: PGLITE_EXTENSIONS, postgresqlconf: ['shared_buffers=16MB'] };

async function pgliteDatabase(onQuery?: QueryObserver): Promise<Database> {
  migratedTarball ??= (async () => {
    const client = await PGlite.create(testPgliteOptions);
    await migratePgliteDb(client);
    // No test creates a database, so the snapshot leaves out the two templates: 15 of its 40 MB,
    // which every test file's instance would otherwise unpack (~430 → ~290 ms a file).
    // (One statement per call: DROP DATABASE cannot run in a multi-statement string.)
    for (const statement of [
      `update pg_database set datistemplate = false where datname in ('template0', 'template1')`,
      'drop database template0',
      'drop database template1',
      'checkpoint',
    ])
      await client.exec(statement);
    const tarball = await client.dumpDataDir('none');
    await client.close();
    return tarball;
  })();
  const client = await PGlite.create({ ...testPgliteOptions, loadDataDir: await migratedTarball });
  return wrapPglite(client, undefined, onQuery);
}

/** Runs one statement on the server's maintenance connection (create/drop a database). */
async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new empty database on the test server: its URL and how to drop it. */
export async function throwawayPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `t_${randomBytes(6).toString('hex')}`;
  await onServer(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}

async function postgresDatabase(onQuery?: QueryObserver): Promise<Database> {
  const throwaway = await throwawayPostgres();
  // The clean-up below force-drops the database, which kills connections still closing: expected.
  const database = await openPostgres(throwaway.url, { onConnectionError: () => {}, onQuery });
  return {
    ...database,
    async close() {
      await database.close();
      await throwaway.drop();
    },
  };
}

/**
 * A database that can be closed and opened again, as a process restart would: a PGlite data
 * directory, or a throwaway PostgreSQL database in the PostgreSQL pass.
 */
export async function createReopenableDatabase(): Promise<{
  open(): Promise<Database>;
  dispose(): Promise<void>;
}> {
  if (usingPostgres) {
    const throwaway = await throwawayPostgres();
    return {
      open: () => openPostgres(throwaway.url, { onConnectionError: () => {} }),
      dispose: throwaway.drop,
    };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sf-reopen-'));
  return {
    open: () => openPglite(dir),
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

/** A fresh migrated database; `onQuery` sees every statement the app runs on it. */
export function createTestDatabase(opts: { onQuery?: QueryObserver } = {}): Promise<Database> {
  return usingPostgres ? postgresDatabase(opts.onQuery) : pgliteDatabase(opts.onQuery);
}
