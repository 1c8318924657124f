import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * React Router's production build for the browser bundle (docs/decisions/043, issue 22).
 *
 * The package's exports map has no `production` condition: every importer gets
 * `dist/development/*`, whose development warnings survive minification. The same files without
 * them sit in `dist/production/`: the client build takes those (about 0.6 KB less on every page).
 * The server build is left alone: Node resolves React Router at run time, and the production
 * start maps it to the same production files (src/server/http/boot/production-resolve.js).
 */
export function clientProductionRouter(): Plugin {
  const require = createRequire(import.meta.url);
  const production = path.join(
    path.dirname(require.resolve('react-router/package.json')),
    'dist/production',
  );
  const entries: Record<string, string> = {
    'react-router': path.join(production, 'index.mjs'),
    'react-router/dom': path.join(production, 'dom-export.mjs'),
  };
  return {
    name: 'storefront:client-production-router',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      const consumer = (this as { environment?: { config?: { consumer?: string } } }).environment
        ?.config?.consumer;
      return consumer === 'client' ? (entries[source] ?? null) : null;
    },
  };
}
