import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import * as catalogue from '../src/shared/api/index';

/**
 * The browser's copy of the API catalogue (docs/decisions/011).
 *
 * `src/shared/api/<domain>.ts` describes every call once: method, path and the zod schemas the
 * server validates and serialises with (ADR 008). The web's API client needs only where a call
 * goes — `method`, `path`, `multipart`, `status` —, its types come from TypeScript. Shipping the
 * schemas would put zod and every contract into each page's JavaScript, so in the CLIENT build this
 * plugin replaces each domain file with generated code exporting the same objects holding only
 * those fields. The values are read from the real catalogue (imported above, bundled into the Vite
 * config by esbuild), so the catalogue stays the single definition; the server build, the dev SSR
 * and the tests use the real files.
 */
const API_DIR = 'src/shared/api';
const KEEP = new Set(['endpoint.ts', 'index.ts']);
const CLIENT_FIELDS = ['method', 'path', 'multipart', 'status'] as const;

const registry = catalogue as unknown as Record<string, unknown>;

/** The names a domain file exports (`export const accountsApi = {`): read from its source. */
function exportedNames(source: string): string[] {
  return [...source.matchAll(/^export\s+const\s+([A-Za-z_$][\w$]*)/gm)].map((m) => m[1]!);
}

function isEndpoint(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { method?: unknown }).method === 'string' &&
    typeof (value as { path?: unknown }).path === 'string'
  );
}

/** `export const accountsApi = { login: { method: 'POST', path: '/login' }, … };` */
export function clientCatalogueModule(file: string, source: string): string {
  const names = exportedNames(source);
  if (names.length === 0) throw new Error(`${file}: no exported endpoint group found`);
  const lines = names.map((name) => {
    const group = registry[name];
    if (typeof group !== 'object' || group === null)
      throw new Error(`${file}: ${name} is not exported from src/shared/api/index.ts`);
    const slim: Record<string, Record<string, unknown>> = {};
    for (const [key, endpoint] of Object.entries(group)) {
      if (!isEndpoint(endpoint)) throw new Error(`${file}: ${name}.${key} is not an endpoint`);
      const fields: Record<string, unknown> = {};
      for (const field of CLIENT_FIELDS)
        if (endpoint[field] !== undefined) fields[field] = endpoint[field];
      slim[key] = fields;
    }
    return `export const ${name} = ${JSON.stringify(slim)};`;
  });
  return `// Generated for the browser by vite/client-api-catalogue.ts from ${path.basename(file)}\n${lines.join('\n')}\n`;
}

export function clientApiCatalogue(): Plugin {
  let apiDir = path.resolve(API_DIR);
  const isDomainFile = (file: string) =>
    path.dirname(file) === apiDir && file.endsWith('.ts') && !KEEP.has(path.basename(file));
  return {
    name: 'storefront:client-api-catalogue',
    enforce: 'pre',
    configResolved(config) {
      apiDir = path.resolve(config.root, API_DIR);
    },
    load(id, options) {
      // The environment API names the consumer; the classic build passes `ssr`.
      const consumer = (this as { environment?: { config?: { consumer?: string } } }).environment
        ?.config?.consumer;
      const isClient = consumer ? consumer === 'client' : !options?.ssr;
      const file = id.split('?')[0]!;
      if (!isClient || !isDomainFile(file)) return null;
      return clientCatalogueModule(file, readFileSync(file, 'utf8'));
    },
  };
}
