import type { WebPublicConfig } from './lib/root-data';

export type { WebPublicConfig };

/**
 * What the server hands every loader and action (React Router's load context). Declared here, in
 * the web app, so the web never imports the server; the server builds an object of this shape.
 */
export interface WebLoadContext {
  /** fetch() bound to the API in-process (app.inject): same routes, no network hop, token forwarded. */
  apiFetch: typeof fetch;
  config: WebPublicConfig;
  /** CSP nonce for this response's inline scripts. */
  nonce: string;
  /**
   * The server checked this request's session once and found one: apiFetch calls carry that
   * identity. False for visitors without a session (the shell then asks for no user at all).
   */
  signedIn: boolean;
}

/**
 * With `future.v8_middleware` loaders and actions get a `RouterContextProvider`; the server builds
 * one carrying these fields (src/server/http/ssr.ts), the migration path React Router documents
 * for apps that used `AppLoadContext`. Moving to `context.get(…)` with typed contexts is for the
 * v8 upgrade.
 */
declare module 'react-router' {
  interface RouterContextProvider extends WebLoadContext {}
}
