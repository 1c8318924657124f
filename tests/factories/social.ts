import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../helpers/app';
import { inject } from './accounts';

// Calls of the social API (likes, follows, blocks) for tests: each returns the raw response.

export type Auth = Record<string, string>;

const post = (t: TestApp, url: string, auth: Auth | undefined, payload: object) =>
  inject(t, { method: 'POST', url: `/api/v1${url}`, headers: auth ?? {}, payload });
const get = (t: TestApp, url: string, auth?: Auth) =>
  inject(t, { method: 'GET', url: `/api/v1${url}`, headers: auth ?? {} });

export const likeProduct = (t: TestApp, auth: Auth | undefined, id: string) =>
  post(t, '/products/like', auth, { id });
export const likeUser = (t: TestApp, auth: Auth | undefined, id: string) =>
  post(t, '/users/like', auth, { id });
export const follow = (t: TestApp, auth: Auth | undefined, id: string) =>
  post(t, '/users/follow', auth, { id });
export const block = (t: TestApp, auth: Auth | undefined, id: string) =>
  post(t, '/users/block', auth, { id });
export const followState = (t: TestApp, id: string, auth?: Auth) =>
  get(t, `/users/follow-state/${encodeURIComponent(id)}`, auth);
export const socialGet = get;

/** The call succeeded: its JSON body (fails the test with the body otherwise). */
export function ok<T = Record<string, unknown>>(res: LightMyRequestResponse, status = 200): T {
  if (res.statusCode !== status)
    throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  return res.json() as T;
}
