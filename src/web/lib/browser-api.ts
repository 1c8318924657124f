import { MESSAGES } from '../../shared/messages';
import { createApiClient, type ApiClient, type ApiClientOptions } from './api-client';
import { createXhrUpload } from './xhr-upload';

/**
 * The browser's API client (lib/api.ts): /api/v1 with the token cookie, refresh-and-retry, upload
 * progress. Its own module, loaded by a dynamic import on the first call (docs/decisions/054): a
 * visitor's public page calls the API only on interaction.
 */
export function createBrowserApi(
  options: Pick<ApiClientOptions, 'getToken' | 'onSessionExpired'>,
): ApiClient {
  return createApiClient({
    ...options,
    baseUrl: '/api/v1',
    uploadFetch: createXhrUpload(),
    fallbackMessage: MESSAGES.genericError,
  });
}
