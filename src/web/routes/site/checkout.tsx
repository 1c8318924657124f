import { Form, Link, data, redirect, useActionData } from 'react-router';
import type { Route } from './+types/checkout';
import { useCartStore, type CartItem } from '../../features/cart/stores/cart-store';
import { useCartHydrated } from '../../features/cart/stores/use-cart-hydrated';
import { siteMeta } from '../../features/sites/site-meta';
import { sitePath } from '../../features/sites/site-paths';
import { loadSiteOfPage } from '../../features/sites/api/get-site';
import { useSite } from '../../features/sites/use-user-site';
import { TAX_RATE, cartTotals } from '../../../shared/cart';
import { formatMoney, formatNumber, optionsText } from '../../../shared/format';
import { InAppNotice } from '../../components/InAppNotice';
import { pageMeta } from '../../lib/meta';
import { useRootData } from '../../lib/root-data';
import { commerceApi } from '../../../shared/api/commerce';
import { cartLinkRequest } from '../../../shared/contracts/cart-link';
import { CART_LINK_FIELD, cartLinkLinesOf } from '../../features/cart/cart-link';
import { serverApi } from '../../lib/api';
import { apiErrorMessage } from '../../lib/errors';

/** The site, for the page's meta (a visitor's cart: nothing to index). */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const site = await loadSiteOfPage(context, params.username, url.pathname);
  return {
    meta: siteMeta(context, site, {
      title: 'Your cart',
      description: `The items from ${site.name} in your cart, with their totals.`,
      location: url,
      noindex: true,
    }),
  };
}

/**
 * "Go to checkout" on the seller's own domain (docs/decisions/050): the lines become a signed,
 * short-lived link to the marketplace's checkout, where the buyer signs in and pays — never on
 * the seller's origin. A plain form post, so it works with and without JavaScript.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  let items: unknown = null;
  try {
    items = JSON.parse(String(form.get(CART_LINK_FIELD) ?? ''));
  } catch {
    // Said below, as for any other unusable cart.
  }
  const body = cartLinkRequest.safeParse({ items });
  if (!body.success) {
    return data({ error: body.error.issues[0]?.message ?? 'Your cart could not be read.' }, 400);
  }
  try {
    const { url } = await serverApi(context).call(commerceApi.makeCartLink, { body: body.data });
    return redirect(url, 303);
  } catch (err) {
    return data({ error: apiErrorMessage(err, 'The checkout could not be opened. Please try again.') }, 400);
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData?.meta ?? pageMeta(matches, 'Your cart');

const units = (n: number) => `${formatNumber(n)} ${n === 1 ? 'item' : 'items'}`;

function Line({ item, currency }: { item: CartItem; currency: string }) {
  const options = optionsText(item.selectedVariations, ' · ');
  return (
    <li className="flex items-center gap-4 py-4" data-testid="site-cart-line">
      {item.image ? (
        <img
          src={item.image}
          alt=""
          width={64}
          height={64}
          className="size-16 rounded-md object-cover"
        />
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words">{item.title ?? 'A post'}</p>
        {options && <p className="text-sm">{options}</p>}
        <p className="text-sm" data-testid="site-cart-quantity">
          {formatNumber(item.amount)} × {formatMoney(item.price, currency)}
        </p>
      </div>
      <p className="price font-semibold">{formatMoney(cartTotals([item]).subtotal, currency)}</p>
    </li>
  );
}

/**
 * `/{username}/checkout`: the part of the visitor's cart that this seller sells (lines remember
 * their seller), with its totals (SPEC §9 math, src/shared/cart.ts), in the seller's branding.
 * Paying happens on /checkout, for the whole cart. The cart lives in the browser: the server's
 * render says it is loading.
 */
export default function SiteCheckout() {
  const siteData = useSite();
  const hydrated = useCartHydrated();
  const items = useCartStore((s) => s.items);
  const root = useRootData();
  const currency = root?.config.currency ?? 'USD';
  const failed = useActionData<typeof action>();
  if (!siteData) return null;
  const { site, username } = siteData;
  const mine = items.filter((i) => i.sellerId === site.owner._id);
  const otherUnits = items.filter((i) => !mine.includes(i)).reduce((n, i) => n + i.amount, 0);
  const totals = cartTotals(mine);
  const others =
    otherUnits > 0 ? (
      <p className="mt-4" data-testid="site-cart-others">
        Your cart also holds {units(otherUnits)} from other sellers.{' '}
        <Link to="/checkout" className="site-text-link">
          See your whole cart
        </Link>
      </p>
    ) : null;

  return (
    <div data-testid="site-checkout" className="max-w-2xl">
      <h1 className="text-3xl font-bold tracking-tight">Your cart at <bdi>{site.name}</bdi></h1>
      {/* A cached page (one HTML for every visitor): the notice decides in the browser. */}
      <InAppNotice className="mt-6" />
      {!hydrated ? (
        <p className="mt-6">Loading your cart…</p>
      ) : mine.length === 0 ? (
        <div className="mt-6" data-testid="site-cart-empty">
          <div className="list-empty">
            <h2 className="text-lg font-semibold">Nothing from <bdi>{site.name}</bdi> in your cart yet</h2>
            <p className="mt-2">Add a post to your cart and it will wait for you here.</p>
          </div>
          {others}
          <Link to={sitePath(username)} className="btn btn-site mt-6">
            Shop at <bdi>{site.name}</bdi>
          </Link>
        </div>
      ) : (
        <>
          <div className="site-cart mt-6">
            <ul aria-label={`Your items from ${site.name}`} className="divide-y divide-gray-200">
              {mine.map((item) => (
                <Line
                  key={JSON.stringify([item._id, item.selectedVariations])}
                  item={item}
                  currency={currency}
                />
              ))}
            </ul>
            <dl className="site-cart-totals" data-testid="site-cart-totals">
              <dt>Subtotal</dt>
              <dd>{formatMoney(totals.subtotal, currency)}</dd>
              <dt>Shipping</dt>
              <dd>{formatMoney(totals.shipping, currency)}</dd>
              <dt>Tax ({Math.round(TAX_RATE * 100)}%)</dt>
              <dd>{formatMoney(totals.tax, currency)}</dd>
              <dt className="font-bold">Total</dt>
              <dd className="font-bold" data-testid="site-cart-total">
                {formatMoney(totals.grandTotal, currency)}
              </dd>
            </dl>
          </div>
          {others}
          {failed?.error ? (
            <p role="alert" className="mt-4" data-testid="site-cart-link-error">
              {failed.error}
            </p>
          ) : null}
          <div className="mt-6 flex flex-wrap gap-3">
            {root?.siteDomain ? (
              // On the seller's own domain: on to the marketplace's checkout with a cart link.
              <Form method="post" reloadDocument>
                <input
                  type="hidden"
                  name={CART_LINK_FIELD}
                  value={JSON.stringify(cartLinkLinesOf(mine))}
                />
                <button type="submit" className="btn btn-site" data-testid="site-cart-checkout">
                  Go to checkout
                </button>
              </Form>
            ) : (
              <Link to="/checkout" className="btn btn-site" data-testid="site-cart-checkout">
                Go to checkout
              </Link>
            )}
            <Link to={sitePath(username)} className="btn btn-secondary">
              Keep shopping
            </Link>
          </div>
          <p className="mt-3 text-sm">
            Quantities, the shipping address and card payment are on the checkout page.
          </p>
        </>
      )}
    </div>
  );
}
