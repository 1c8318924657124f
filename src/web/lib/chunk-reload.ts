import { useEffect } from 'react';
import { CHUNK_RELOAD_GUARD_MS } from '../../shared/constants';

/** sessionStorage key holding the time of the last chunk-error reload. */
export const CHUNK_RELOAD_STORAGE_KEY = 'chunk-reload-at';

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /ChunkLoadError/i,
  /Loading chunk [\w-]+ failed/i,
];

/** Recognises a failed lazy import (a deploy replaced the hashed bundles) from an error or message. */
export function isChunkLoadError(reason: unknown): boolean {
  if (!reason) return false;
  let text: string;
  if (typeof reason === 'string') text = reason;
  else if (typeof reason === 'object') {
    const r = reason as { name?: unknown; message?: unknown };
    text = `${typeof r.name === 'string' ? r.name : ''}: ${typeof r.message === 'string' ? r.message : ''}`;
  } else return false;
  return CHUNK_ERROR_PATTERNS.some((p) => p.test(text));
}

/** At most one reload per guard window (SPEC §8: at most once per minute), so a broken deploy cannot loop. */
export function shouldReloadAfterChunkError(
  now: number,
  lastReloadAt: number | null | undefined,
  guardMs: number = CHUNK_RELOAD_GUARD_MS,
): boolean {
  if (lastReloadAt === null || lastReloadAt === undefined || !Number.isFinite(lastReloadAt))
    return true;
  // A timestamp from the future (clock change) counts as stale.
  return now - lastReloadAt >= guardMs || now < lastReloadAt;
}

function readLastReload(): number | null {
  try {
    const raw = window.sessionStorage.getItem(CHUNK_RELOAD_STORAGE_KEY);
    return raw === null ? null : Number(raw);
  } catch {
    return null;
  }
}

/** Reloads the page when allowed; returns whether it did. */
export function reloadAfterChunkError(): boolean {
  const now = Date.now();
  if (!shouldReloadAfterChunkError(now, readLastReload())) return false;
  try {
    window.sessionStorage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(now));
  } catch {
    // Without sessionStorage we cannot guard against loops: do not reload.
    return false;
  }
  window.location.reload();
  return true;
}

/** Listens for Vite's preload errors and uncaught chunk-load failures; returns the cleanup. */
export function installChunkReloadHandler(): () => void {
  const onPreloadError = (event: Event) => {
    if (reloadAfterChunkError()) event.preventDefault();
  };
  const onError = (event: ErrorEvent) => {
    if (isChunkLoadError(event.error ?? event.message)) reloadAfterChunkError();
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isChunkLoadError(event.reason)) reloadAfterChunkError();
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('vite:preloadError', onPreloadError);
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}

export function useChunkReload(): void {
  useEffect(() => installChunkReloadHandler(), []);
}
