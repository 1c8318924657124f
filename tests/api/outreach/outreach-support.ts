import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../helpers/app';
import { inject, nextIp } from '../../factories/accounts';

/** A contact form as a person fills it in. */
export const contactBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email: 'ada@example.test',
  topic: 'selling',
  subject: 'Payout question',
  message: 'When do payouts reach my bank account after a sale?',
  website: '',
  ...overrides,
});

export const sendContact = (
  t: TestApp,
  payload: unknown,
  opts: { ip?: string; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/contact',
    payload: payload as object,
    remoteAddress: opts.ip ?? nextIp(),
    ...(opts.headers ? { headers: opts.headers } : {}),
  });

export const signup = (t: TestApp, payload: unknown, ip = nextIp()) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/email-list',
    payload: payload as object,
    remoteAddress: ip,
  });

export const confirm = (t: TestApp, token: string) =>
  inject(t, { method: 'POST', url: '/api/v1/email-list/confirm', payload: { token } });

export const unsubscribe = (t: TestApp, token: string) =>
  inject(t, { method: 'POST', url: '/api/v1/email-list/unsubscribe', payload: { token } });

/** `?{param}=` token of the /email-list link in a mail's text. */
export function listLink(text: string, param: 'confirm' | 'unsubscribe'): string {
  const match = new RegExp(`/email-list\\?${param}=([A-Za-z0-9_.%-]+)`).exec(text);
  if (!match) throw new Error(`no ${param} link in:\n${text}`);
  return decodeURIComponent(match[1]!);
}

export const messageOf = (res: LightMyRequestResponse) =>
  (res.json() as { message: string }).message;
