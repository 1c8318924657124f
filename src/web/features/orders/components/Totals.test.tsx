import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { htmlText as text } from '../../../../../tests/helpers/html-text';
import { Totals } from './Bits';

// The money of an order or a sale: a discount code's line shows only when it took something off.

describe('Totals', () => {
  it('shows the code and what it took off, between the items and shipping', () => {
    const html = text(
      renderToString(
        <Totals
          subtotal={40}
          discount={10}
          discountCode="TENOFF"
          shipping={5}
          tax={3.5}
          total={38.5}
          currency="USD"
        />,
      ),
    );
    expect(html).toBe(
      'Items $40.00 Discount (code TENOFF) -$10.00 Shipping $5.00 Tax $3.50 Total $38.50',
    );
  });

  it('leaves the line out without a discount', () => {
    const html = text(
      renderToString(<Totals subtotal={40} shipping={5} tax={4.5} total={49.5} currency="USD" />),
    );
    expect(html).not.toContain('Discount');
  });
});
