import type { ServerBuild } from 'react-router';
import { createServer } from 'vite';
import { startServer } from './server';
import { resolvePageSession } from '../api/session';
import { registerWeb } from '../pages/ssr';

// Development: Vite in middleware mode gives hot module reload; the server build is reloaded per request.
const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });

await startServer({
  async web(app) {
    await registerWeb(app, {
      mode: 'development',
      build: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
      viteMiddleware: vite.middlewares as never,
      resolveSession: resolvePageSession(app),
    });
  },
  onClose: () => vite.close(),
});
