import type { LightMyRequestResponse } from 'fastify';
import { createApiClient, type ApiClient } from '../../src/web/lib/api-client';
import type { TestApp } from './app';

/**
 * The web app's typed API client (request and answer types from the shared contracts), its fetch
 * bound to app.inject: API tests call endpoints as the pages do, without a network. `app` is read
 * at call time, so the client can be made before `beforeAll` creates the app. `onAnswer` sees each
 * raw answer (headers included: a refusal's ApiError carries only status, code and message).
 */
export function typedClient(
  app: () => TestApp,
  options: { onAnswer?: (res: LightMyRequestResponse) => void } = {},
): ApiClient {
  return createApiClient({
    baseUrl: 'http://localhost/api/v1',
    refresh: false,
    fetch: async (input, init) => {
      const res = await app().app.inject({
        method: (init?.method ?? 'GET') as 'POST',
        url: String(input),
        headers: init?.headers as Record<string, string>,
        ...(init?.body ? { payload: init.body as string } : {}),
      });
      options.onAnswer?.(res);
      return new Response(res.body, {
        status: res.statusCode,
        headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
      });
    },
  });
}
