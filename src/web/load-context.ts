import type { DirectCall } from '../shared/api/direct';
import type { WebPublicConfig } from './lib/root-data';

export type { WebPublicConfig };

/**
 * What the server hands every loader and action (React Router's load context). Declared here, in
 * the web app, so the web never imports the server; the server builds an object of this shape.
 */
export interface WebLoadContext {
  /** fetch() bound to the API in-process (app.inject): same routes, no network hop, token forwarded. */
  apiFetch: typeof fetch;
  /** The API's reads called in-process without HTTP or JSON (docs/decisions/046); tried first. */
  apiDirect?: DirectCall;
  config: WebPublicConfig;
  /** CSP nonce for this response's inline scripts. */
  nonce: string;
  /**
   * The server checked this request's session once and found one: apiFetch calls carry that
   * identity. False for visitors without a session (the shell then asks for no user at all).
   */
  signedIn: boolean;
  /**
   * The page is the same for everyone (a seller's page, docs/decisions/045): the server did not read
   * the session at all, so `signedIn` is false whoever asks, and the client fills in what is
   * personal after it loads.
   */
  shared: boolean;
  /**
   * Set when the request's Host is a seller's verified custom domain: the page is that seller's
   * site, addressed without the `/{username}` prefix (canonical URLs use this host).
   */
  siteDomain: SiteDomainContext | null;
}

/** A page served on a seller's own domain (`host`, without port) for `username`'s site. */
export interface SiteDomainContext {
  host: string;
  username: string;
}

/**
 * With `future.v8_middleware` loaders and actions get a `RouterContextProvider`; the server builds
 * one carrying these fields (src/server/http/pages/ssr.ts), the migration path React Router documents
 * for apps that used `AppLoadContext`. Moving to `context.get(…)` with typed contexts is for the
 * v8 upgrade.
 */
declare module 'react-router' {
  interface RouterContextProvider extends WebLoadContext {}
}
