// @ts-check
/**
 * `node --import ./tests/helpers/loaded-modules.js …`: writes to LOADED_MODULES_FILE every module
 * file the process loads — ES modules as the loader loads them (loaded-modules-hook.js), and at
 * exit the CommonJS files of require's cache — so a test can tell which copy of a package a real
 * server ran. Registered before the app's own hooks, so it sees the URLs they resolve to.
 */
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';

const file = process.env.LOADED_MODULES_FILE;
if (!file) throw new Error('LOADED_MODULES_FILE is not set');
register('./loaded-modules-hook.js', import.meta.url, { data: { file } });
const require = createRequire(import.meta.url);
// Only what ran: importing a CommonJS module from an ES module puts the files it may re-export in
// the cache too, parsed for their export names but never run (`loaded` false).
const ran = () => Object.entries(require.cache).filter(([, mod]) => mod?.loaded).map(([f]) => `${f}\n`);
process.on('exit', () => appendFileSync(file, ran().join('')));
