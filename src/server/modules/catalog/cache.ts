import type { ModuleDeps } from '../core';

/**
 * Called after every committed catalogue write. The public list cache (issue 9's read side) hooks
 * in here; until it exists this is the one place writes announce themselves.
 */
export function invalidateCatalog(_deps: Pick<ModuleDeps, 'log'>): void {}
