import { DEFAULT_LOCALE } from '../shared/format';

/**
 * The app's JavaScript after the first paint (docs/decisions/081). React Router's `<Scripts>`
 * writes a `<link rel="modulepreload">` for every module of the page (React hoists them into the
 * head) and an inline module script whose static imports load the route modules, then the entry.
 * Fetched at high priority from the head, those ~125 KB shared a phone's network with the
 * stylesheet, the font and the pictures the first paint needs, and Lighthouse's simulation counts
 * every one of them on the first paint's path (ADR 048): LCP 2.2–2.4 s on sellers' pages.
 *
 * Rewritten here, the page asks for its modules once it has been painted: the preloads leave the
 * head, and the module script becomes a classic script that waits for the page's first picture
 * (`fetchpriority="high"`) to be decoded and for the next frame (none is drawn before the
 * stylesheet is in), then adds the same preloads, loads the same route modules and runs React
 * Router's code with them, then the entry. The modules go in as script elements (and `import()`
 * for their exports): a script element added before the load event delays it until it has run,
 * so a page still hydrates before it says it has loaded where it can. Its place in the document and its
 * attributes (the nonce) stay, so hydration meets the node it expects; being inline text, a cached
 * page's CSP allows it by its hash like any other (pages/page-compression.ts). A page whose
 * scripts do not look as expected is left as it was.
 *
 * Before anything else the script starts a worker that warms the browser's Intl up (ICU_WARM_UP).
 */

/**
 * A renderer's first Intl formatter costs 20–50 ms on a fast machine (ICU loading and indexing its
 * locale data), paid by whichever script formats first: the main thread, while the page's modules
 * start and hydrate — its longest task (docs/decisions/085). ICU's data is the process's, shared by
 * its threads, so a worker that formats once in the page's locale pays it on a thread of its own,
 * beside the first paint; the page's own formatters then take ~0.2 ms. The worker closes itself.
 * A browser that refuses it (a CSP without `worker-src blob:`) goes on as before.
 */
export const ICU_WARM_UP =
  `new Intl.NumberFormat(${JSON.stringify(DEFAULT_LOCALE)},{style:"currency",currency:"USD"}).format(1);` +
  `new Intl.DateTimeFormat(${JSON.stringify(DEFAULT_LOCALE)},{dateStyle:"medium",timeZone:"UTC"}).format(0);close()`;
const warmUpIcu =
  `try{new Worker(URL.createObjectURL(new Blob([${JSON.stringify(ICU_WARM_UP)}],` +
  `{type:"text/javascript"})))}catch(e){}`;

/** How many module preloads the boot script adds in one task (docs/decisions/086). */
export const PRELOADS_PER_TASK = 4;

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*?\/>/g;
const BOOT = /^<script\b([^>]*?)\stype="module"([^>]*)>([\s\S]*)<\/script>$/;
const ROUTE_IMPORT = /^import \* as (route\d+) from ("[^"\\]+");$/gm;
const ENTRY_IMPORT = /^import\(("[^"\\]+")\);\s*$/m;

/**
 * The page's first chunk (head and shell) with its modules asked for after the first paint.
 * Only the head and the module script are read as text (the chunk is ~20–90 KB; decoding and
 * encoding all of it cost more than the rewrite).
 */
export function scriptsAfterFirstPaint(html: Buffer): Buffer {
  const headEnd = html.indexOf('</head>');
  const type = html.indexOf(' type="module"', headEnd);
  if (headEnd === -1 || type === -1) return html;
  const bootStart = html.lastIndexOf('<script', type);
  const bootEnd = html.indexOf('</script>', type) + '</script>'.length;
  if (bootStart < headEnd || bootEnd < type) return html;
  const boot = BOOT.exec(html.toString('utf8', bootStart, bootEnd));
  if (!boot) return html;
  const [, before = '', after = '', body = ''] = boot;
  const imports = [...body.matchAll(ROUTE_IMPORT)].map(([, name, url]) => ({ name, url }));
  const entry = ENTRY_IMPORT.exec(body);
  const rest = body.replace(ROUTE_IMPORT, '').replace(ENTRY_IMPORT, '');
  // Any other import (a form React Router does not write today) would be lost: leave it.
  if (imports.length === 0 || !entry || /^\s*import\b/m.test(rest)) return html;
  const head = html.toString('utf8', 0, headEnd);
  const preloads = [...head.matchAll(PRELOAD)].map(([, href]) => href!);
  const attributes = `${before}${after}`.replace(/\sasync(?:="")?/, '');
  const urls = `[${imports.map((i) => i.url).join(',')}]`;
  const modules = imports.map((i, n) => `${i.name}=m[${n}]`).join(',');
  const script =
    `(function(d){${warmUpIcu}function add(tag,attrs){var e=d.createElement(tag);` +
    `for(var k in attrs)e[k]=attrs[k];d.head.appendChild(e)}` +
    // A few preloads per task: each request cost the main thread 1–14 ms with the CPU throttled 4×,
    // and a page's ~11 in one task made it one of its longest (ADR 086).
    `function go(){var l=${JSON.stringify(preloads)};(function more(){` +
    `l.splice(0,${PRELOADS_PER_TASK}).forEach(function(h){add("link",{rel:"modulepreload",href:h})});` +
    `l.length?setTimeout(more):start()})()}` +
    `function start(){${urls}.forEach(function(u){add("script",{type:"module",src:u})});` +
    `Promise.all(${urls}.map(function(u){return import(u)}))` +
    `.then(function(m){var ${modules};${rest};add("script",{type:"module",src:${entry[1]}})})}` +
    // The page's first picture (fetchpriority="high": its largest, drawn first) decoded, or failed
    // (a browser without decode() goes on at once).
    `var hero=[].map.call(d.querySelectorAll("img[fetchpriority=high]"),function(i){` +
    `return i.decode&&i.decode().catch(function(){})});` +
    `d.hidden?setTimeout(go):Promise.all(hero).then(function(){` +
    `requestAnimationFrame(function(){setTimeout(go)})})})(document)`;
  return Buffer.concat([
    Buffer.from(head.replace(PRELOAD, '')),
    html.subarray(headEnd, bootStart),
    Buffer.from(`<script${attributes}>${script.replace(/<\//g, '<\\/')}</script>`),
    html.subarray(bootEnd),
  ]);
}
