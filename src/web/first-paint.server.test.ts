import { describe, expect, it, vi } from 'vitest';
import {
  ICU_WARM_UP,
  PRELOADS_PER_TASK,
  scriptsAfterFirstPaint as rewriteChunk,
} from './first-paint.server';

const scriptsAfterFirstPaint = (html: string) => rewriteChunk(Buffer.from(html)).toString('utf8');

// The head and shell as React Router and React write them (docs/decisions/081): the preloads
// hoisted into the head, the context script, then the module script that loads the page.
const BOOT_BODY = [
  ';',
  'import * as route0 from "/assets/root-A.js";',
  'import * as route1 from "/assets/user-site-B.js";',
  '  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-C.js"},"version":"1"};',
  '  window.__reactRouterRouteModules = {"root":route0,"layouts/user-site":route1};',
  '',
  'import("/assets/entry.client-C.js");',
].join('\n');
const page = (boot = BOOT_BODY) =>
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-C.js" nonce="N1"/>' +
  '<link rel="modulepreload" href="/assets/vendor-D.js" nonce="N1"/>' +
  '<link rel="stylesheet" href="/assets/app-E.css"/></head><body><main>Maya</main>' +
  '<script nonce="N1">window.__reactRouterContext = {};</script>' +
  `<script nonce="N1" type="module" async="">${boot}</script>` +
  '<script nonce="N1">window.__reactRouterContext.streamController.close();</script></body></html>';

/**
 * Runs the rewritten boot script against a stand-in document; `import()` recorded, not loaded.
 * `Worker` is what the browser offers (the workers the script starts are recorded as their source).
 */
