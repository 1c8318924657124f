/**
 * What the server hands every loader and action (React Router's load context). Declared here, in
 * the web app, so the web never imports the server; the server builds an object of this shape.
 */
export interface WebPublicConfig {
  appUrl: string;
  brandName: string;
  currency: string;
  stripePublishableKey: string | null;
}

export interface WebLoadContext {
  /** fetch() bound to the API in-process (app.inject): same routes, no network hop, token forwarded. */
  apiFetch: typeof fetch;
  config: WebPublicConfig;
  /** CSP nonce for this response's inline scripts. */
  nonce: string;
}

declare module 'react-router' {
  interface AppLoadContext extends WebLoadContext {}
}
