// @ts-check
/**
 * The two production builds, and the check `npm start` makes before it loads them: the web bundle
 * (`react-router build` → build/client, build/server) and the server compiled ahead of time
 * (esbuild → build/app: start.js, migrate.js, backup.js, their shared chunks and a copy of the
 * migrations). Plain JavaScript, because it runs before anything is compiled: `npm install && npm
 * start` on a fresh clone (or after a pull) builds what is missing or older than its sources, and a
 * start with both builds fresh compiles nothing. `node src/server/http/boot/build.js` (`npm run
 * build`) builds both unconditionally. docs/decisions/043.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const WEB_SOURCES = ['src/web', 'src/shared', 'vite.config.ts', 'react-router.config.ts', 'package-lock.json'];
/** The server's entry points, by the name of their compiled file in build/app. */
const SERVER_ENTRIES = {
  start: 'src/server/http/boot/start.ts',
  migrate: 'src/server/http/boot/migrate.ts',
  backup: 'src/server/backup/cli.ts',
};
export const SERVER_DIR = 'build/app';
const MIGRATIONS = 'src/server/db/migrations';
/** The site fonts' basic-Latin files (docs/decisions/082), read by pages/fonts.ts from beside itself. */
const FONT_FILES = 'src/server/http/pages/font-files';
/** Registered by start.ts from beside itself, so it is copied beside the compiled start.js. */
const RESOLVE_HOOK = 'src/server/http/boot/production-resolve.js';
/** What the last server compile read (esbuild's metafile inputs): its freshness is theirs. */
const INPUTS_FILE = 'inputs.json';
const THIS_FILE = fileURLToPath(import.meta.url);
/**
 * The npm packages left as imports, loaded from node_modules at run time; every other package is
 * bundled into build/app (fewer files to resolve, read and compile at start: docs/decisions/055).
 * Left out: what loads files from its own package directory (PGlite's WebAssembly and data, swagger
 * UI's assets and package.json, pino's transport worker, ioredis's package.json), native addons
 * (argon2, sharp), what must stay one copy shared with the web build (React, React Router, zod), what
 * src/ requires by path (@fastify/rate-limit's stores), optional peers that are not installed, and
 * what src/ imports dynamically on first use (the AWS SDK, the common-passwords list): bundled, a
 * package whose `main` is CommonJS would come back from `import()` as a bare `default`, so the
 * named exports the code reads (`dictionary`, `S3Client`) would be missing in production only.
 * And mime-db, a 190 KB JSON file: bundled it becomes an object literal V8 compiles at every start
 * (~0.1 s of a restart), required from its package it is read with JSON.parse; and Fastify's
 * default schema compilers (with two copies of ajv: ~1 MB of code), which app.ts's zod compilers
 * keep Fastify from ever loading — bundled, V8 would still parse them at every start.
 */
export const EXTERNAL_PACKAGES = [
  '@aws-sdk/*',
  '@electric-sql/pglite',
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
  '@fastify/rate-limit',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  '@node-rs/argon2',
  '@react-router/*',
  '@zxcvbn-ts/language-common',
  'esbuild',
  'ioredis',
  'mime-db',
  'pg-native',
  'pino',
  'pino-pretty',
  'react',
  'react-dom',
  'react-router',
  'sharp',
  'zod',
];
/**
 * Bundled CommonJS code that requires an external package (or a Node built-in) calls `require`,
 * which an ES module does not have: one made for the bundle's own location.
 */
const REQUIRE_BANNER = "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/** @param {string} p */
function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** @param {string} file */
const mtimeOf = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

/**
 * @param {string} root
 * @param {(msg: string) => void} log
 * @param {boolean} [force]
 */
