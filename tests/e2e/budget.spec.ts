import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { accountsApi } from '../../src/shared/api/accounts';
import { COMPILE_HINT } from '../../vite/compile-hints';
import { DEMO_PASSWORD, apiClient, expect, test } from './support';

/**
 * The JavaScript budget of the public pages (DESIGN §6, docs/decisions/011): at most 130 KB
 * transferred (compressed bodies plus response headers, as Lighthouse counts it), the idle prefetch
 * of the header pages included; and code that only errors, dialogs or signed-in visitors need is
 * not loaded at all.
 */
const PUBLIC_PAGES = [
  '/',
  '/index-landing',
  '/index-pc-hardwarebio',
  '/pricing',
  '/contact',
  '/how-to-sell-used-pc-hardware-online',
  '/login',
  '/maya',
  '/maya-x',
  '/marketplace',
  '/checkout',
  '/products/feedback',
];
const BUDGET_BYTES = 130 * 1024;

/** Source modules a visitor's public page must not load, by the chunk that holds them. */
const LAZY_ONLY = {
  'error page': 'src/web/shell/ErrorPage.tsx',
  'avatar menu': 'src/web/shell/AvatarMenu.tsx',
  'modal dialog': 'src/web/components/ui/modal/ModalHost.tsx',
  'side menu drawer': 'src/web/shell/SideMenu.tsx',
  'zod contracts': 'src/shared/contracts/accounts.ts',
  'site editor': 'src/web/features/sites/editor/components/SiteEditor.tsx',
  // Shipments' and returns' carrier fields (with the carriers list): members' forms only.
  'parcel fields': 'src/web/components/ParcelFields.tsx',
  // The browser's API client loads on the first call (docs/decisions/054).
  'API client': 'src/web/lib/browser-api.ts',
} as const;

/** Sellers' pages have their own header: the marketplace's shell (header search, tag bar) stays off. */
const SELLER_PAGES = new Set(['/maya', '/maya-x']);
const MARKETPLACE_SHELL = 'src/web/shell/DefaultShell.tsx';

/** Which client chunk holds which source modules (written by the build: vite/client-chunks.ts). */
async function chunkOf(source: string): Promise<string> {
  const modules = JSON.parse(
    await readFile(path.join(process.cwd(), 'build/client-modules.json'), 'utf8'),
  ) as Record<string, string[]>;
  const chunk = Object.entries(modules).find(([, ids]) => ids.includes(source))?.[0];
  if (!chunk) throw new Error(`no client chunk holds ${source}`);
  return `/${chunk}`;
}

/** Records every script the page fetches, with its transferred size once it has finished. */
function recordScripts(page: Page) {
  const sizes = new Map<string, Promise<number>>();
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    sizes.set(
      new URL(request.url()).pathname,
      request.sizes().then((s) => s.responseBodySize + s.responseHeadersSize),
    );
  });
  return {
    paths: () => [...sizes.keys()],
    total: async () => (await Promise.all(sizes.values())).reduce((a, b) => a + b, 0),
  };
}

/** Waits for the idle prefetch (SPEC §9, ~2 s after load) and for every module it asked for. */
async function settle(page: Page, scripts: ReturnType<typeof recordScripts>) {
  await expect
    .poll(() => page.locator('link[rel="prefetch"]').count(), { message: 'the idle prefetch' })
    .toBeGreaterThan(0);
  const modules = await page
    .locator('link[rel="modulepreload"]')
    .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
  await expect
    .poll(() => modules.filter((m) => !scripts.paths().includes(m)), {
      message: 'every preloaded module fetched',
    })
    .toEqual([]);
}

