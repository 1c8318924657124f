import type { Media } from '../../../../shared/contracts/catalog';
import { moveItemTo } from '../../../lib/move-item';

/** Pure list operations of the editor's media (tested on their own). */

/** `list` with the item at `index` moved by `delta` places (clamped); the same list if it cannot move. */
export const moveItem = <T>(list: readonly T[], index: number, delta: number): T[] =>
  moveItemTo(list, index, index + delta);

/**
 * The editor's list after the server answered with `server` (an upload or a removal): the local
 * order and alt texts kept for items still there, items new on the server appended in its order.
 */
export function mergeMedias(local: readonly Media[], server: readonly Media[]): Media[] {
  const serverIds = new Set(server.map((m) => m._id));
  const kept = local.filter((m) => serverIds.has(m._id));
  const keptIds = new Set(kept.map((m) => m._id));
  return [...kept, ...server.filter((m) => !keptIds.has(m._id))];
}

/** "Photo 2 of 3 moved to position 1." — what a screen reader hears after a move. */
export function moveAnnouncement(label: string, to: number, total: number): string {
  return `${label} moved to position ${to + 1} of ${total}.`;
}

/** A media item's name in buttons and announcements: its alt text, else its kind and place. */
export function mediaLabel(media: Pick<Media, 'alt' | 'type'>, index: number): string {
  const alt = media.alt.trim();
  if (alt) return alt.length > 40 ? `${alt.slice(0, 39)}…` : alt;
  const kind = media.type === 'image' ? 'Photo' : media.type === 'video' ? 'Video' : 'Audio';
  return `${kind} ${index + 1}`;
}
