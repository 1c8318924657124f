import { readFileSync } from 'node:fs';
import path from 'node:path';

/** React Router's `<Links/>` stylesheet tag for a built bundle (`/assets/app-…css`, maybe with `#`). */
const STYLESHEET = /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="(\/assets\/[\w.-]+\.css)[#?]?[^"]*"[^>]*?\/?>/g;

export type StyleInliner = (html: Buffer) => Buffer;

/**
 * Sellers' pages are opened from social apps on phones, where a render-blocking stylesheet costs a
 * round trip before the first paint (docs/decisions/025). For those pages the app's stylesheet is
 * written into the HTML as a `<style>` block, and the `<link>` React rendered stays (React expects
 * it when hydrating; it does not patch attributes) but with `media="print"`, so it no longer
 * blocks rendering. The style block then serves the whole visit: every page uses the same sheet.
 * Files are read once; a sheet that cannot be read (or could close the block) is left linked.
 */
export function createStyleInliner(clientDir: string): StyleInliner {
  const sheets = new Map<string, string | null>();
  const sheet = (href: string): string | null => {
    if (!sheets.has(href)) {
      let css: string | null = null;
      try {
        css = readFileSync(path.join(clientDir, href), 'utf8');
        if (/<\/style/i.test(css)) css = null;
      } catch {
        css = null;
      }
      sheets.set(href, css);
    }
    return sheets.get(href)!;
  };
  return (html) => {
    const text = html.toString('utf8');
    let changed = false;
    const out = text.replace(STYLESHEET, (tag, href: string) => {
      const css = sheet(href);
      if (css === null || /\bmedia=/.test(tag)) return tag;
      changed = true;
      return `<style>${css}</style>${tag.replace(/\s*\/?>$/, ' media="print"/>')}`;
    });
    return changed ? Buffer.from(out, 'utf8') : html;
  };
}
