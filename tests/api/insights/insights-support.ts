import { eq } from 'drizzle-orm';
import { products } from '../../../src/server/db/schema';
import { insightsApi } from '../../../src/shared/api/insights';
import type { InsightRange } from '../../../src/shared/contracts/insights';
import { postPath } from '../../../src/shared/post-path';
import type { TestApp } from '../../helpers/app';
import { typedClient } from '../../helpers/typed-client';

// Shared by the insights API tests: a browser's visit to a page, and the seller's numbers.

export const BROWSER_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
export const OTHER_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
export const INSTAGRAM_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 334.0.4.32.98 (iPhone15,2; iOS 17_5; en_US; en; scale=3.00; 1179x2556; 604461431)';

export interface Visit {
  ua?: string;
  ip?: string;
  referrer?: string;
  cookie?: string;
  headers?: Record<string, string>;
  method?: 'GET' | 'HEAD';
}

/** A page request as a browser sends it. */
export function visitPage(t: TestApp, url: string, v: Visit = {}) {
  return t.app.inject({
    method: v.method ?? 'GET',
    url,
    remoteAddress: v.ip ?? '203.0.113.10',
    headers: {
      'user-agent': v.ua ?? BROWSER_UA,
      ...(v.referrer ? { referer: v.referrer } : {}),
      ...(v.cookie ? { cookie: v.cookie } : {}),
      ...v.headers,
    },
  });
}

/** The seller's insights through the API, after this instance's queued events are written. */
export async function insightsOf(t: TestApp, auth: Record<string, string>, range: InsightRange = '7d', userId?: string) {
  await t.app.insightEvents.flush();
  return typedClient(() => t).call(
    insightsApi.insights,
    { query: { range, ...(userId ? { userId } : {}) } },
    { headers: auth },
  );
}

/** A post's page address. */
export async function pathOfPost(t: TestApp, username: string, postId: string) {
  const [row] = await t.deps.database.db
    .select({ title: products.title, shortId: products.shortId })
    .from(products)
    .where(eq(products.id, postId));
  return postPath(username, row!);
}
