import { create } from 'zustand';

/** Loading overlay (SPEC §4: on/off around calls). A counter, so overlapping calls nest. */
interface LoadingState {
  count: number;
}

export const useLoadingStore = create<LoadingState>()(() => ({ count: 0 }));

export function startLoading(): void {
  useLoadingStore.setState((s) => ({ count: s.count + 1 }));
}

export function stopLoading(): void {
  useLoadingStore.setState((s) => ({ count: Math.max(0, s.count - 1) }));
}

/** Shows the overlay while `promise` runs. */
export async function withLoading<T>(promise: Promise<T> | (() => Promise<T>)): Promise<T> {
  startLoading();
  try {
    return await (typeof promise === 'function' ? promise() : promise);
  } finally {
    stopLoading();
  }
}

export const selectIsLoading = (s: LoadingState) => s.count > 0;
