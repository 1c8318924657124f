/**
 * The baseline the app is measured against, in its own process like the app: a bare Fastify with
 * an embedded PGlite opened the same way (same extensions, same buffer size) and no application
 * code. GET /json answers static JSON; GET /ping runs `select 1`. Prints "ready <port>".
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import { PGLITE_EXTENSIONS } from '../src/server/db/client';

const dir = await mkdtemp(path.join(os.tmpdir(), 'storefront-bench-baseline-'));
const db = await PGlite.create({ dataDir: dir, extensions: PGLITE_EXTENSIONS, postgresqlconf: ['shared_buffers=32MB'] });
const app = Fastify();
app.get('/json', async () => ({ status: 'ok' }));
app.get('/ping', async () => {
  await db.query('select 1');
  return { status: 'ok' };
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`ready ${new URL(address).port}`);
process.on('SIGTERM', async () => {
  await app.close();
  await db.close();
  process.exit(0);
});