function runBoot(
  html: string,
  hidden: boolean,
  heroes: { decode: () => Promise<void> }[] = [],
  Worker?: new (url: string) => unknown,
) {
  const script = /<script nonce="N1">(\(function\(d\)[\s\S]*?)<\/script>/.exec(html)![1]!;
  const appended: string[] = [];
  const imported: string[] = [];
  const document = {
    hidden,
    head: {
      appendChild: (e: { tag: string; rel?: string; type?: string; href?: string; src?: string }) =>
        appended.push(`${e.tag} ${e.rel ?? e.type} ${e.href ?? e.src}`),
    },
    createElement: (tag: string) => ({ tag }),
    querySelectorAll: (selector: string) => (selector === 'img[fetchpriority=high]' ? heroes : []),
  };
  const window: Record<string, unknown> = {};
  const load = (url: string) => {
    imported.push(url);
    return Promise.resolve({ url });
  };
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const blobs = new Map<string, string>();
  class Blob {
    constructor(readonly parts: string[]) {}
  }
  const URL = {
    createObjectURL: (blob: Blob) => {
      const url = `blob:${blobs.size}`;
      blobs.set(url, blob.parts.join(''));
      return url;
    },
  };
  const workers: string[] = [];
  const run = new Function(
    'document',
    'window',
    '__import',
    'requestAnimationFrame',
    'setTimeout',
    'Worker',
    'URL',
    'Blob',
    script.replaceAll('import(', '__import('),
  );
  run(
    document,
    window,
    load,
    (f: () => void) => frames.push(f),
    (f: () => void) => timers.push(f),
    Worker &&
      function (url: string) {
        workers.push(blobs.get(url)!);
        return new Worker(url);
      },
    URL,
    Blob,
  );
  return { appended, imported, window, frames, timers, workers };
}

describe('scriptsAfterFirstPaint', () => {
  it('takes the preloads out of the head and makes the module script a classic one in its place', () => {
    const html = scriptsAfterFirstPaint(page());
    expect(html).not.toContain('modulepreload" href');
    expect(html).not.toContain('type="module"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app-E.css"/></head>');
    // Same place, same nonce; the scripts around it untouched.
    expect(html).toMatch(
      /<script nonce="N1">window.__reactRouterContext = \{\};<\/script><script nonce="N1">\(function\(d\)/,
    );
    expect(html).toContain(
      '<script nonce="N1">window.__reactRouterContext.streamController.close();',
    );
    expect(html).not.toMatch(/<\/(?!script>|body>|html>|head>|main>)/);
  });

  it('after the first frame, adds the preloads, loads the routes, then the entry, as React Router did', async () => {
    const run = runBoot(scriptsAfterFirstPaint(page()), false);
    expect(run.imported).toEqual([]);
    await vi.waitFor(() => expect(run.frames).toHaveLength(1));
    expect(run.timers).toHaveLength(0);
    run.frames.shift()!();
    expect(run.imported).toEqual([]);
    run.timers.shift()!();
    // The route modules as script elements too: those delay the document's load event (import()
    // does not), so a page is hydrating by the time it says it has loaded.
    expect(run.appended).toEqual([
      'link modulepreload /assets/entry.client-C.js',
      'link modulepreload /assets/vendor-D.js',
      'script module /assets/root-A.js',
      'script module /assets/user-site-B.js',
    ]);
    expect(run.imported).toEqual(['/assets/root-A.js', '/assets/user-site-B.js']);
    await vi.waitFor(() => expect(run.appended).toHaveLength(5));
    // The entry, once the route modules are known to React Router.
    expect(run.appended[4]).toBe('script module /assets/entry.client-C.js');
    expect(run.window.__reactRouterRouteModules).toEqual({
      root: { url: '/assets/root-A.js' },
      'layouts/user-site': { url: '/assets/user-site-B.js' },
    });
    expect(run.window.__reactRouterManifest).toMatchObject({ version: '1' });
  });

  it('adds a few preloads per task, then loads the routes (ADR 086)', () => {
    const chunks = ['F', 'G', 'H', 'I', 'J', 'K'].map((name) => `/assets/chunk-${name}.js`);
    const html = page().replace(
      '<link rel="stylesheet"',
      `${chunks.map((href) => `<link rel="modulepreload" href="${href}" nonce="N1"/>`).join('')}<link rel="stylesheet"`,
    );
    const run = runBoot(scriptsAfterFirstPaint(html), true);
    run.timers.shift()!();
    const links = () => run.appended.filter((e) => e.startsWith('link'));
    expect(links()).toHaveLength(PRELOADS_PER_TASK);
    expect(run.imported).toEqual([]);
    // The rest in the next tasks, each its own, and the routes after the last.
    while (run.timers.length) run.timers.shift()!();
    expect(links()).toHaveLength(8);
    expect(run.appended.slice(8)).toEqual([
      'script module /assets/root-A.js',
      'script module /assets/user-site-B.js',
    ]);
    expect(run.imported).toEqual(['/assets/root-A.js', '/assets/user-site-B.js']);
  });

  it("waits for the page's first picture to be decoded (or to fail) before that frame", async () => {
    let decoded!: () => void;
    const hero = { decode: () => new Promise<void>((resolve) => (decoded = resolve)) };
    const broken = { decode: () => Promise.reject(new Error('EncodingError')) };
    // An older browser's image has no decode(): it does not hold the page back.
    const older = {} as { decode: () => Promise<void> };
    const run = runBoot(scriptsAfterFirstPaint(page()), false, [hero, broken, older]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(run.frames).toHaveLength(0);
    decoded();
    await vi.waitFor(() => expect(run.frames).toHaveLength(1));
  });

  it('does not wait for a frame in a tab in the background (none is drawn there)', () => {
    const run = runBoot(scriptsAfterFirstPaint(page()), true);
    expect(run.frames).toHaveLength(0);
    run.timers.shift()!();
    expect(run.imported).toEqual(['/assets/root-A.js', '/assets/user-site-B.js']);
  });

  it('first starts a worker that formats in the page locale, then closes (ADR 085)', () => {
    const run = runBoot(scriptsAfterFirstPaint(page()), true, [], class {});
    expect(run.workers).toEqual([ICU_WARM_UP]);
    // What the worker runs: a number and a date in the locale the pages format in, then close().
    const close = vi.fn();
    new Function('close', ICU_WARM_UP)(close);
    expect(close).toHaveBeenCalledOnce();
    expect(ICU_WARM_UP).toContain('Intl.NumberFormat("en-US"');
    expect(ICU_WARM_UP).toContain('Intl.DateTimeFormat("en-US"');
  });

  it('goes on loading the page where no worker may start (an older CSP, no Worker)', () => {
    const refused = class {
      constructor() {
        throw new Error('SecurityError');
      }
    };
    for (const Worker of [refused, undefined]) {
      const run = runBoot(scriptsAfterFirstPaint(page()), true, [], Worker);
      expect(run.workers).toHaveLength(Worker ? 1 : 0);
      run.timers.shift()!();
      expect(run.imported).toEqual(['/assets/root-A.js', '/assets/user-site-B.js']);
    }
  });

  it('leaves a page alone when its scripts are not what it expects', () => {
    const plain = '<!DOCTYPE html><html><head></head><body><p>Hi</p></body></html>';
    expect(scriptsAfterFirstPaint(plain)).toBe(plain);
    const otherImport = page(`import "/assets/manifest-F.js";\n${BOOT_BODY}`);
    expect(scriptsAfterFirstPaint(otherImport)).toBe(otherImport);
    const noRoutes = page('import("/assets/entry.client-C.js");');
    expect(scriptsAfterFirstPaint(noRoutes)).toBe(noRoutes);
  });
});
