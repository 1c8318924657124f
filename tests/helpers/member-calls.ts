import type { LightMyRequestResponse } from 'fastify';
import { moduleDeps } from '../../src/server/composition/app-deps';
import type { UserRow } from '../../src/server/db/schema';
import { startSession } from '../../src/server/modules/accounts';
import { silentLog } from '../../src/server/modules/core';
import { inject } from '../factories/accounts';
import type { TestApp } from './app';

// API calls as a signed-in member, and Stripe's test cards (helpers/checkout-data.ts): shared by
// the checkout and the plans API tests (both pay with the embedded driver's card form).

export type Auth = Record<string, string>;

export { DECLINED, NO_FUNDS, VISA } from './checkout-data';

/** One call to /api/v1{url}, with the member's headers (or none). */
export function send(
  t: TestApp,
  auth: Auth | null,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return inject(t, {
    method,
    url: `/api/v1${url}`,
    headers: auth ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A new session for `user` (access tokens are short-lived: tests that move the clock need one). */
export async function freshAuth(t: TestApp, user: UserRow): Promise<Auth> {
  const session = await startSession(moduleDeps(t.deps, silentLog), user);
  return { 'x-access-token': session.token };
}
