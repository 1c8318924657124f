/**
 * The toggle of a row under a primary key (a like): `insert` (ON CONFLICT DO NOTHING … RETURNING)
 * adds it when missing, else `remove` (DELETE … RETURNING) takes it away. Answers by how much a
 * kept count must move: +1, −1, or 0 when a parallel call already removed it — so a count moved
 * by the answer always equals the number of rows, however many calls race.
 */
export async function toggleRow(
  insert: () => Promise<readonly unknown[]>,
  remove: () => Promise<readonly unknown[]>,
): Promise<1 | 0 | -1> {
  if ((await insert()).length > 0) return 1;
  return (await remove()).length > 0 ? -1 : 0;
}
