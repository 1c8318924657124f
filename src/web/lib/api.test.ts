import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountsApi } from '../../shared/api/accounts';
import { api, serverApi, setSessionExpiredHandler } from './api';
import type { ApiError } from './api-client';

/** A fetch recording `METHOD url` and answering every call 401. */
function refusing(asked: string[]): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    asked.push(`${init?.method ?? 'GET'} ${String(input)}`);
    return Response.json({ message: 'Please log in.', code: 'UNAUTHORIZED' }, { status: 401 });
  }) as typeof fetch;
}

afterEach(() => {
  setSessionExpiredHandler(null);
  vi.unstubAllGlobals();
});

describe('browser client', () => {
  it('calls the handler the app layer set when a refresh fails', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', refusing(asked));
    const ended: ApiError[] = [];
    setSessionExpiredHandler((error) => void ended.push(error));
    await expect(api.call(accountsApi.me, {})).rejects.toMatchObject({
      status: 401,
      sessionExpired: true,
    });
    expect(asked).toEqual(['GET /api/v1/users/me', 'POST /api/v1/token']);
    expect(ended).toHaveLength(1);
  });

  it('without a handler, the failing call still settles', async () => {
    vi.stubGlobal('fetch', refusing([]));
    await expect(api.call(accountsApi.me, {})).rejects.toMatchObject({ sessionExpired: true });
  });
});

describe('serverApi', () => {
  it('calls through the context’s apiFetch, and a 401 is final (no in-process refresh)', async () => {
    const asked: string[] = [];
    const error = await serverApi({ apiFetch: refusing(asked) })
      .call(accountsApi.me, {})
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, message: 'Please log in.', sessionExpired: false });
    expect(asked).toEqual(['GET /api/v1/users/me']);
  });
});
