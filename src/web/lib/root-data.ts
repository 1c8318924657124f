import { useRouteLoaderData } from 'react-router';
import type { SessionUser } from '../../shared/contracts/accounts';
import type { Site } from '../../shared/contracts/sites';

/**
 * The public configuration the server hands the web app (its load context, src/web/load-context.ts)
 * and the root loader passes on to every page: only values safe to show anyone.
 */
export interface WebPublicConfig {
  appUrl: string;
  brandName: string;
  currency: string;
  stripePublishableKey: string | null;
  /** The /index-{product}bio pages this server has (LANDING_PRODUCTS). */
  landingProducts: string[];
  /** A paid sale not marked shipped within this many days is cancelled and refunded. */
  shipWithinDays: number;
  /** Days after shipment a buyer may ask for a refund (RETURN_WINDOW_DAYS). */
  returnWindowDays: number;
}

/** What the root loader returns (root.tsx) and every shell component reads. */
export interface RootData {
  nonce: string;
  config: WebPublicConfig;
  user: SessionUser | null;
  site: Site | null;
  /**
   * Rendered the same for everyone, without reading the session (load-context.ts `shared`):
   * `user` is null whoever is signed in; useViewer() tells who it is once the page has loaded.
   */
  shared: boolean;
  /** The request carried `cookieConsent=1`: the cookie notice is not rendered. */
  cookieConsent: boolean;
  /** The seller's custom domain this page is served on (load-context.ts), else null. */
  siteDomain: { host: string; username: string } | null;
  /** Server's current year (the footer's copyright), so server and client markup agree. */
  year: number;
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}

export function useBrandName(): string {
  return useRootData()?.config.brandName ?? 'Storefront';
}
