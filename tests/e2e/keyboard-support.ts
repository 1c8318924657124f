import type { Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, interactive } from './support';

// The keyboard specs' tools (keyboard.spec.ts, keyboard-focus.spec.ts): where focus is against the
// sticky header and the cookie notice, walking the tab order, signing in by keyboard, contrast.

interface FocusState {
  /** A short name for the focused element, for messages. */
  name: string;
  inMain: boolean;
  top: number;
  bottom: number;
  /** The sticky header's bottom edge. */
  headerBottom: number;
  /** The cookie notice's top edge while it shows. */
  noticeTop: number | null;
}

/** Where the focused element is, against the header and the cookie notice (viewport px). */
async function focusState(page: Page): Promise<FocusState> {
  return page.evaluate(() => {
    const el = document.activeElement;
    const label =
      el && el !== document.body
        ? (el.getAttribute('data-testid') ?? (el.id || el.textContent?.trim().slice(0, 30)))
        : '';
    const name = el && el !== document.body ? `${el.tagName.toLowerCase()} "${label}"` : 'body';
    const box = (el ?? document.body).getBoundingClientRect();
    const header = document.querySelector('[data-testid="site-header"]')!.getBoundingClientRect();
    const notice = document.querySelector('[data-testid="cookie-notice"]');
    return {
      name,
      inMain: !!el?.closest('#main'),
      top: box.top,
      bottom: box.bottom,
      headerBottom: header.bottom,
      noticeTop: notice ? notice.getBoundingClientRect().top : null,
    };
  });
}

async function focusedName(page: Page): Promise<string> {
  return (await focusState(page)).name;
}

/** Presses `key` until `target` has focus (at most `max` times), as a keyboard user would. */
export async function pressUntilFocused(page: Page, target: Locator, key = 'Tab', max = 60) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  await expect(target, `reached with ${key} within ${max} presses`).toBeFocused();
}

/**
 * '' when nothing the page draws covers the focused element (in the main content): it is entirely
 * below the sticky header's bottom edge and, while the cookie notice shows, above its top edge.
 * Else what covers it and by how much. (A text field taller than the space left is scrolled to
 * show its caret, as browsers do; the viewport's own edges are no obstruction.)
 */
async function obscured(page: Page): Promise<string> {
  const f = await focusState(page);
  if (!f.inMain) return `focus left the main content: ${f.name}`;
  const problems: string[] = [];
  if (f.top < f.headerBottom) {
    problems.push(`its top (${f.top}px) is under the header (bottom ${f.headerBottom}px)`);
  }
  if (f.noticeTop !== null && f.bottom > f.noticeTop) {
    problems.push(`its bottom (${f.bottom}px) is under the cookie notice (top ${f.noticeTop}px)`);
  }
  return problems.length ? `${f.name}: ${problems.join('; ')}` : '';
}

export async function expectFocusUnobscured(page: Page) {
  await expect.poll(() => obscured(page), { message: 'focused element fully visible' }).toBe('');
}

/**
 * Tabs forward from the current focus to `last`, then back with Shift+Tab to `first`, checking at
 * each step that the focused element is not covered; returns the names of the elements visited.
 */
export async function walkForwardAndBack(
  page: Page,
  first: Locator,
  last: Locator,
): Promise<string[]> {
  const seen: string[] = [];
  for (const [key, target] of [
    ['Tab', last],
    ['Shift+Tab', first],
  ] as const) {
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press(key);
      seen.push(await focusedName(page));
      await expectFocusUnobscured(page);
      if (await target.evaluate((el) => el === document.activeElement)) break;
    }
    await expect(target).toBeFocused();
  }
  return seen;
}

