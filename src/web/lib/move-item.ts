/**
 * `list` with the item at `from` moved to `to` (clamped to the list); the same list when nothing
 * moves. The editors' reordering (a post's media, a seller's links) and their Move buttons.
 */
export function moveItemTo<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from < 0 || from >= list.length || from === target) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item!);
  return next;
}
