import { DATABASE_AWAY_MESSAGE, RETRY_AFTER_SECONDS } from '../api/error-handler';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page a visitor gets while the database is away (docs/decisions/038): a 503 with Retry-After,
 * small and self-contained — no script, no bundle, no query — so it renders whatever else is
 * down. Its one inline stylesheet is allowed by the page CSP (`style-src 'unsafe-inline'`), and
 * it reloads itself after a while, so an open tab comes back with the site.
 */
export function unavailablePage(brandName: string): Response {
  const brand = escapeHtml(brandName);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS * 3}">
<title>We'll be right back · ${brand}</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font:16px/1.5 system-ui,sans-serif;color:#1f2937;background:#f9fafb}main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.5rem;margin:0 0 .5rem}</style>
</head><body><main><h1>We'll be right back</h1>
<p>${escapeHtml(DATABASE_AWAY_MESSAGE)} This page reloads by itself.</p>
<p>${brand}</p></main></body></html>
`;
  return new Response(html, {
    status: 503,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'retry-after': String(RETRY_AFTER_SECONDS),
      'cache-control': 'no-store',
    },
  });
}
