import { createHash } from 'node:crypto';
import { mkdirSync, rmdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import { ensureBuild, ensureWebBuild } from '../../src/server/http/boot/build';
import { resolvePageSession } from '../../src/server/http/api/session';
import { registerWeb, type WebOptions } from '../../src/server/http/pages/ssr';

const root = path.resolve(import.meta.dirname, '../..');
// One lock per checkout, outside it (nothing to clean up in the work tree).
const lock = path.join(
  os.tmpdir(),
  `storefront-build-${createHash('sha256').update(root).digest('hex').slice(0, 12)}.lock`,
);
/** A lock older than this was left by a killed run. */
const STALE_LOCK_MS = 5 * 60_000;

/** Runs `build` under a lock directory, so two test workers never build into one directory at once. */
async function underBuildLock(build: () => void) {
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      try {
        if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) rmdirSync(lock);
      } catch {
        // released meanwhile
      }
      // The other worker is building: wait for it to let go of the lock.
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    build();
  } finally {
    rmdirSync(lock);
  }
}

/** Both production builds (the web bundle and the compiled server), made now if missing or stale. */
export const ensureProductionBuilds = () => underBuildLock(() => ensureBuild(root, () => {}));

/**
 * The production web build for API tests that render pages: built now if it is missing or older
 * than its sources (`npm test` builds it before the tests; a lone `vitest run` may find none).
 */
export async function productionBuild(): Promise<ServerBuild> {
  await underBuildLock(() => ensureWebBuild(root, () => {}));
  return (await import(
    pathToFileURL(path.join(root, 'build/server/index.js')).href
  )) as ServerBuild;
}

/**
 * `createTestApp(…, { web })` with the production build served as `npm start` serves it (static
 * files, the session check, the render cache), `options` overriding.
 */
export function productionWeb(options: Partial<WebOptions> = {}) {
  return async (app: FastifyInstance) => {
    await registerWeb(app, {
      build: await productionBuild(),
      mode: 'production',
      clientDir: path.join(root, 'build/client'),
      resolveSession: resolvePageSession(app),
      ...options,
    });
  };
}
