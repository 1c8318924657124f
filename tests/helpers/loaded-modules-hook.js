// @ts-check
// The loader half of loaded-modules.js (it runs on the loader's thread).
import { appendFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** @type {string} */
let file;

/** @param {{ file: string }} data */
export function initialize(data) {
  file = data.file;
}

/** @type {import('node:module').LoadHook} */
export async function load(url, context, nextLoad) {
  if (url.startsWith('file:')) appendFileSync(file, `${fileURLToPath(url)}\n`);
  return nextLoad(url, context);
}
