import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { firstPaintHead, headRewriter } from './first-paint.server';

/** A client build directory with one stylesheet, as React Router links it. */
function clientDir(css = 'body{margin:0}.a{color:red}') {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'first-paint-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'app-X1.css'), css);
  return dir;
}

const HEAD =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/vendor-B.js" nonce="n"/>' +
  '<link nonce="n" rel="stylesheet" href="/assets/app-X1.css#"/>';

const INLINE = { inlineStylesheet: true };

async function through(parts: string[], rewrite: (head: string) => string) {
  const out: Buffer[] = [];
  const stream = Readable.from(parts.map((p) => Buffer.from(p))).pipe(headRewriter(rewrite));
  for await (const chunk of stream) out.push(chunk as Buffer);
  return Buffer.concat(out).toString('utf8');
}

describe('firstPaintHead', () => {
  it('inlines the built stylesheet and keeps its link off the render path', () => {
    const html = firstPaintHead(clientDir())(HEAD, INLINE);
    expect(html).toContain(
      '<style data-inline-href="/assets/app-X1.css">body{margin:0}.a{color:red}</style>' +
        '<link media="print" nonce="n" rel="stylesheet" href="/assets/app-X1.css#"/>',
    );
    // Exactly one render-blocking candidate fewer: no stylesheet link without the print media.
    expect(html).not.toMatch(/<link nonce="n" rel="stylesheet"/);
  });

  it('leaves the stylesheet linked on a page that does not ask for it inline', () => {
    const html = firstPaintHead(clientDir())(HEAD, { inlineStylesheet: false });
    expect(html).not.toContain('<style');
    expect(html).toContain('<link nonce="n" rel="stylesheet" href="/assets/app-X1.css#"/>');
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low"');
  });

  it('fetches the module preloads behind what the first paint needs', () => {
    const html = firstPaintHead(clientDir())(HEAD, INLINE);
    expect(html.match(/<link rel="modulepreload" fetchpriority="low" href=/g)).toHaveLength(2);
  });

  it('leaves a stylesheet it cannot read (or that could close the style element) linked', () => {
    expect(firstPaintHead(path.join(os.tmpdir(), 'no-such-build'))(HEAD, INLINE)).toContain(
      '<link nonce="n" rel="stylesheet" href="/assets/app-X1.css#"/>',
    );
    const hostile = firstPaintHead(clientDir('a{}</style><script>alert(1)</script>'))(HEAD, INLINE);
    expect(hostile).not.toContain('<style data-inline-href');
    expect(hostile).toContain('<link nonce="n" rel="stylesheet" href="/assets/app-X1.css#"/>');
  });

  it('reads nothing outside the build directory', () => {
    const dir = clientDir();
    writeFileSync(path.join(dir, '..', 'secret.css'), 'leak{}');
    const html = firstPaintHead(dir)('<link rel="stylesheet" href="/assets/../../secret.css"/>', INLINE);
    expect(html).not.toContain('leak{}');
  });
});

describe('headRewriter', () => {
  const upper = (head: string) => head.toUpperCase();

  it('rewrites the head once it is whole, however the chunks split it, and passes the body on', async () => {
    const out = await through(['<html><he', 'ad>abc</he', 'ad><body>xyz</body></html>'], upper);
    expect(out).toBe('<HTML><HEAD>ABC</head><body>xyz</body></html>');
  });

  it('keeps a character split between two chunks whole', async () => {
    const bytes = Buffer.from('<head>é</head><body>ü</body>');
    const cut = bytes.indexOf(Buffer.from('ü')) + 1; // inside the two-byte ü
    const out: Buffer[] = [];
    const stream = Readable.from([bytes.subarray(0, cut), bytes.subarray(cut)]).pipe(
      headRewriter(upper),
    );
    for await (const chunk of stream) out.push(chunk as Buffer);
    expect(Buffer.concat(out).toString('utf8')).toBe('<HEAD>É</head><body>ü</body>');
  });

  it('passes a document without a head through unchanged', async () => {
    expect(await through(['<p>', 'fragment</p>'], upper)).toBe('<p>fragment</p>');
  });
});
