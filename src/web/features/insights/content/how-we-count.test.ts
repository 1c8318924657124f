import { describe, expect, it } from 'vitest';
import { ATTRIBUTION_WINDOW_DAYS, RAW_EVENT_DAYS } from '../../../../shared/contracts/insights';
import { HOW_WE_COUNT, HOW_WE_COUNT_INTRO } from './how-we-count';

const all = [
  HOW_WE_COUNT_INTRO,
  ...HOW_WE_COUNT.flatMap((s) => [
    s.title,
    ...s.blocks.flatMap((b) => (b.kind === 'p' ? [b.text] : b.items)),
  ]),
].join('\n');

// The page promises what the server does (docs/decisions/071): its facts, checked one by one.
describe('/how-we-count', () => {
  it('names every event recorded, and that a purchase counts only once the provider confirms it', () => {
    for (const fact of [
      '/{username}-x',
      'own domain',
      '/l/{id}',
      'An item put in a cart.',
      'An order placed (checkout started).',
      'only once the payment provider has confirmed the payment, never on what a browser says',
      'cancelled or refunded is taken back off the revenue',
    ])
      expect(all).toContain(fact);
  });

  it('names what is not counted', () => {
    for (const fact of [
      'isbot',
      'link-preview',
      'no user agent',
      'prefetch or prerender',
      'own visits while they are logged in',
    ])
      expect(all).toContain(fact);
  });

  it('says how visitors are told apart without cookies, and when that stops being possible', () => {
    for (const fact of [
      'HMAC-SHA-256',
      'salt that changes every day (UTC)',
      'first 3 bytes for IPv4 (a /24',
      'first 6 bytes for IPv6 (a /48)',
      'user agent',
      'deleted at most 48 hours after that day began',
      'never stored',
      'sum of its days',
    ])
      expect(all).toContain(fact);
  });

  it('gives the source order, the attribution window and how long things are kept', () => {
    expect(all).toMatch(/\?src= or utm_source \(lower-cased, at most 40 characters\)/);
    expect(all).toContain(`within ${ATTRIBUTION_WINDOW_DAYS} days`);
    expect(all).toContain('metadata');
    expect(all).toContain(`${RAW_EVENT_DAYS} days, then they are deleted`);
    expect(all).toContain('for as long as the seller’s account exists');
    expect(all).toContain('No cookie, no third-party script');
  });
});
