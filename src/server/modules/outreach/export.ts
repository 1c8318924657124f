import { and, asc, eq } from 'drizzle-orm';
import type { Role } from '../../../shared/contracts/account-rules';
import type { EmailListStats } from '../../../shared/contracts/outreach';
import { EMAIL_LIST_CSV_COLUMNS } from '../../../shared/contracts/outreach-rules';
import { csvCell, csvDocument } from '../../../shared/csv';
import { emailListSubscribers } from '../../db/schema';
import type { ModuleDeps } from '../core';
import { planOf } from '../entitlements';
import { listCounts, listOfCaller, onList } from './lists';

type Caller = { id: string; role: Role };

/** GET /email-list/stats: a list's size by status, and what the owner's plan allows. */
export async function emailListStats(
  deps: ModuleDeps,
  caller: Caller,
  list: string | undefined,
): Promise<EmailListStats> {
  const owner = await listOfCaller(deps, caller, list);
  const counts = await listCounts(deps.db, owner);
  const limit = owner ? (await planOf(deps, owner.id)).limits.emailListSubscribers : null;
  return {
    list: owner ? { username: owner.username, name: owner.name } : null,
    ...counts,
    limit,
  };
}

export { csvCell };

/** GET /email-list/export: the list as CSV, confirmed subscribers unless `status` is `all`. */
export async function exportEmailList(
  deps: ModuleDeps,
  caller: Caller,
  query: { list?: string | undefined; status: 'confirmed' | 'all' },
): Promise<{ filename: string; csv: string }> {
  const owner = await listOfCaller(deps, caller, query.list);
  const s = emailListSubscribers;
  const rows = await deps.db
    .select()
    .from(s)
    .where(and(onList(owner), query.status === 'all' ? undefined : eq(s.status, 'confirmed')))
    .orderBy(asc(s.createdAt), asc(s.email));
  const csv = csvDocument(
    EMAIL_LIST_CSV_COLUMNS,
    rows.map((r) => [
      r.email,
      r.name,
      r.status,
      r.source,
      r.createdAt.toISOString(),
      r.confirmedAt?.toISOString() ?? '',
    ]),
  );
  const day = new Date(deps.now()).toISOString().slice(0, 10);
  return {
    filename: `email-list-${owner ? owner.username : 'marketplace'}-${day}.csv`,
    csv,
  };
}
