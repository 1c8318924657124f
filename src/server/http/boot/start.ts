import { register } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';

// The production server, compiled ahead of time to build/app/start.js and started by production.js
// (`npm start`), which builds what is stale. React picks its development or production build from
// NODE_ENV when first imported, so this must be settled before anything imports React (hence the
// dynamic imports below).
process.env.NODE_ENV ??= 'production';
const root = process.cwd();

const { startServer } = await import('./server');
const { registerWeb } = await import('../pages/ssr');
const { resolvePageSession } = await import('../api/session');

/**
 * The pages' code: the server build (every route, React DOM's renderer) and React Router. Loaded
 * once the server listens (registerWeb calls this then), not before its first answer: health and
 * the API answer meanwhile, a page waits for it, readiness fails until it is done
 * (docs/decisions/055). The resolve hook first: from here on every `react-router` import resolves
 * to its production build (production-resolve.js, beside this file in src/ and in build/app;
 * docs/decisions/043) — nothing loaded before imports React Router at run time
 * (tests/unit/production-runtime.test.ts checks).
 */
async function loadServerBuild(): Promise<ServerBuild> {
  register(new URL('./production-resolve.js', import.meta.url));
  try {
    return (await import(pathToFileURL(path.join(root, 'build/server/index.js')).href)) as ServerBuild;
  } catch (err) {
    // As when it was loaded before the server listened: a server without its pages does not run.
    console.error('The web build could not be loaded:', err);
    process.exit(1);
  }
}

await startServer({
  async web(app) {
    await registerWeb(app, {
      build: loadServerBuild,
      mode: 'production',
      clientDir: path.join(root, 'build/client'),
      resolveSession: resolvePageSession(app),
    });
  },
});
