import { sites, type SiteRow } from '../../db/schema';
import type { ModuleDeps } from '../core';
import { siteDefaults, type SiteFields } from './defaults';

/**
 * Creates a new account's site: the defaults, named after the owner, with any fields given.
 * Called by accounts inside its registration transaction (through deps.db), so an account never
 * exists without its site.
 */
export async function createSite(
  deps: Pick<ModuleDeps, 'db'>,
  input: { userId: string; ownerName: string; fields?: Partial<SiteFields> },
): Promise<SiteRow> {
  const [site] = await deps.db
    .insert(sites)
    .values({ ...siteDefaults(input.ownerName), ...input.fields, userId: input.userId })
    .returning();
  if (!site) throw new Error('insert returned no site');
  return site;
}
