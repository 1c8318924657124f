import { detectInAppBrowser, type InAppVisit } from '../../shared/in-app-browser';

/**
 * The loader's half of components/InAppNotice.tsx: what the request's user agent says, with the
 * address to reopen. Only loaders import it, so the detection stays out of the pages' scripts.
 */
export function inAppOfRequest(request: Request): InAppVisit | null {
  const found = detectInAppBrowser(request.headers.get('user-agent'));
  return found ? { ...found, url: request.url } : null;
}
