import path from 'node:path';
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { extractLinks, readOutbox } from '../../src/server/adapters/mail/outbox';
import { createApiClient, type ApiClient } from '../../src/web/lib/api-client';

export { expect };

let clientCount = 0;

/**
 * A client address of its own for every test (sent as X-Forwarded-For; the e2e server trusts the
 * proxy header): the per-IP rate limits (login: 10 a minute) never make one test depend on how
 * many logins the others used. Unique per worker process and test.
 */
export function nextClientIp(): string {
  clientCount += 1;
  const n = (process.pid % 250) * 254 * 256 + clientCount;
  const host = (n % 254) + 1; // 1…254: never a network or broadcast address
  const rest = Math.floor(n / 254);
  return `10.${Math.floor(rest / 256) % 256}.${rest % 256}.${host}`;
}

/**
 * Resolves once the page in `page` has hydrated — or at once for a document that is not one of the
 * app's pages (a file, JSON) or runs no script. Pages ask for their modules after their first paint
 * (docs/decisions/081), which on a page without pictures comes after the load event, where
 * Playwright's navigations return: a click or a choice right after would reach only the server's
 * HTML, as it would for a person on a slow phone, who waits for the page to respond.
 */
export async function pageHydrated(page: Page) {
  await page.waitForFunction(
    () => {
      const w = window as unknown as Record<string, unknown>;
      if (!w.__reactRouterContext) return true;
      const react = (el: Element | null) =>
        !!el && Object.keys(el).some((key) => key.startsWith('__reactProps'));
      return !!w.__reactRouterDataRouter && react(document.body);
    },
    undefined,
    { timeout: 15_000 },
  );
}

type Navigation = (this: Page, ...args: never[]) => Promise<unknown>;

/** Every navigation of every page in this worker waits for the new page to hydrate (pageHydrated). */
function hydratingNavigations(prototype: Record<string, Navigation> & { hydrating?: true }) {
  if (prototype.hydrating) return;
  prototype.hydrating = true;
  for (const name of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const navigate = prototype[name]!;
    prototype[name] = async function (this: Page, ...args: never[]) {
      const response = await navigate.apply(this, args);
      // A test that asks for an earlier moment (`waitUntil: 'domcontentloaded'`) gets it.
      const options = args[name === 'goto' ? 1 : 0] as { waitUntil?: string } | undefined;
      const early = options?.waitUntil === 'domcontentloaded' || options?.waitUntil === 'commit';
      if (response && !early) await pageHydrated(this);
      return response;
    };
  }
}

/** `test` with a fresh client address per test (see nextClientIp): import this, not Playwright's. */
export const test = base.extend<object, { hydratingPages: void }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': nextClientIp() });
  },
  // Pages of every context (the test's own and those a test opens) share one class: its
  // navigations are made to wait for hydration once per worker.
  hydratingPages: [
    async ({ browser }, use) => {
      const context = await browser.newContext();
      hydratingNavigations(Object.getPrototypeOf(await context.newPage()));
      await context.close();
      await use();
    },
    { scope: 'worker', auto: true },
  ],
});

/**
 * Reloads `page` until `check` passes. A soft change (a like, an approved comment, a rating, stock)
 * keeps the seller's cached page, served while it is rendered again at most once per few seconds
 * (docs/decisions/044): an anonymous visitor sees it within those seconds, not on the next reload.
 * `check` should use short timeouts of its own (a failed attempt reloads again).
 */
export async function reloadUntil(page: Page, check: () => Promise<void>, timeout = 20_000) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout, intervals: [250, 500, 1_000] });
}

/** Where the API lives: a raw request or a URL pattern is `${API}${someApi.endpoint.path}`. */
export const API = '/api/v1';

/** One request of the web client, sent by Playwright: the answer as a web `Response`. */
async function playwrightFetch(request: APIRequestContext, url: string, init: RequestInit = {}) {
  const { body } = init;
  const answer = await request.fetch(url, {
    method: init.method ?? 'GET',
    headers: init.headers as Record<string, string>,
    ...(body instanceof FormData ? { multipart: body } : body != null ? { data: body } : {}),
  });
  const status = answer.status();
  const bodyless = status === 204 || status === 205 || status === 304 || init.method === 'HEAD';
  return new Response(bodyless ? null : new Uint8Array(await answer.body()), {
    status,
    statusText: answer.statusText(),
    headers: answer.headersArray().map((h): [string, string] => [h.name, h.value]),
  });
}