/** Keyboard sign-in on /login?redirectTo=…: type, then Enter in the password field. */
export async function signInWithKeyboard(page: Page, redirectTo: string, login: string) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  const form = page.getByTestId('login-form');
  await pressUntilFocused(page, form.getByLabel('Email or username'));
  await page.keyboard.type(login);
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${redirectTo}$`));
}

/** WCAG contrast ratio of two sRGB colours given as [r, g, b] (0–255). */
export function contrast(a: readonly number[], b: readonly number[]): number {
  const luminance = ([r, g, bl]: readonly number[]) => {
    const [R, G, B] = [r!, g!, bl!].map((v) => {
      const c = v / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** What a keyboard walk aims for: an element, or a role and accessible name (exact if a string). */
export type FocusTarget =
  Locator | { role: Parameters<Page['getByRole']>[0]; name: string | RegExp };

function locate(page: Page, target: FocusTarget): Locator {
  if (!('role' in target)) return target;
  return page.getByRole(target.role, { name: target.name, exact: typeof target.name === 'string' });
}

const targetName = (target: FocusTarget) =>
  'role' in target ? `${target.role} "${target.name}"` : target.toString();

/**
 * null when one of `els` has focus, else the focused element as a person would name it: its role
 * (or tag) and a short label. One round trip per key press (run in the page by evaluateAll).
 */
function focusUnlessOn(els: Element[]): string | null {
  const el = document.activeElement as HTMLElement | null;
  if (el && els.includes(el)) return null;
  if (!el || el === document.body) return '<body>';
  const role = el.getAttribute('role') ?? el.tagName.toLowerCase();
  const labelled = el.getAttribute('aria-labelledby');
  const field = el as HTMLInputElement;
  const name =
    el.getAttribute('aria-label') ??
    (labelled ? document.getElementById(labelled.split(' ')[0]!)?.textContent : null) ??
    (field.labels?.[0]?.textContent || el.textContent || el.getAttribute('title') || '');
  return `${role} "${name.replace(/\s+/g, ' ').trim().slice(0, 40)}"`;
}

/**
 * Presses `key` (Tab by default) until `target` has focus, as a keyboard user does; fails listing
 * every element focus went through when `max` presses did not reach it. Never clicks or focuses
 * from script: an element this cannot reach is one the keyboard cannot reach.
 */
export async function tabTo(
  page: Page,
  target: FocusTarget,
  { max = 40, key = 'Tab' }: { max?: number; key?: 'Tab' | 'Shift+Tab' } = {},
): Promise<void> {
  const wanted = locate(page, target);
  const path: string[] = [];
  for (let i = 0; ; i++) {
    // evaluateAll never waits: an element not (yet) on the page is simply not focused.
    const elsewhere = await wanted.evaluateAll(focusUnlessOn);
    if (elsewhere === null) return;
    if (i > 0) path.push(elsewhere);
    if (i === max) break;
    await page.keyboard.press(key);
  }
  throw new Error(
    `${targetName(target)} not reached with ${max} × ${key}. Focus went: ${path.join(' → ')}`,
  );
}

/** tabTo backwards (Shift+Tab). */
export const shiftTabTo = (page: Page, target: FocusTarget, max = 40) =>
  tabTo(page, target, { max, key: 'Shift+Tab' });

/** Tabs to `target` and presses `key` on it (Enter follows links and presses buttons). */
export async function activate(page: Page, target: FocusTarget, key: 'Enter' | 'Space' = 'Enter') {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

/**
 * The focused element shows a focus indicator (WCAG 2.4.7): an outline or a box shadow, on itself
 * or, for a visually hidden native control (a file input behind its label), on its label.
 */
export async function expectFocusVisible(page: Page) {
  const check = () =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return 'nothing has focus';
      const drawn = (node: Element) => {
        const style = getComputedStyle(node);
        const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
        return outline || style.boxShadow !== 'none';
      };
      const box = el.getBoundingClientRect();
      const shown = box.width > 1 && box.height > 1 ? el : (el as HTMLInputElement).labels?.[0];
      return shown && drawn(shown) ? '' : `${el.outerHTML.slice(0, 120)} shows no focus indicator`;
    });
  await expect.poll(check, { message: 'a visible focus indicator' }).toBe('');
}

/**
 * Resolves once React has hydrated the page (its handlers attached to the main element): keys
 * pressed before that reach only the server's HTML, as they would for anyone on a slow phone.
 */
export async function pageRuns(page: Page) {
  await interactive(page.locator('#main'));
}
