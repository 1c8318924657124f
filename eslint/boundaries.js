// @ts-check
/**
 * The dependency rules of DESIGN §3, checked on resolved paths (a relative import is judged by
 * where it lands, not by how it is spelled):
 *   server: a module is reached only through its index; modules and adapters never import the
 *           HTTP layer, the composition root or Fastify (adapter routes live under
 *           src/server/http); adapters never import modules. Inside the HTTP layer, boot/ composes
 *           api/ and pages/: api/ never imports pages/ or boot/, pages/ never imports boot/.
 *   web:    never imports server code; lib/ imports only lib/ and shared; components/ never import
 *           features or the app layer (routes, layouts, shell); a feature never imports another
 *           feature or the app layer.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = path.join(ROOT, 'src');

/** Where a file sits: e.g. { area: 'server', part: 'modules', name: 'accounts', rest: 'login.ts' }. */
function locate(file) {
  const rel = path.relative(SRC, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [area, part, name, ...rest] = rel.split(path.sep);
  return { area, part, name, rest: rest.join('/') };
}

const isIndex = (loc) => loc.rest === '' || /^index\.(ts|tsx|js)$/.test(loc.rest);
const WEB_APP = new Set(['routes', 'layouts', 'shell']);

/** The web layer of a location: lib | components | feature | app. */
function webLayer(loc) {
  if (loc.part === 'lib') return 'lib';
  if (loc.part === 'components') return 'components';
  if (loc.part === 'features') return 'feature';
  if (loc.part && WEB_APP.has(loc.part)) return 'app';
  return 'app'; // root.tsx, routes.ts, entry.*.tsx, load-context.ts
}

const isFastify = (source) => /^(fastify|@fastify\/[^/]+|fastify-[^/]+)(\/|$)/.test(source);

/** @returns {string | null} the broken rule, or null. */
function violation(fromFile, source) {
  const from = locate(fromFile);
  if (!from) return null;
  if (from.area === 'server' && (from.part === 'modules' || from.part === 'adapters') && isFastify(source)) {
    return `${from.part} never import Fastify: HTTP routes (even an adapter's) live under src/server/http.`;
  }
  if (!source.startsWith('.')) return null;
  const to = locate(path.resolve(path.dirname(fromFile), source));
  if (!to) return null;

  if (from.area === 'web' && to.area === 'server') return 'The web app never imports server code: go through the API client.';
  if (from.area !== 'server' || to.area !== 'server') return webViolation(from, to);

  if (from.part === 'modules') {
    if (to.part === 'http' || to.part === 'web') return 'Modules hold use-cases; they never import the HTTP layer.';
    if (to.part === 'composition' || to.part === 'backup') {
      return `Modules never import src/server/${to.part}: it is built on them, not the reverse.`;
    }
    if (to.part === 'modules' && to.name !== from.name && !isIndex(to)) {
      return `Reach the ${to.name} module through its index ('../${to.name}'), not its files.`;
    }
  }
  if (from.part === 'adapters' && ['modules', 'http', 'composition', 'backup'].includes(to.part)) {
    return 'Adapters talk to outside services only; they never import modules or the HTTP layer.';
  }
  if (from.part === 'http' && to.part === 'http') return httpViolation(from.name, to.name);
  return null;
}

/** api/ (the REST API) and pages/ (server rendering) are composed by boot/, never the reverse. */
function httpViolation(from, to) {
  if (from === to) return null;
  if (from === 'api' && (to === 'pages' || to === 'boot')) {
    return `http/api never imports http/${to}: the API stands alone; boot/ composes it with the pages.`;
  }
  if (from === 'pages' && to === 'boot') return 'http/pages never imports http/boot: boot/ composes the pages.';
  return null;
}

function webViolation(from, to) {
  if (from.area !== 'web' || to.area !== 'web') return null;
  const a = webLayer(from);
  const b = webLayer(to);
  if (a === 'lib' && b !== 'lib') return 'src/web/lib holds generic helpers: it imports only lib/ and src/shared.';
  if (a === 'components' && (b === 'feature' || b === 'app')) {
    return 'components/ never import features or the app layer (routes, layouts, shell).';
  }
  if (a === 'feature' && b === 'app') return 'A feature never imports the app layer (routes, layouts, shell).';
  if (a === 'feature' && b === 'feature' && from.name !== to.name) {
    return `Features do not import each other (${from.name} → ${to.name}): move what both need to components/, lib/ or src/shared, or compose them in a route.`;
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const layers = {
  meta: { type: 'problem', docs: { description: 'DESIGN §3 dependency direction' }, schema: [] },
  create(context) {
    const file = context.filename;
    const check = (node) => {
      if (!node?.source || typeof node.source.value !== 'string') return;
      const broken = violation(file, node.source.value);
      if (broken) context.report({ node: node.source, message: broken });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { layers } };
export { violation };
