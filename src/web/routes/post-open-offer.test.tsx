import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../shared/contracts/catalog';
import type { PageOffer } from '../../shared/contracts/offers';
import { usePostOpenOffer } from './post-open-offer';

// The post routes' open offer: which one the page shows, and whether it can be bought now.

const post = {
  _id: 'p1',
  price: 60,
  stock: 4,
  soldOut: false,
  variations: [
    {
      name: 'Size',
      options: [
        { name: 'M', priceDelta: 0, stock: null },
        { name: 'L', priceDelta: 5, stock: 0 },
      ],
    },
  ],
} as unknown as Product;

const offer = (fields: Partial<PageOffer>): PageOffer => ({
  _id: 'o1',
  postId: 'p1',
  amount: 55,
  selectedVariations: { Size: 'M' },
  proposedBy: 'buyer',
  status: 'accepted',
  expiresAt: null,
  ...fields,
});

function openOfferOn(product: Product, offers: PageOffer[], own = false) {
  let seen: { id?: string; soldOut: boolean } | undefined;
  function Probe() {
    const { openOffer, soldOut } = usePostOpenOffer(product, offers, {
      own,
      checkoutPath: '/checkout',
    });
    seen = { id: openOffer?._id, soldOut };
    return null;
  }
  const Stub = createRoutesStub([{ path: '/', Component: Probe }]);
  renderToString(<Stub initialEntries={['/']} />);
  return seen;
}

describe('usePostOpenOffer', () => {
  it("shows the buyer's offer on this post, none on the seller's own", () => {
    const offers = [offer({ _id: 'other', postId: 'p2' }), offer({})];
    expect(openOfferOn(post, offers)).toEqual({ id: 'o1', soldOut: false });
    expect(openOfferOn(post, offers, true)).toEqual({ id: undefined, soldOut: false });
  });

  it("says sold out when the offer's option, or the post, is", () => {
    expect(openOfferOn(post, [offer({ selectedVariations: { Size: 'L' } })])).toEqual({
      id: 'o1',
      soldOut: true,
    });
    expect(openOfferOn({ ...post, soldOut: true }, [offer({})])).toEqual({
      id: 'o1',
      soldOut: true,
    });
    expect(openOfferOn({ ...post, stock: 0 }, [offer({})])).toEqual({ id: 'o1', soldOut: true });
  });
});
