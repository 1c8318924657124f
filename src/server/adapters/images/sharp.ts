import { createRequire } from 'node:module';
import type sharpModule from 'sharp';

type Sharp = typeof sharpModule;
const require = createRequire(import.meta.url);
let loaded: Sharp | undefined;

/**
 * sharp, loaded (a native library: ~0.1 s) the first time an image is made rather than when the
 * server starts, which makes none (docs/decisions/055). Called exactly as `sharp(…)`; its types
 * come from the package (`import type { Sharp } from 'sharp'`).
 */
const sharp = ((...args: unknown[]) =>
  ((loaded ??= require('sharp') as Sharp) as unknown as (...a: unknown[]) => unknown)(...args)) as unknown as Sharp;
export default sharp;
