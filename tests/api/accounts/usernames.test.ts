import { describe, expect, it } from 'vitest';
import {
  isReservedUsername,
  RESERVED_USERNAMES,
  usernameSchema,
} from '../../../src/shared/contracts/accounts';
import { usernameBase } from '../../../src/server/modules/accounts/username';

// Every static route segment of SPEC §2 (and the first segment of parameterised routes).
const SPEC_ROUTES =
  `404 about add-tags admin-products all-posts careers checkout comments contact edit-page edit-profile
favorites feed following how-to-sell-used-pc-hardware-online index-landing index-old landing-old login logout marketplace
message messages my-posts onboarding-failure onboarding-success orders plan-selection pricing privacy reset-password sales
search-results terms thanks users items feedback products add-edit-item password-reset`.split(
    /\s+/,
  );

describe('usernames', () => {
  it('reserve every static route segment, server path and /index-{product}bio page', () => {
    for (const word of [
      ...SPEC_ROUTES,
      // pages of our own: issue 26's
      'insights',
      'how-we-count',
      // issue 27's
      'discounts',
      'api',
      'media',
      'media-upload',
      'assets',
      'admin',
      'static',
      'www',
      'help',
      'support',
      'settings',
      'null',
      'undefined',
    ]) {
      expect(RESERVED_USERNAMES.has(word), word).toBe(true);
      expect(usernameSchema.safeParse(word).success, word).toBe(false);
    }
    expect(isReservedUsername('index-gpubio')).toBe(true);
    expect(isReservedUsername('index-bio')).toBe(true);
    expect(isReservedUsername('indexbio')).toBe(false);
    expect(isReservedUsername('maya')).toBe(false);
  });

  it('normalise case and full-width forms, and refuse look-alikes', () => {
    expect(usernameSchema.parse('  Maya_Chen ')).toBe('maya_chen');
    expect(usernameSchema.parse('ｌｅｏ')).toBe('leo');
    for (const lookAlike of ['раypal', 'gοogle', 'maya\u200b', 'mäya']) {
      expect(usernameSchema.safeParse(lookAlike).success, lookAlike).toBe(false);
    }
  });

  it('derive a valid base from any email local part', () => {
    expect(usernameBase('Admin')).toBe('admin');
    expect(usernameBase('jürgen.müller+shop')).toBe('jurgen-muller-shop');
    expect(usernameBase('a')).toBe('user-a');
    expect(usernameBase('...')).toBe('user');
    expect(usernameBase('x'.repeat(80))).toHaveLength(26);
  });
});
