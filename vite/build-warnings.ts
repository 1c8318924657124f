import type { Plugin, Rollup } from 'vite';

/**
 * Which of the bundler's warnings a build shows (docs/decisions/060). Three kinds say nothing a
 * person could act on, so they are left out unless `DEBUG` is set:
 * - a third-party package's `@__PURE__` comment Rollup cannot place (zod's regexes and util): the
 *   comment is dropped and the code is unchanged;
 * - the empty client module React Router makes for a resource route (a route with a loader and no
 *   page, `/email-list/export`): the browser never loads it (remix-run/remix#9055);
 * - "dynamic import will not move module into another chunk" in the server build: the server is
 *   one process, where chunk placement changes nothing (the browser's chunks are placed by hand,
 *   vite/client-chunks.ts).
 * Every other warning is shown as Rollup would.
 */
export function isNoise(warning: Rollup.RollupLog, consumer: 'client' | 'server'): boolean {
  if (process.env.DEBUG) return false;
  if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/')) return true;
  if (warning.code === 'EMPTY_BUNDLE' && consumer === 'client') return true;
  return (
    consumer === 'server' &&
    warning.plugin === 'vite:reporter' &&
    warning.message.includes('dynamic import will not move module')
  );
}

/**
 * Gives each build environment (the browser's, the server's) the filter above, in front of the
 * handler it already has (React Router's, which drops packages' "use client" directives).
 */
export function quietBuildWarnings(): Plugin {
  return {
    name: 'storefront:quiet-build-warnings',
    apply: 'build',
    configEnvironment(name, config) {
      const consumer = name === 'client' ? 'client' : 'server';
      const next = config.build?.rollupOptions?.onwarn;
      return {
        build: {
          rollupOptions: {
            onwarn(warning, show) {
              if (isNoise(warning, consumer)) return;
              if (next) next(warning, show);
              else show(warning);
            },
          },
        },
      };
    },
  };
}
