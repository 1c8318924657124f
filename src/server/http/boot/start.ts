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
// From here on every `react-router` import resolves to its production build (production-resolve.js,
// beside this file in src/ and in build/app; docs/decisions/043). Registered only now: the hook
// costs a thread hop per module resolution, and nothing loaded above imports React Router — the
// page renderer and the server build below do (tests/unit/production-runtime.test.ts checks).
register(new URL('./production-resolve.js', import.meta.url));
const { registerWeb } = await import('../pages/ssr');
const { resolvePageSession } = await import('../api/session');
await startServer({
  async web(app) {
    const serverEntry = pathToFileURL(path.join(root, 'build/server/index.js')).href;
    const build = (await import(serverEntry)) as ServerBuild;
    await registerWeb(app, {
      build,
      mode: 'production',
      clientDir: path.join(root, 'build/client'),
      resolveSession: resolvePageSession(app),
    });
  },
});
