import type { LightMyRequestResponse } from 'fastify';
import { inject } from '../../factories/accounts';
import type { TestApp } from '../../helpers/app';
import { setUserPlan } from '../../../src/server/modules/accounts';
import type { PaidPlanId } from '../../../src/shared/plans';

/** GET /api/v1/ai/image with a query as the browser would send it. */
export function generate(
  t: TestApp,
  token: string | null,
  query: Record<string, string | number>,
): Promise<LightMyRequestResponse> {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return inject(t, {
    method: 'GET',
    url: `/api/v1/ai/image?${search}`,
    headers: token ? { 'x-access-token': token } : {},
  });
}

export function allowance(t: TestApp, token: string): Promise<LightMyRequestResponse> {
  return inject(t, {
    method: 'GET',
    url: '/api/v1/ai/image/allowance',
    headers: { 'x-access-token': token },
  });
}

export function addToPost(
  t: TestApp,
  token: string,
  payload: { productId: string; url: string; alt?: string },
): Promise<LightMyRequestResponse> {
  return inject(t, {
    method: 'PUT',
    url: '/api/v1/products/media/generated',
    headers: { 'x-access-token': token },
    payload,
  });
}

/** The storage key behind one of the local driver's URLs (`/media/<key>`). */
export const keyOf = (url: string) => url.replace(/^\/media\//, '');

/** Puts the member on a paid plan for the next month, as a bought subscription would. */
export async function givePlan(t: TestApp, userId: string, id: PaidPlanId): Promise<void> {
  const now = Date.now();
  await setUserPlan(t.moduleDeps(), userId, {
    id,
    start: new Date(now).toISOString(),
    end: new Date(now + 31 * 24 * 3600 * 1000).toISOString(),
    frequency: 'month',
    subscriptionScheduleId: null,
  });
}
