/** Sellers whose last change is remembered for renders still running (see `RenderCache.store`). */
const MAX_CHANGED_OWNERS = 10_000;

/**
 * When the sellers last changed, in ticks: a render that started before its seller's change may
 * show the old state. Bounded: forgetting who changed counts as everyone changing.
 */
export class ChangeTicks {
  #everyone = 0;
  readonly #owners = new Map<string, number>();

  mark(ownerIds: readonly string[] | null, tick: number) {
    if (ownerIds === null || this.#owners.size + ownerIds.length > MAX_CHANGED_OWNERS) {
      this.#owners.clear();
      this.#everyone = tick;
    }
    for (const ownerId of ownerIds ?? []) this.#owners.set(ownerId, tick);
  }

  since(ownerId: string, startedAt: number): boolean {
    return this.#everyone > startedAt || (this.#owners.get(ownerId) ?? 0) > startedAt;
  }
}
