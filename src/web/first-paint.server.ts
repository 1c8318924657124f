import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * What a document's first paint waits for (docs/decisions/048), settled in its <head> as the
 * server writes it:
 * - **the module preloads are fetched at low priority** (every page): module scripts never block
 *   rendering, but fetched at high priority (~125 KB) they shared the network with the HTML's last
 *   bytes, the stylesheet, the LCP image and the font, and Lighthouse counts high-priority scripts
 *   as render-blocking. They still load at once, behind what the first paint needs.
 * - **the app's stylesheet is inlined** (pages whose route asks for it: `handle.inlineStylesheet`,
 *   the sellers' pages): its `<link rel="stylesheet">` becomes a `<style>` with the same rules, and
 *   the link stays for React Router (hydration, navigation) with `media="print"`, so it neither
 *   blocks rendering nor applies twice. One stylesheet (~9 KB brotli) serves every page, so the
 *   whole sheet is the critical CSS. Sellers' pages come from the render cache, compressed once;
 *   on pages rendered per request its 54 KB would be compressed again on every request.
 */
export function firstPaintHead(
  clientDir: string,
): (head: string, options: { inlineStylesheet: boolean }) => string {
  const sheets = new Map<string, string | null>();
  const sheet = (href: string) => {
    if (!sheets.has(href)) {
      const file = path.join(clientDir, path.normalize(href).replace(/^(\.\.[/\\])+/, ''));
      let css: string | null = null;
      try {
        // `</style` cannot occur in a built stylesheet; refuse one that has it rather than break out.
        const text = readFileSync(file, 'utf8');
        css = /<\/style/i.test(text) ? null : text;
      } catch {
        css = null; // not built: the link stays as it is
      }
      sheets.set(href, css);
    }
    return sheets.get(href) ?? null;
  };
  return (head, { inlineStylesheet }) =>
    head
      .replace(STYLESHEET_LINK, (link: string, href: string) => {
        const css = inlineStylesheet ? sheet(href) : null;
        return css === null
          ? link
          : `<style data-inline-href="${href}">${css}</style>${link.replace('<link ', '<link media="print" ')}`;
      })
      .replaceAll(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"');
}

/** React Router's link to a built stylesheet (`#`: its marker of CSS also reached dynamically). */
const STYLESHEET_LINK = /<link\b[^>]*?\brel="stylesheet"[^>]*?\bhref="(\/assets\/[\w.-]+\.css)#?"[^>]*>/g;
const MODULE_PRELOAD = '<link rel="modulepreload"';
const HEAD_END = '</head>';
/** A head longer than this is not rewritten (it would be a bug elsewhere): the page is unchanged. */
const MAX_HEAD_BYTES = 256 * 1024;

/**
 * Passes a rendered document through, rewriting its <head> with `rewrite` once all of it has come
 * (React writes the head in the shell's first chunks); the body streams on untouched.
 */
export function headRewriter(rewrite: (head: string) => string): Transform {
  let pending: Buffer | null = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (!pending) return callback(null, chunk);
      const all: Buffer = Buffer.concat([pending, chunk]);
      // Searched in bytes: `</head>` is ASCII, so what comes before it is whole characters.
      const end = all.indexOf(HEAD_END);
      if (end === -1 && all.length < MAX_HEAD_BYTES) {
        pending = all;
        return callback();
      }
      pending = null;
      if (end === -1) return callback(null, all);
      const head = Buffer.from(rewrite(all.subarray(0, end).toString('utf8')));
      callback(null, Buffer.concat([head, all.subarray(end)]));
    },
    flush(callback: TransformCallback) {
      const rest = pending;
      pending = null;
      callback(null, rest?.length ? rest : undefined);
    },
  });
}

/** A route's `handle` asking for the stylesheet inline (layouts/user-site.tsx). */
export interface FirstPaintHandle {
  inlineStylesheet?: boolean;
}
