import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CardForm } from './CardForm';

describe('CardForm as the server renders it', () => {
  const html = renderToString(<CardForm amount={9} currency="usd" pay={async () => {}} />);

  it('is disabled until the page runs (typing earlier would be lost, a native submit must not happen)', () => {
    expect(html).toMatch(/<fieldset disabled=""/);
    expect(html.replace(/<!-- -->/g, '')).toContain('Pay $9.00');
  });

  it('never names the card fields, so a form post could not carry them', () => {
    for (const id of ['card-number', 'card-expiry', 'card-cvc']) {
      expect(html).toContain(`id="${id}"`);
      expect(html).not.toContain(`name="${id}"`);
    }
  });
});
