import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';

// React picks its development or production build from NODE_ENV when first imported, so this must
// be settled before anything imports React (hence the dynamic imports below).
process.env.NODE_ENV ??= 'production';
const root = process.cwd();

const { ensureWebBuild } = await import('./build-web');
ensureWebBuild(root, (msg) => console.log(msg));

const { startServer } = await import('./server');
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