export function ensureWebBuild(root, log, force = false) {
  const builtAt = mtimeOf(path.join(root, 'build/server/index.js'));
  if (!force && builtAt > Math.max(...WEB_SOURCES.map((s) => newestMtime(path.join(root, s))))) return;
  // `npm start` says what it does in a line and keeps the bundler's own report (a line per file)
  // for when it fails or DEBUG asks; `npm run build` (force) shows it all.
  const quiet = !force && !process.env.DEBUG;
  if (!force) log(builtAt ? 'Web bundle is older than its sources: rebuilding…' : 'Building the web bundle (first start, about a minute)…');
  const started = performance.now();
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/@react-router/dev/bin.js'), 'build'], {
    cwd: root,
    stdio: quiet ? 'pipe' : 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(Buffer.concat([result.stdout ?? Buffer.alloc(0), result.stderr ?? Buffer.alloc(0)]));
    throw new Error('The web build failed; see the output above.');
  }
  if (quiet) log(`Built the web bundle in ${Math.round((performance.now() - started) / 1000)} s.`);
}

/**
 * A missing or unreadable inputs list, or an input gone, means "compile".
 * @param {string} root
 * @returns {number} the newest modification time among what the compiled server was made from
 */
function serverSourcesAt(root) {
  try {
    const inputs = /** @type {string[]} */ (JSON.parse(readFileSync(path.join(root, SERVER_DIR, INPUTS_FILE), 'utf8')));
    let newest = Math.max(
      newestMtime(path.join(root, MIGRATIONS)),
      newestMtime(path.join(root, FONT_FILES)),
      mtimeOf(path.join(root, RESOLVE_HOOK)),
      mtimeOf(path.join(root, 'package-lock.json')),
      mtimeOf(THIS_FILE),
    );
    for (const input of inputs) {
      const at = mtimeOf(path.join(root, input));
      if (!at) return Infinity;
      newest = Math.max(newest, at);
    }
    return newest;
  } catch {
    return Infinity;
  }
}

/**
 * Compiles the server's TypeScript into build/app: one ES module per entry point with the code
 * they share in chunks beside them, npm packages left as imports (node_modules is there at run
 * time; bundling them would break their own file lookups, e.g. PGlite's WebAssembly). The
 * migrations, React Router's resolve hook and the fonts' basic-Latin files are copied next to the
 * code, where db/client.ts, start.ts and pages/fonts.ts look for them (relative to import.meta.url).
 * @param {string} root
 * @param {(msg: string) => void} log
 * @param {boolean} [force]
 */
export function ensureServerBuild(root, log, force = false) {
  const out = path.join(root, SERVER_DIR);
  const builtAt = mtimeOf(path.join(out, 'start.js'));
  if (!force && builtAt > serverSourcesAt(root)) return;
  if (!force) log(builtAt ? 'Compiled server is older than its sources: recompiling…' : 'Compiling the server (first start)…');
  // esbuild comes with vite and tsx (a runtime dependency), so it is there wherever npm start is.
  const esbuild = /** @type {typeof import('esbuild')} */ (createRequire(import.meta.url)('esbuild'));
  rmSync(out, { recursive: true, force: true });
  const result = esbuild.buildSync({
    absWorkingDir: root,
    entryPoints: SERVER_ENTRIES,
    outdir: SERVER_DIR,
    chunkNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    external: EXTERNAL_PACKAGES.flatMap((name) => (name.endsWith('/*') ? [name] : [name, `${name}/*`])),
    banner: { js: REQUIRE_BANNER },
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
  });
  cpSync(path.join(root, MIGRATIONS), path.join(out, 'migrations'), { recursive: true });
  cpSync(path.join(root, RESOLVE_HOOK), path.join(out, path.basename(RESOLVE_HOOK)));
  cpSync(path.join(root, FONT_FILES), path.join(out, 'font-files'), { recursive: true, filter: (source) => !source.endsWith('.ts') });
  // Bundled packages' files are left out: package-lock.json stands for them.
  const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.includes('node_modules/'));
  writeFileSync(path.join(out, INPUTS_FILE), JSON.stringify(inputs));
}

/**
 * What `npm start` runs first: the web bundle, then the server (the web build empties build/).
 * @param {string} root
 * @param {(msg: string) => void} log
 */
export function ensureBuild(root, log) {
  ensureWebBuild(root, log);
  ensureServerBuild(root, log);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = process.cwd();
  const started = performance.now();
  ensureWebBuild(root, console.log, true);
  ensureServerBuild(root, console.log, true);
  console.log(`Built the web bundle and compiled the server in ${Math.round(performance.now() - started)} ms.`);
}
