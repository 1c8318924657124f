// @ts-check
/**
 * A Node module resolve hook, registered by the production server (start.ts) before anything
 * imports React Router. The `react-router` package sends Node (its "node" export
 * condition) to dist/development whatever NODE_ENV says; its dist/production twin (same files,
 * development warnings off) is in no export condition. Rewriting the resolved URL here, for every
 * importer at once (our server, the Vite server build, @react-router/node), keeps one copy of the
 * module in the process: RouterContextProvider and friends stay the same objects everywhere.
 * docs/decisions/043.
 */
const DEVELOPMENT = '/node_modules/react-router/dist/development/';
const PRODUCTION = '/node_modules/react-router/dist/production/';

/** @type {import('node:module').ResolveHook} */
export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  return resolved.url.includes(DEVELOPMENT)
    ? { ...resolved, url: resolved.url.replace(DEVELOPMENT, PRODUCTION) }
    : resolved;
}
