// @ts-check
/**
 * The production entry: `node src/server/http/boot/production.js [start|migrate|backup] [args…]`
 * (`npm start`, `npm run migrate`, `npm run backup|restore`), with nothing compiled at start.
 * Plain JavaScript so Node runs it as it is. In order:
 *   1. NODE_ENV defaults to production before anything imports React (React and React DOM pick
 *      their build from it);
 *   2. what is missing or older than its sources is built (a fresh clone, a pull; build.js): the
 *      compiled server, and for `start` the web bundle;
 *   3. the compiled entry point (build/app/{start,migrate,backup}.js) runs, with the arguments
 *      after its name (start.ts makes React Router resolve to its production build).
 * docs/decisions/043.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureServerBuild, ensureWebBuild, SERVER_DIR } from './build.js';

const ENTRIES = ['start', 'migrate', 'backup'];
const entry = ENTRIES.includes(process.argv[2] ?? '') ? /** @type {string} */ (process.argv[2]) : 'start';
// The entry point reads its own arguments from argv[2] on, as when it was run directly.
if (process.argv[2] === entry) process.argv.splice(2, 1);

process.env.NODE_ENV ??= 'production';
const root = process.cwd();
const log = (/** @type {string} */ msg) => console.log(msg);
if (entry === 'start') ensureWebBuild(root, log);
// After the web build, which empties build/.
ensureServerBuild(root, log);
await import(pathToFileURL(path.join(root, SERVER_DIR, `${entry}.js`)).href);
