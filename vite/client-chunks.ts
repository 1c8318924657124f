import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Fewer, larger shared chunks for the browser (docs/decisions/011).
 *
 * Left alone, Rollup splits the code every page loads into ~20 small shared chunks (a few hundred
 * bytes each); on a phone each costs a request and ~1 KB of response headers, more than the code
 * in most of them. So:
 * - everything the root route or the client entry import *statically* is loaded by every page
 *   anyway: it goes into `vendor` (React, React DOM, React Router, other packages) and `app` (our
 *   lib and shared code);
 * - what the marketplace's layouts (default, landing) import goes into `app` too when a seller's
 *   page uses it as well (the cart and messages links, the drawer button), else into `shell`
 *   (header search, tag bar, footer, the landing pages' shell): a seller's page has its own header
 *   and never loads it (2.3 KB off each; the root's and the sellers' layout's error pages and the
 *   landing pages load it through shell/LazyShells.tsx);
 * - the UI primitives (`src/web/components`) and shared helpers (`src/shared`, not the contracts)
 *   that several routes import join `app` too (a few KB: form fields, page headers, formatting);
 *   one that a single route uses stays with that route;
 * - a feature's small helpers that several routes import (`src/web/features/<name>` outside its
 *   `components/`: API calls, validation, formatting) become one chunk per feature,
 *   `feature-<name>`; its components keep Rollup's grouping by the routes that use them, so a
 *   signed-in page's forms never load on a public page.
 * - the components both post pages use (gallery, options, comments, like) form one `post-page`
 *   chunk, whichever other routes (the editor's preview) share some of them.
 * - what the sellers' layout imports (its shell, fonts, the in-app hint, the site paths) and the
 *   seller's search box form one `site-shell` chunk (the cart's attribution, which the
 *   marketplace's post page uses too, goes to `feature-cart`): left to Rollup
 *   they were six chunks of a few hundred bytes on every seller's page, each with ~0.3 KB of
 *   response headers (1.3 KB of a seller's page's 130 KB budget).
 * Modules reached only through a dynamic import (the dialogs, the drawer, the error page, the
 * avatar menu, the zod contracts) are never grouped: they keep their own chunks and load only
 * when needed.
 *
 * It also writes `build/client-modules.json` (beside the served directory, not in it): which
 * source modules each client chunk holds, so tests can name the chunks a page must not load.
 */
// The user-site layout is not among them: only sellers' pages load it, so its shell (branding,
// fonts, the in-app browser hint) stays out of the code every marketplace page loads.
const ROOTS = [/\/src\/web\/root\.tsx$/, /entry\.client\.tsx$/];
/**
 * The marketplace's layouts: their shell (header search, tag bar, footer) is not on sellers' pages,
 * so what only they (and the routes under them) use goes into `shell`; what a seller's page uses as
 * well stays in `app`.
 */
const MARKET_ROOTS = [/\/src\/web\/layouts\/(?:default|landing)\.tsx$/];
/** The sellers' layout and the routes below it. */
const SELLER_SIDE = /\/src\/web\/(?:layouts\/user-site|routes\/site\/[^/]+)\.tsx$/;

/** The layout of sellers' pages (`/{username}/…`, a verified domain's pages). */
const SELLER_LAYOUT = /\/src\/web\/layouts\/user-site\.tsx$/;
/** Every seller's page loads it: the page itself, or its header's idle prefetch (products). */
const SELLER_SEARCH = /\/src\/web\/features\/sites\/components\/SiteSearch\.tsx$/;

/**
 * The cart's attribution (addToCart, the landing a sale is credited to): the sellers' layout
 * imports it, but so does the marketplace's post page, which in `site-shell` it made load the
 * sellers' whole shell (3 KB) for one function. It goes with the cart's other shared helpers.
 */
const CART_ATTRIBUTION = /\/src\/web\/features\/cart\/attribution\.ts$/;

/** The two post pages: the marketplace's (`/products/{id}`) and a seller's (`/{username}/{id}`). */
const POST_PAGES = [/\/src\/web\/routes\/products\.tsx$/, /\/src\/web\/routes\/site\/post\.tsx$/];
/** What the two post routes compose together (the buyer's open offer): with their components. */
const POST_ROUTE_PARTS = /\/src\/web\/routes\/post-open-offer\.ts$/;

/**
 * Shared UI that only signed-in members' editors and lists use (posts, messages, profile, branding): several
 * routes share them, but no visitor's page needs them, so they stay out of `app` and every
 * public page's budget (a chunk those editors share instead).
 */
const MEMBER_FORM_PARTS = [
  /\/src\/web\/components\/ui\/TagInput\.tsx$/,
  /\/src\/web\/components\/ui\/UploadProgress\.tsx$/,
  // The view switcher of the members' lists (/comments, /moderation, /messages, /admin-messages).
  /\/src\/web\/components\/ui\/PillNav\.tsx$/,
  // Copy buttons of the page editor (address, DNS records, bio links) and of /insights.
  /\/src\/web\/components\/CopyButton\.tsx$/,
  // Carrier and tracking number: a seller's shipment, a buyer's return (with the carriers list).
  /\/src\/web\/components\/ParcelFields\.tsx$/,
];

/**
 * A feature's helpers that only members' pages share, which would pull the sellers' shell into a
 * feature chunk that public pages load (the accepted offer's cart line, used by /offers and
 * /messages, calls the cart's attribution): Rollup groups them with those pages instead.
 */
const MEMBER_HELPERS = [/\/src\/web\/features\/cart\/offer-line\.ts$/];

/**
 * The browser's API client (docs/decisions/054): loaded by lib/api.ts on the first call. The
 * server-side client shares its module, so the module graph reaches it from the root; grouped on
 * its own, the pages load it only when they call the API (the error type, lib/api-error.ts, stays
 * in `app`).
 */
const API_CLIENT = /\/src\/web\/lib\/(?:api-client|browser-api|xhr-upload)\.ts$/;

type ModuleInfoLike = { importers: readonly string[]; isEntry: boolean } | null;

export function clientChunks(): Plugin {
  const isClient = (context: unknown) =>
    (context as { environment?: { config?: { consumer?: string } } }).environment?.config
      ?.consumer === 'client';
  return {
    name: 'storefront:client-chunks',
    apply: 'build',
    async writeBundle(options, bundle) {
      if (!isClient(this) || !options.dir) return;
      const root = process.cwd();
      const modules: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        modules[chunk.fileName] = chunk.moduleIds
          .map((id) => path.relative(root, id.split('?')[0]!))
          .filter((id) => !id.startsWith('..') && !id.includes('\0'));
      }
      await writeFile(
        path.join(options.dir, '..', 'client-modules.json'),
        JSON.stringify(modules, null, 1),
      );
    },
    outputOptions(options) {
      if (!isClient(this)) return null;
      const bare = (moduleId: string) => moduleId.split('?')[0]!;
      return {
        ...options,
        manualChunks(id, { getModuleInfo }) {
          // Who imports `start` statically, directly or not (walking the static importers up): the
          // entry modules (route modules, the client entry), and whether a root is among them.
          const importersOf = (start: string) => {
            const entries = new Set<string>();
            let rooted = false;
            let market = false;
            const seen = new Set<string>([start]);
            const queue = [start];
            while (queue.length) {
              const info = getModuleInfo(queue.shift()!) as ModuleInfoLike;
              for (const importer of info?.importers ?? []) {
                if (seen.has(importer)) continue;
                seen.add(importer);
                if (ROOTS.some((root) => root.test(bare(importer)))) rooted = true;
                if (MARKET_ROOTS.some((root) => root.test(bare(importer)))) market = true;
                if ((getModuleInfo(importer) as ModuleInfoLike)?.isEntry) entries.add(importer);
                queue.push(importer);
              }
            }
            return { entries, rooted, market };
          };
          const info = getModuleInfo(id) as ModuleInfoLike;
          if (!info || info.isEntry) return null;
          if (API_CLIENT.test(bare(id))) return 'api-client';
          const { entries, rooted, market } = importersOf(id);
          // Rollup's own helpers (`\0commonjsHelpers.js`, which React's CommonJS build calls)
          // go with the packages: in `app` they made vendor import app while app imports vendor,
          // a circular chunk.
          const packaged = id.includes('/node_modules/') || id.startsWith('\0');
          if (rooted) return packaged ? 'vendor' : 'app';
          const file = bare(id);
          const routes = [...entries].map(bare);
          if (market) {
            if (packaged) return 'vendor';
            return routes.some((route) => SELLER_SIDE.test(route)) ? 'app' : 'shell';
          }
          if (CART_ATTRIBUTION.test(file)) return 'feature-cart';
          // The sellers' pages' shell in one chunk (members' pages that share a helper with it,
          // the page editor's preview or /offers, load it too: a few KB off the public budget).
          if (routes.some((route) => SELLER_LAYOUT.test(route)) || SELLER_SEARCH.test(file))
            return 'site-shell';
          // The post pages' own components (gallery, options, comments, like) in one chunk: left
          // to Rollup they split by which other routes share each (the editor's preview, the
          // seller's preview), three requests where one does — the marketplace's heaviest pages.
          if (
            (/\/src\/web\/features\/[^/]+\/components\//.test(file) ||
              POST_ROUTE_PARTS.test(file)) &&
            POST_PAGES.every((page) => routes.some((route) => page.test(route)))
          )
            return 'post-page';
          // Shared by several routes (form fields, page headers); a component one route uses
          // stays in that route's chunk.
          if (
            file.includes('/src/web/components/') &&
            !MEMBER_FORM_PARTS.some((part) => part.test(file)) &&
            entries.size >= 2
          )
            return 'app';
          // So are the shared helpers (formatting, not the zod contracts) that several routes use:
          // left to Rollup, a feature chunk that uses one swallows it, and a page needing only
          // `formatMoney` (a post) loaded that feature's whole list code with it.
          // The plans table (prices, limits, feature lists) is data several signed-in and content
          // pages show, not a helper: it stays in their chunks, off every other page; so do the
          // sources' names (/insights and the links editor's bio links).
          if (
            /\/src\/shared\/(?!contracts\/|api\/|plans\.ts$|source-names\.ts$)/.test(file) &&
            entries.size >= 2
          )
            return 'app';
          // Members' helpers that would drag the sellers' shell into a public feature chunk.
          if (MEMBER_HELPERS.some((helper) => helper.test(file))) return null;
          // A helper one route uses stays in that route's chunk too (e.g. the post editor's, which
          // would otherwise ride along to every public page that loads the catalogue's helpers).
          const feature = /\/src\/web\/features\/([^/]+)\/(?!components\/)/.exec(file)?.[1];
          if (feature && entries.size >= 2) return `feature-${feature}`;
          return null;
        },
      };
    },
  };
}
