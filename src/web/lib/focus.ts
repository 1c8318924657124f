import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/**
 * Keyboard focus management (WCAG 2.4.3 Focus Order, 2.4.11 Focus Not Obscured): where focus goes
 * when the element holding it disappears, and the measured sizes of the sticky page chrome that
 * `scroll-padding` keeps focused elements clear of (app.css).
 */

/** Focuses `el` when it is still on the page and can take focus; true when it now has focus. */
export function focusIfPossible(
  el: Element | null | undefined,
  options?: FocusOptions,
): el is HTMLElement {
  if (!(el instanceof HTMLElement) || !el.isConnected || el === document.body) return false;
  el.focus(options);
  return document.activeElement === el;
}

/**
 * The meaningful place to land when there is nowhere better: the main heading (made focusable by
 * script only, `tabindex=-1`, so Tab never stops on it), else the main landmark itself.
 */
export function focusMainContent(options?: FocusOptions): void {
  const main = document.getElementById('main');
  const heading = main?.querySelector('h1');
  if (heading instanceof HTMLElement) {
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    if (focusIfPossible(heading, options)) return;
  }
  focusIfPossible(main, options);
}

/** Back to `el` when it is still there, else to the main content. */
export function restoreFocus(el: Element | null | undefined): void {
  if (!focusIfPossible(el)) focusMainContent();
}

let focusMainOnNextPage = false;

/**
 * Asks for the next page's main heading to receive focus once it has rendered (e.g. after signing
 * in), instead of focus falling back to the document body when the old page goes away.
 */
export function requestMainFocusAfterNavigation(): void {
  focusMainOnNextPage = true;
}

/**
 * Mounted once (AppBehaviours): when a page commits, focuses its main heading if that was asked for
 * (requestMainFocusAfterNavigation) or if focus went away with the old page. A link or button that
 * navigates and is not on the next page (a card's link, "Go to checkout" beside the cart notice)
 * leaves focus on the body, and the browser's next Tab then starts from wherever that element had
 * been: often the footer, a whole header away from the new content (WCAG 2.4.3). Focus still on
 * something that stayed (a header link, a field the new page focused itself) is left alone, and
 * so is the first page (the browser's own start: Tab reaches the skip link first).
 */
export function useMainFocusAfterNavigation(): void {
  const { key } = useLocation();
  const firstKey = useRef(key);
  useEffect(() => {
    if (key === firstKey.current) return;
    const active = document.activeElement;
    const lost = !active || active === document.body;
    if (!focusMainOnNextPage && !lost) return;
    focusMainOnNextPage = false;
    // The page scrolls to the top by itself (lib/scroll.ts): focusing must not jump it first.
    focusMainContent({ preventScroll: true });
  }, [key]);
}

/**
 * A ref whose element's rendered height (px) `onHeight` receives while it is mounted
 * (ResizeObserver: wrapping, zoom, font size, viewport changes), and `null` once it is gone.
 */
export function useObservedHeight<T extends HTMLElement>(
  onHeight: (height: number | null) => void,
): RefObject<T | null> {
  const ref = useRef<T>(null);
  // The latest callback, so a re-render does not restart the observer.
  const latest = useRef(onHeight);
  latest.current = onHeight;
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => latest.current(Math.ceil(el.getBoundingClientRect().height));
    update();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      latest.current(null);
    };
  }, []);
  return ref;
}

/**
 * A ref whose element's rendered height (px) the CSS variable `name` on <html> follows while it is
 * mounted; removed afterwards. A custom property is inherited: setting it restyles every element
 * of the page, so it is for values elements all over the page use (the sticky header's height).
 */
export function useHeightVariable<T extends HTMLElement>(name: string): RefObject<T | null> {
  return useObservedHeight<T>((height) => {
    const root = document.documentElement.style;
    if (height === null) root.removeProperty(name);
    else root.setProperty(name, `${height}px`);
  });
}

/** Room for the focus ring beyond a fixed bar's edge (app.css uses the same 0.5rem). */
const FOCUS_RING_ROOM_PX = 8;

/**
 * Keeps focused elements clear of a fixed bar at the top or bottom of the viewport (WCAG 2.4.11):
 * the page's scroll padding on that side follows the bar's height, plus room for the focus ring;
 * until it is measured (and once it is gone) the stylesheet's estimate applies (app.css). Set on
 * <html> itself, not through an inherited custom property, so a new height restyles <html> alone
 * rather than every element of the page (docs/decisions/086).
 */
export function clearFocusOf(side: 'top' | 'bottom', height: number | null): void {
  const property = side === 'top' ? 'scroll-padding-top' : 'scroll-padding-bottom';
  const root = document.documentElement.style;
  if (height === null) root.removeProperty(property);
  else root.setProperty(property, `${height + FOCUS_RING_ROOM_PX}px`);
}

/** A box's horizontal extent, as from getBoundingClientRect(). */
export interface HorizontalBox {
  left: number;
  right: number;
}

/**
 * The scrollLeft that brings `item` fully inside `strip` (its visible box, less `inset` px on each
 * side so a focus outline shows too), moving as little as possible; `scrollLeft` when it already is.
 */
export function scrollLeftToReveal(
  strip: HorizontalBox,
  item: HorizontalBox,
  scrollLeft: number,
  inset: number = 0,
): number {
  const start = strip.left + inset;
  const end = strip.right - inset;
  if (item.right - item.left > end - start || item.left < start) {
    return Math.max(0, scrollLeft - (start - item.left));
  }
  if (item.right > end) return scrollLeft + (item.right - end);
  return scrollLeft;
}
