import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Product } from '../../../../shared/contracts/catalog';
import { formatMoney } from '../../../../shared/format';
import { tagPath } from '../../../lib/navigation';
import { useRootData } from '../../../lib/root-data';
import { defaultSelection, priceFor, type Selection } from './pricing';
import { MediaGallery } from './MediaGallery';
import { ShareButton } from '../../../components/ShareButton';
import { VariationPicker } from './VariationPicker';

/** A cart line as the cart store takes it (the route hands it to the store: features stay apart). */
export interface CartLineInput {
  _id: string;
  amount: number;
  price: number;
  shippingCost: number;
  selectedVariations: Record<string, string>;
  title: string;
  image?: string;
  /** The seller's user id: a seller's own checkout page lists only their lines. */
  sellerId: string;
}

/** The options picked on the post and the price with them. */
export interface ChosenOptions {
  selection: Record<string, string>;
  price: number;
}

export interface PostViewProps {
  product: Product;
  /** The editor's live preview: nothing to buy or share yet. */
  preview?: boolean;
  /** Puts the post in the cart; without it the button stays disabled. */
  onAddToCart?: (line: CartLineInput) => void;
  /** Where the seller link goes (their page by default). */
  sellerHref?: string;
  /** Tag links on a seller's site stay on the site. */
  tagUsername?: string;
  /** The call-to-action button's class (a seller's site uses its own colours). */
  buttonClass?: string;
  /**
   * More actions beside add-to-cart and share (the like button: composed by the route); as a
   * function, given the options chosen and their price (an offer is for that choice).
   */
  actions?: ReactNode | ((chosen: ChosenOptions) => ReactNode);
}

/**
 * The whole post (issue 9 §7): gallery, title, price for the chosen options, stock, shipping,
 * variations, tags, seller, add to cart and share. Everything reads without JavaScript; picking
 * options and adding to the cart need it.
 */
export function PostView({
  product,
  preview = false,
  onAddToCart,
  sellerHref,
  tagUsername,
  buttonClass = 'btn btn-primary',
  actions,
}: PostViewProps) {
  const currency = useRootData()?.config.currency ?? 'USD';
  const idPrefix = useId().replace(/:/g, '');
  const [selection, setSelection] = useState<Selection>(() => defaultSelection(product));
  const [added, setAdded] = useState('');
  const { price, stock, soldOut } = priceFor(product, selection);
  const seller = product.user;
  const firstImage = product.medias.find((m) => m.type === 'image');

  function addToCart() {
    if (!onAddToCart || soldOut) return;
    onAddToCart({
      _id: product._id,
      amount: 1,
      price,
      shippingCost: product.shippingCost,
      selectedVariations: selection,
      title: product.title,
      sellerId: product.user._id,
      ...(firstImage?.thumbnail ? { image: firstImage.thumbnail } : {}),
    });
    setAdded('Added to your cart.');
  }

  return (
    <article
      data-testid="post-view"
      data-product-id={product._id}
      className="grid gap-8 md:grid-cols-2"
    >
      <MediaGallery medias={product.medias} title={product.title} />
      <div className="min-w-0">
        <h1 className="text-3xl font-bold tracking-tight break-words" data-testid="post-title">
          {product.title || 'Untitled post'}
        </h1>
        <p className="price mt-3 text-2xl font-semibold" data-testid="post-price">
          {formatMoney(price, currency)}
        </p>
        <p className="mt-1 text-sm opacity-90" data-testid="post-shipping">
          {product.shippingCost > 0
            ? `Shipping ${formatMoney(product.shippingCost, currency)}`
            : 'Free shipping'}
        </p>
        <p className="mt-2 text-sm font-medium" data-testid="post-stock" aria-live="polite">
          {soldOut ? (
            <span className="rounded-full bg-red-700 px-2.5 py-1 text-white">Sold out</span>
          ) : (
            `${stock.toLocaleString('en-US')} in stock`
          )}
        </p>

        {product.variations.length > 0 && (
          <div className="mt-6">
            <VariationPicker
              variations={product.variations}
              selection={selection}
              onChange={(name, option) => {
                setSelection((s) => ({ ...s, [name]: option }));
                setAdded('');
              }}
              currency={currency}
              idPrefix={idPrefix}
            />
          </div>
        )}

        <div className="mt-6 flex flex-wrap items-center gap-3">
          <button
            type="button"
            className={buttonClass}
            data-testid="post-add-to-cart"
            disabled={preview || soldOut || !onAddToCart}
            onClick={addToCart}
          >
            {soldOut ? 'Sold out' : 'Add to cart'}
          </button>
          {!preview && (typeof actions === 'function' ? actions({ selection, price }) : actions)}
          {!preview && <ShareButton title={product.title} testId="post-share" />}
        </div>
        <p role="status" className="mt-2 text-sm" data-testid="post-cart-status">
          {added && (
            <>
              {added}{' '}
              <Link to="/checkout" className="link">
                Go to checkout
              </Link>
            </>
          )}
        </p>

        {product.description && (
          <div className="mt-6">
            <h2 className="sr-only">Description</h2>
            <p className="whitespace-pre-line break-words" data-testid="post-description">
              {product.description}
            </p>
          </div>
        )}

        {product._tags.length > 0 && (
          <nav aria-label="Tags of this post" className="mt-6">
            <ul className="flex flex-wrap gap-2">
              {product._tags.map((t) => (
                <li key={t}>
                  <Link
                    to={tagPath(t, tagUsername)}
                    className="inline-block rounded-full border border-current px-3 py-1 text-sm"
                  >
                    #{t}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}

        <p className="mt-6 text-sm" data-testid="post-seller">
          Sold by{' '}
          <Link to={sellerHref ?? `/${encodeURIComponent(seller.username)}`} className="link">
            {seller.name || seller.username}
          </Link>
        </p>
      </div>
    </article>
  );
}
