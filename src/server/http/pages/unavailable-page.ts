import { DATABASE_AWAY_MESSAGE, RETRY_AFTER_SECONDS } from '../api/error-handler';

/** Escapes text for element content (nothing here is ever put in an attribute). */
const escapeText = (text: string) => text.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`);

export interface ShortPage {
  status: number;
  /** The heading, and the title before the brand name. */
  title: string;
  /** What happened and what to do, in plain sentences. */
  text: string;
  brandName: string;
  retryAfterSeconds: number;
  /** Reloads itself after this many seconds (an open tab comes back by itself). */
  reloadAfterSeconds?: number;
}

/**
 * A page the server answers with instead of rendering one (the database away, too many renders):
 * small and self-contained — no script, no bundle, no query — so it costs nothing and renders
 * whatever else is down, with Retry-After. Its one inline stylesheet is allowed by the page CSP
 * (`style-src 'unsafe-inline'`).
 */
export function shortPage(page: ShortPage): Response {
  const brand = escapeText(page.brandName);
  const title = escapeText(page.title);
  const refresh =
    page.reloadAfterSeconds === undefined
      ? ''
      : `<meta http-equiv="refresh" content="${page.reloadAfterSeconds}">\n`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${refresh}<title>${title} · ${brand}</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font:16px/1.5 system-ui,sans-serif;color:#1f2937;background:#f9fafb}main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.5rem;margin:0 0 .5rem}</style>
</head><body><main><h1>${title}</h1>
<p>${escapeText(page.text)}</p>
<p>${brand}</p></main></body></html>
`;
  return new Response(html, {
    status: page.status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'retry-after': String(page.retryAfterSeconds),
      'cache-control': 'no-store',
    },
  });
}

/**
 * The page a visitor gets while the database is away (docs/decisions/038): a 503 that reloads
 * itself after a while, so an open tab comes back with the site.
 */
export function unavailablePage(brandName: string): Response {
  return shortPage({
    status: 503,
    title: "We'll be right back",
    text: `${DATABASE_AWAY_MESSAGE} This page reloads by itself.`,
    brandName,
    retryAfterSeconds: RETRY_AFTER_SECONDS,
    reloadAfterSeconds: RETRY_AFTER_SECONDS * 3,
  });
}
