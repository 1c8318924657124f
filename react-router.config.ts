import path from 'node:path';
import type { Config } from '@react-router/dev/config';
import { precompressDirectory } from './vite/precompress';

export default {
  appDirectory: 'src/web',
  buildDirectory: 'build',
  ssr: true,
  // Lazy route discovery (docs/decisions/054): a page carries only its own routes' manifest,
  // inline; the routes its links lead to are fetched from `/__manifest` once the links render.
  // The full manifest was 3 KB of JavaScript on every page. The idle prefetch waits for a page's
  // route to be known (shell/AppBehaviours.tsx) rather than prefetch the `:username` catch-all.
  routeDiscovery: { mode: 'lazy' },
  // The React Router v8 behaviours, adopted now (docs/decisions/011): loaders get a
  // RouterContextProvider (load-context.ts), the raw request (normalised URL in `url`), route
  // modules split when they can be, Vite's environment API, trailing-slash-aware `.data` URLs.
  future: {
    v8_middleware: true,
    v8_passThroughRequests: true,
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_viteEnvironmentApi: true,
  },
  // Every text file of the client build gets a .br and a .gz beside it (docs/decisions/011).
  async buildEnd({ reactRouterConfig }) {
    const clientDir = path.join(reactRouterConfig.buildDirectory, 'client');
    const { files, bytes, brBytes } = await precompressDirectory(clientDir);
    console.log(
      `Precompressed ${files} files in ${path.relative(process.cwd(), clientDir)}: ${(bytes / 1024).toFixed(0)} KB → ${(brBytes / 1024).toFixed(0)} KB brotli`,
    );
  },
} satisfies Config;
