import { parseUserSlug } from '../../features/sites/user-slug';

/**
 * The usernames a `/:username/…` page may belong to, in the layout's order (exact name first, then
 * the name without `-x`); none for landing pages and invalid names.
 */
export function sellerCandidates(slug: string | undefined): string[] {
  const parsed = parseUserSlug(slug);
  if (parsed.kind !== 'site') return [];
  return parsed.alternative ? [parsed.username, parsed.alternative] : [parsed.username];
}
