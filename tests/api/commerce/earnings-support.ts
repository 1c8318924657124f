import { eq } from 'drizzle-orm';
import { transactions } from '../../../src/server/db/schema';
import { earningsApi } from '../../../src/shared/api/earnings';
import type { EarningsPeriodQuery } from '../../../src/shared/contracts/earnings';
import { inject } from '../../factories/accounts';
import type { TestApp } from '../../helpers/app';
import { typedClient } from '../../helpers/typed-client';
import type { Member } from './sales-helpers';

// What the earnings tests share: the summary and payouts through the web app's typed client, the
// CSVs as the browser downloads them, and a sale moved to another date.

export function earningsCalls(app: () => TestApp) {
  const client = typedClient(app);
  return {
    summary: (who: Member, query: EarningsPeriodQuery = {}) =>
      client.call(earningsApi.salesSummary, { query }, { headers: who.auth }),
    payouts: (who: Member, query: EarningsPeriodQuery & { page?: number; limit?: number } = {}) =>
      client.call(earningsApi.payouts, { query }, { headers: who.auth }),
  };
}

/** GET a CSV export as `who` (null: anonymous); the answer and its lines without the last CRLF. */
export async function csvOf(t: TestApp, who: Member | null, url: string) {
  const res = await inject(t, { method: 'GET', url: `/api/v1${url}`, headers: who?.auth ?? {} });
  return { res, lines: res.body.replace(/\r\n$/, '').split('\r\n') };
}

/** Dates a sale at `iso` (the day it counts in). */
export async function dateSale(t: TestApp, saleId: string, iso: string) {
  await t.deps.database.db
    .update(transactions)
    .set({ createdAt: new Date(iso) })
    .where(eq(transactions.id, saleId));
}