test.describe('JavaScript budget of the public pages', () => {
  for (const pagePath of PUBLIC_PAGES) {
    test(`${pagePath}: ≤ 130 KB of JavaScript, nothing only errors, dialogs or members need`, async ({
      page,
    }) => {
      const scripts = recordScripts(page);
      await page.goto(pagePath);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await settle(page, scripts);

      const total = await scripts.total();
      expect(total, `${(total / 1024).toFixed(1)} KB`).toBeLessThanOrEqual(BUDGET_BYTES);
      for (const [what, source] of Object.entries(LAZY_ONLY)) {
        expect(scripts.paths(), `the ${what} chunk`).not.toContain(await chunkOf(source));
      }
      const shell = await chunkOf(MARKETPLACE_SHELL);
      expect(scripts.paths().includes(shell), 'the marketplace shell loaded').toBe(
        !SELLER_PAGES.has(pagePath),
      );
    });
  }

  test('every script a page loads asks V8 to compile it as it streams in (docs/decisions/084)', async ({
    page,
  }) => {
    const firstLines = new Map<string, Promise<string>>();
    page.on('response', (response) => {
      const { protocol, pathname } = new URL(response.url());
      // The build's chunks; not the Intl warm-up's worker, a blob the page makes (ADR 085).
      if (response.request().resourceType() !== 'script' || protocol === 'blob:') return;
      firstLines.set(
        pathname,
        response.text().then((body) => body.split('\n', 1)[0]!),
      );
    });
    // A seller's page (its own shell), a marketplace page, and a dialog's chunk loaded on demand.
    await page.goto('/maya');
    await page.goto('/marketplace');
    await page.getByTestId('side-menu-button').click();
    await expect(page.getByTestId('side-menu')).toBeVisible();
    await expect
      .poll(() => [...firstLines.keys()])
      .toContain(await chunkOf(LAZY_ONLY['side menu drawer']));
    expect(firstLines.size).toBeGreaterThan(10);
    for (const [script, firstLine] of firstLines)
      expect(await firstLine, script).toBe(COMPILE_HINT);
  });

  test('a page warms Intl up in a worker of its own, which closes itself (docs/decisions/085)', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const closed: string[] = [];
    const started = new Promise<string>((resolve) =>
      page.on('worker', (worker) => {
        worker.on('close', () => closed.push(worker.url()));
        resolve(worker.url());
      }),
    );
    await page.goto('/maya');
    // Started from the page's first script (a blob: the CSP's worker-src allows it), and gone again.
    const url = await started;
    expect(url).toMatch(/^blob:/);
    await expect.poll(() => closed).toEqual([url]);
    // The page formats its prices as before.
    await expect(page.locator('.product-card .price').first()).toHaveText(/^\$\d/);
    expect(errors).toEqual([]);
  });

  test('a page builds no Error while its modules run and it hydrates (docs/decisions/086)', async ({
    page,
  }) => {
    // Every `Error()` the page's scripts build is counted, with where it was built: under a
    // DevTools client (Lighthouse) each costs V8 a re-parse of the functions on the stack.
    await page.addInitScript(() => {
      const NativeError = Error;
      const built: string[] = [];
      const note = (args: unknown[]) => {
        const where = new NativeError().stack?.split('\n')[3]?.trim() ?? '';
        built.push(`${String(args[0]).slice(0, 60)} ${where}`);
      };
      (window as unknown as { builtErrors: string[] }).builtErrors = built;
      window.Error = new Proxy(NativeError, {
        apply: (target, self, args: unknown[]) => (note(args), Reflect.apply(target, self, args)),
        construct: (target, args: unknown[], newTarget) => (
          note(args),
          Reflect.construct(target, args, newTarget)
        ),
      });
    });
    const scripts = recordScripts(page);
    for (const pagePath of ['/maya', '/marketplace']) {
      await page.goto(pagePath);
      await expect(page.locator('.product-card').first()).toBeVisible();
      expect(
        scripts.paths().some((p) => /\/vendor-/.test(p)),
        `${pagePath} loads React`,
      ).toBe(true);
      const built = await page.evaluate(
        () => (window as unknown as { builtErrors: string[] }).builtErrors,
      );
      expect(built, pagePath).toEqual([]);
    }
  });

  test('the lazy chunks do load where they are needed', async ({ page }) => {
    const scripts = recordScripts(page);
    // An error page loads its chunk (and is still rendered by the server, with its status).
    const res = await page.goto('/no-such-seller-here');
    expect(res?.status()).toBe(404);
    await expect(page.getByTestId('error-page')).toBeVisible();
    await expect.poll(() => scripts.paths()).toContain(await chunkOf(LAZY_ONLY['error page']));

    // The drawer loads when the menu is opened.
    await page.getByTestId('side-menu-button').click();
    await expect(page.getByTestId('side-menu')).toBeVisible();
    expect(scripts.paths()).toContain(await chunkOf(LAZY_ONLY['side menu drawer']));

    // Signed in, the header shows the avatar menu.
    await apiClient(page.request).call(accountsApi.login, {
      body: { email: 'sam@demo.storefront.test', password: DEMO_PASSWORD },
    });
    await page.goto('/about');
    await expect(page.getByTestId('avatar-menu-button').first()).toBeVisible();
    await expect.poll(() => scripts.paths()).toContain(await chunkOf(LAZY_ONLY['avatar menu']));
  });
});
