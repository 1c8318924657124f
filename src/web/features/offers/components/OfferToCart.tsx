import { useState } from 'react';
import { Link } from 'react-router';
import type { Offer } from '../../../../shared/contracts/offers';

/**
 * What the buyer of an accepted offer does next: the post goes into the cart as one item, where
 * the offer's price is used at checkout. Without a cart at hand (`onAddToCart` not given) it says
 * how instead.
 */
export function OfferToCart({
  offer,
  price,
  onAddToCart,
}: {
  offer: Offer;
  /** The offer's amount, formatted. */
  price: string;
  onAddToCart?: (offer: Offer) => void;
}) {
  const [added, setAdded] = useState(false);
  if (!onAddToCart) {
    return (
      <p>
        Add this post to your cart (quantity 1) and check out: the offer price is used at checkout.
      </p>
    );
  }
  return (
    <div className="mt-2">
      <p>For one item: the offer price is used at checkout.</p>
      <button
        type="button"
        className="btn btn-primary mt-2"
        data-testid="offer-add-to-cart"
        onClick={() => {
          onAddToCart(offer);
          setAdded(true);
        }}
      >
        Add to cart at {price}
      </button>
      <p role="status" className="mt-2" data-testid="offer-added">
        {added ? (
          <>
            Added to your cart.{' '}
            <Link to="/checkout" className="link">
              Check out
            </Link>
          </>
        ) : null}
      </p>
    </div>
  );
}
