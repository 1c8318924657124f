import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadEnv } from '../../src/server/config/env';
import { buildApp } from '../../src/server/http/app';
import type { AppDeps } from '../../src/server/http/deps';
import { createOutboxDriver, readOutbox } from '../../src/server/adapters/mail/outbox';
import { createLocalStorage } from '../../src/server/adapters/storage/local';
import { settleBackgroundMail } from '../../src/server/modules/accounts';
import { createTestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  dataDir: string;
  /** Mail the app has "sent" (embedded outbox driver), oldest first. */
  outbox(): ReturnType<typeof readOutbox>;
  /** Moves the app's clock forward (token expiry tests without sleeping). */
  advanceTime(ms: number): void;
  close(): Promise<void>;
}

const silentLogger = { info() {}, warn() {}, error() {} };

/** A complete app (real database, outbox mail, local storage) for API tests through app.inject. */
export async function createTestApp(overrides: Partial<AppDeps> = {}, env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sf-test-'));
  let offset = 0;
  const now = () => Date.now() + offset;
  const parsedEnv = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, APP_URL: 'http://localhost:3000', SEED_DEMO: 'false', ...env });
  const secret = 'test-secret-test-secret-test-secret-0123456789';
  const database = await createTestDatabase();
  const outboxDir = path.join(dataDir, 'outbox');
  const deps: AppDeps = {
    env: parsedEnv,
    database,
    mail: createOutboxDriver({ dir: outboxDir, from: parsedEnv.MAIL_FROM, logger: silentLogger }),
    storage: createLocalStorage({ dir: path.join(dataDir, 'media'), baseUrl: parsedEnv.APP_URL, secret, now }),
    secret,
    now,
    ...overrides,
  };
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    deps,
    dataDir,
    // Some mail is sent after the response (no account enumeration by timing): wait for it.
    outbox: async () => {
      await settleBackgroundMail(deps.mail);
      return readOutbox(outboxDir);
    },
    advanceTime(ms) {
      offset += ms;
    },
    async close() {
      await settleBackgroundMail(deps.mail);
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
