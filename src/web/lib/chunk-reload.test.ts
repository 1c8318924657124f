import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS } from '../../shared/constants';
import { isChunkLoadError, shouldReloadAfterChunkError } from './chunk-reload';

describe('shouldReloadAfterChunkError', () => {
  const now = 1_700_000_000_000;
  it('reloads when it never reloaded before', () => {
    expect(shouldReloadAfterChunkError(now, null)).toBe(true);
    expect(shouldReloadAfterChunkError(now, undefined)).toBe(true);
    expect(shouldReloadAfterChunkError(now, Number.NaN)).toBe(true);
  });
  it('does not reload twice within the guard window (60 s)', () => {
    expect(CHUNK_RELOAD_GUARD_MS).toBe(60_000);
    expect(shouldReloadAfterChunkError(now, now)).toBe(false);
    expect(shouldReloadAfterChunkError(now, now - 59_999)).toBe(false);
  });
  it('reloads again once the window has passed', () => {
    expect(shouldReloadAfterChunkError(now, now - 60_000)).toBe(true);
    expect(shouldReloadAfterChunkError(now, now - 3_600_000)).toBe(true);
  });
  it('treats a timestamp from the future as stale', () => {
    expect(shouldReloadAfterChunkError(now, now + 10_000)).toBe(true);
  });
  it('honours a custom window', () => {
    expect(shouldReloadAfterChunkError(now, now - 500, 1000)).toBe(false);
    expect(shouldReloadAfterChunkError(now, now - 1000, 1000)).toBe(true);
  });
});

describe('isChunkLoadError', () => {
  it('recognises failed dynamic imports across browsers', () => {
    expect(
      isChunkLoadError(
        new TypeError('Failed to fetch dynamically imported module: https://x/assets/a-1.js'),
      ),
    ).toBe(true);
    expect(isChunkLoadError('error loading dynamically imported module')).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    const chunk = new Error('Loading chunk 42 failed.');
    chunk.name = 'ChunkLoadError';
    expect(isChunkLoadError(chunk)).toBe(true);
    expect(isChunkLoadError({ name: 'ChunkLoadError', message: '' })).toBe(true);
  });
  it('ignores other errors', () => {
    expect(isChunkLoadError(new Error('Network request failed'))).toBe(false);
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
    expect(isChunkLoadError(42)).toBe(false);
  });
});