/**
 * The web app's typed API client (src/web/lib/api-client.ts: each call names an endpoint of the
 * shared catalogue in src/shared/api) over `request`, as `token`'s member. Every request goes
 * through Playwright: with `page.request` the cookies the API sets (login's session) land in the
 * page's browser context, and each request carries the context's own client address. A refusal
 * throws ApiError (its status and the server's message); an answer whose success status is not
 * the one the endpoint declares (201 for a creation, else 200) fails too.
 */
export function apiClient(request: APIRequestContext, options: { token?: string } = {}): ApiClient {
  const exchange: ApiClient['exchange'] = async (endpoint, input, opts) => {
    let status = 0;
    const client = createApiClient({
      baseUrl: API,
      refresh: false,
      getToken: () => options.token,
      fetch: async (url, init) => {
        const res = await playwrightFetch(request, String(url), init);
        status = res.status;
        return res;
      },
    });
    const answer = await client.exchange(endpoint, input, opts);
    const expected = endpoint.status ?? 200;
    if (status !== expected && !(endpoint.okWhenExisting && status === 200))
      throw new Error(
        `${endpoint.method} ${API}${endpoint.path} answered ${status}, not ${expected}`,
      );
    return answer;
  };
  return {
    exchange,
    call: async (endpoint, input, opts) => (await exchange(endpoint, input, opts)).data,
  };
}

/**
 * Resolves once React has hydrated `element` (its event handlers are attached): a click or a key
 * before that would reach only the server's HTML, as it would for anyone on a slow phone.
 */
export async function interactive(element: Locator): Promise<Locator> {
  await expect
    .poll(() =>
      element.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps'))),
    )
    .toBe(true);
  return element;
}

/** Seeded by the e2e server (playwright.config.ts): demo users and the super admin. */
export const DEMO_PASSWORD = 'demo-pass-123';

/** The e2e server's mail outbox (DATA_DIR/outbox). */
export function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through playwright.config.ts');
  return path.join(dataDir, 'outbox');
}

/**
 * Waits for a message to `to` carrying a link that matches `pattern` and returns the newest such
 * link. Polls the outbox (never sleeps); `after` skips links already used.
 */
export async function waitForLink(
  to: string,
  pattern: RegExp,
  after: readonly string[] = [],
): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = await readOutbox(outboxDir());
        const links = mails
          .filter((m) => m.to.toLowerCase() === to.toLowerCase())
          .flatMap((m) => extractLinks(m.text))
          .filter((l) => pattern.test(l) && !after.includes(l));
        found = links.at(-1);
        return found ?? null;
      },
      { message: `an email to ${to} with a link like ${pattern}`, timeout: 15_000 },
    )
    .not.toBeNull();
  return found!;
}

/** Skips the cookie notice: the server leaves it out when this cookie is present. */
export async function acceptCookies(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([{ name: 'cookieConsent', value: '1', url: baseURL! }]);
}

/** Fills and submits the log-in form on the current /login page. */
export async function submitLogin(page: Page, login: string, password: string) {
  const form = page.getByTestId('login-form');
  await form.getByLabel('Email or username').fill(login);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

/** The notify/confirm modal on screen. */
export const modal = (page: Page) => page.getByTestId('modal');

/** Clicks Okay on the modal showing `text` and waits for it to close. */
export async function okayModal(page: Page, text: string | RegExp) {
  const dialog = modal(page);
  await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: 'Okay' }).click();
  await expect(dialog).toBeHidden();
}

/** Cart lines as the cart store persists them (features/cart/stores/cart-store.ts). */
export const CART_LINES = {
  mug: {
    _id: 'p-mug',
    amount: 2,
    price: 18,
    shippingCost: 4,
    selectedVariations: {},
    title: 'Blue mug',
  },
  bowl: {
    _id: 'p-bowl',
    amount: 1,
    price: 32.5,
    shippingCost: 0,
    selectedVariations: { size: 'L' },
    title: 'Bowl',
  },
} as const;

/** Puts `items` into the persisted cart (zustand persist's shape) and opens /checkout. */
export async function openCheckoutWithCart(page: Page, items: readonly object[]) {
  const cart = {
    state: {
      items,
      selectedShippingAddressId: null,
      selectedBillingAddressId: null,
      addressIsValid: false,
      selectedTab: 'cart',
    },
    version: 0,
  };
  await page.goto('/about');
  await page.evaluate((value) => localStorage.setItem('cart', JSON.stringify(value)), cart);
  await page.goto('/checkout');
  await expect(page.getByTestId('cart-line')).toHaveCount(items.length);
}
