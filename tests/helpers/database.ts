import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  PGLITE_EXTENSIONS,
  migratePgliteDb,
  openPostgres,
  wrapPglite,
  type Database,
} from '../../src/server/db/client';

/**
 * Test databases. Default: PGlite — one migrated template per worker, cloned per test app (a fresh
 * instance costs seconds; a clone costs ~0.5 s). With TEST_DB=postgres and TEST_DATABASE_URL, each
 * test app gets its own throwaway database on the real server instead.
 */
let template: Promise<PGlite> | undefined;

export const usingPostgres = process.env.TEST_DB === 'postgres';

async function pgliteDatabase(): Promise<Database> {
  template ??= (async () => {
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    await migratePgliteDb(client);
    return client;
  })();
  const clone = (await (await template).clone()) as PGlite;
  return wrapPglite(clone);
}

async function postgresDatabase(): Promise<Database> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  // The clean-up below force-drops the database, which kills connections still closing: expected.
  const database = await openPostgres(url.toString(), { onConnectionError: () => {} });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export function createTestDatabase(): Promise<Database> {
  return usingPostgres ? postgresDatabase() : pgliteDatabase();
}
