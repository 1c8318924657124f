import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { htmlText as text } from '../../../../../tests/helpers/html-text';
import type { PageOffer } from '../../../../shared/contracts/offers';
import { OpenOffer } from './OpenOffer';

// What a post page shows a buyer with an open offer on it, in the place of "Make an offer".

const offer = (fields: Partial<PageOffer> = {}): PageOffer => ({
  _id: 'o1',
  postId: 'p1',
  amount: 55,
  selectedVariations: { Size: 'L' },
  proposedBy: 'buyer',
  status: 'accepted',
  expiresAt: null,
  ...fields,
});

function render(open: PageOffer, soldOut = false) {
  const Stub = createRoutesStub([
    {
      path: '/maya/bowl',
      Component: () => (
        <OpenOffer offer={open} seller="Maya" soldOut={soldOut} onBuy={() => Promise.resolve()} />
      ),
    },
  ]);
  return renderToString(<Stub initialEntries={['/maya/bowl']} />);
}

describe('OpenOffer', () => {
  it('offers an accepted offer at its price, for its options', () => {
    const html = render(offer());
    expect(html).toMatch(/<button[^>]*data-testid="offer-buy"[^>]*>Buy at \$55\.00<\/button>/);
    expect(html).not.toMatch(/<button[^>]*disabled/);
    expect(text(html)).toContain('Your offer price for Size: L, one item.');
  });

  it('disables an accepted offer while its post or option is sold out, and says so', () => {
    const html = render(offer(), true);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Your price \$55\.00 · sold out<\/button>/);
    expect(text(html)).toContain(
      'Sold out for Size: L: your offer price can be used if it is back in stock.',
    );
  });

  it('links a waiting offer, or the seller’s counter-offer, to /offers', () => {
    const sent = render(offer({ status: 'pending', amount: 50, selectedVariations: {} }));
    expect(sent).toMatch(/<a[^>]*href="\/offers"[^>]*>Offer sent: \$50\.00<\/a>/);
    expect(text(sent)).toContain('Your offer is waiting for Maya’s answer. See your offers.');
    const counter = render(offer({ status: 'pending', proposedBy: 'seller', amount: 48 }));
    expect(counter).toMatch(/>Offer for you: \$48\.00<\/a>/);
    expect(text(counter)).toContain(
      'Maya offers this for Size: L for $48.00: accept, decline or counter it in your offers.',
    );
  });
});
