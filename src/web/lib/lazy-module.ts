/**
 * A module fetched on first use and kept (zod and the contracts stay off pages until a form needs
 * them, docs/decisions/011). A failed load — a flaky network, a deploy that replaced the chunk — is
 * tried again on the next `get`. `preload` starts the fetch early (a form's onFocus), ignoring
 * failures, which the next `get` reports.
 */
export function lazyModule<M>(load: () => Promise<M>): { get(): Promise<M>; preload(): void } {
  let loading: Promise<M> | null = null;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  return {
    get,
    preload() {
      get().catch(() => {
        // tried again by the next get
      });
    },
  };
}
