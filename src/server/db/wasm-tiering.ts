import v8 from 'node:v8';

/** V8's --wasm-tiering-budget (Node 20): roughly the bytes of code a function runs before V8
 * recompiles it with its optimizing compiler. */
const V8_DEFAULT_BUDGET = 1_800_000;
/** While PGlite's WebAssembly is compiled: ~55× the default (measured, docs/decisions/055). */
const OPENING_BUDGET = 100_000_000;

/**
 * Opens PGlite with a larger tiering budget for its WebAssembly. V8 runs each function first as
 * baseline code and recompiles it, on background threads, once it has run its budget. Opening a
 * database runs much code once (PostgreSQL's start, rebuilding its catalog caches), and at the
 * default budget V8 spent ~0.4 s of CPU recompiling it during a restart, competing with the
 * start for the machine's cores (docs/decisions/055). The budget is given to each function when
 * the module is compiled, so raising it around the open applies to this instance only: code that
 * stays hot is still optimized, after running longer at the baseline tier.
 */
export async function withStartupTiering<T>(open: () => Promise<T>): Promise<T> {
  v8.setFlagsFromString(`--wasm-tiering-budget=${OPENING_BUDGET}`);
  try {
    return await open();
  } finally {
    v8.setFlagsFromString(`--wasm-tiering-budget=${V8_DEFAULT_BUDGET}`);
  }
}
