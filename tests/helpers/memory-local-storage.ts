/**
 * An in-memory `localStorage` for store tests under Node (a vitest setup file). Test files share
 * one worker's modules (vitest `isolate: false`) and a persisted store keeps the storage it found
 * when first imported, by whichever file imported it first: so the storage is there before any
 * file runs, one instance per worker, and a test that reads it clears it first.
 */
type MemoryStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'>;

function memoryStorage(): MemoryStorage {
  const data = new Map<string, string>();
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, String(value)),
    removeItem: (key) => void data.delete(key),
    clear: () => data.clear(),
  };
}

const global = globalThis as { localStorage?: MemoryStorage };
global.localStorage ??= memoryStorage();

export const testLocalStorage: MemoryStorage = global.localStorage;
