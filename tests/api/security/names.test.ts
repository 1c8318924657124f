import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  accountsApi,
  catalogApi,
  commerceApi,
  messagesApi,
  outreachApi,
  sitesApi,
} from '../../../src/shared/api';
import type { BodyOf, EndpointDef } from '../../../src/shared/api/endpoint';
import {
  BIDI_CONTROL_RULE,
  ZERO_WIDTH_EDGE_RULE,
} from '../../../src/shared/contracts/account-rules';
import { createTestApp, type TestApp } from '../../helpers/app';
import { inject, registrationBody, signedInUser } from '../../factories/accounts';

/**
 * Names read as written (issue 23, "spoofed names"): a right-to-left override (`\u202Eevil` shows
 * as "live") or any other direction control is refused in usernames, display names, site names and
 * tags, and so is a zero-width character at the start or end — each with a message saying why.
 * The same rule covers every other name a person gives that others read: the contact form's and an
 * email-list sign-up's name, an address's recipient and a payout account's holder.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(() => t?.close());

/** A call through its shared endpoint description, the body typed by its contract's input. */
const call = <E extends EndpointDef>(endpoint: E, payload: BodyOf<E>, token?: string) =>
  inject(t, {
    method: endpoint.method,
    url: `/api/v1${endpoint.path}`,
    payload: payload as object,
    headers: token ? { 'x-access-token': token } : {},
  });

function expectRefused(res: LightMyRequestResponse, rule: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().message).toContain(rule);
}

/** Every direction control of the issue, and zero-width characters placed at an edge. */
const BIDI = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];
const ZERO_WIDTH = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff'];

describe('display names', () => {
  it('refuses every direction control, anywhere in the name', async () => {
    const member = await signedInUser(t.deps);
    for (const control of BIDI) {
      for (const name of [`${control}evil`, `Maya ${control}lived`, `Maya${control}`]) {
        const res = await call(accountsApi.updateProfile, { user: { name } }, member.token);
        expectRefused(res, BIDI_CONTROL_RULE);
      }
    }
  });

  it('refuses a zero-width character at the start or end, spaces around it or not', async () => {
    const member = await signedInUser(t.deps);
    for (const zw of ZERO_WIDTH) {
      for (const name of [`${zw}Maya`, `Maya${zw}`, ` ${zw}Maya`, `Maya${zw} `]) {
        const res = await call(accountsApi.updateProfile, { user: { name } }, member.token);
        expectRefused(res, ZERO_WIDTH_EDGE_RULE);
      }
    }
  });

  it('keeps a joiner inside a name (emoji and scripts need it) and stores the name as written', async () => {
    const member = await signedInUser(t.deps);
    const name = 'Ana 👩\u200d💻 Lee';
    const res = await call(accountsApi.updateProfile, { user: { name } }, member.token);
    expect(res.statusCode, res.body).toBe(200);
    const me = await inject(t, { url: `/api/v1${accountsApi.me.path}`, headers: member.auth });
    expect(me.json().user.name).toBe(name);
  });

  it('refuses them when registering too, username and name alike', async () => {
    const register = (fields: { name?: string; username?: string }) =>
      call(accountsApi.register, { ...registrationBody(fields), accountType: 'seller' });
    expectRefused(await register({ name: '\u202eevil' }), BIDI_CONTROL_RULE);
    expectRefused(await register({ username: 'maya\u202e' }), BIDI_CONTROL_RULE);
    expectRefused(await register({ username: '\u200bmaya' }), ZERO_WIDTH_EDGE_RULE);
  });
});

describe('site names and tags', () => {
  it('refuses a direction control in a site name', async () => {
    const seller = await signedInUser(t.deps);
    expectRefused(
      await call(sitesApi.updateSite, { name: 'Shop \u202egnp.exe' }, seller.token),
      BIDI_CONTROL_RULE,
    );
    expectRefused(
      await call(sitesApi.updateSite, { name: 'Shop\u200b' }, seller.token),
      ZERO_WIDTH_EDGE_RULE,
    );
  });

  it("refuses them in a profile's interest tags", async () => {
    const member = await signedInUser(t.deps);
    const res = await call(
      accountsApi.updateProfile,
      { user: { _tags: ['pottery', '\u2067art'] } },
      member.token,
    );
    expectRefused(res, BIDI_CONTROL_RULE);
  });

  it("refuses them in a post's tags", async () => {
    const seller = await signedInUser(t.deps);
    const post = {
      title: 'A mug',
      description: 'Stoneware.',
      price: 20,
      shippingCost: 5,
      stock: 1,
      _tags: ['mugs', 'sale\u200d'],
    };
    expectRefused(await call(catalogApi.saveProduct, post, seller.token), ZERO_WIDTH_EDGE_RULE);
  });

  it("refuses them in a message's tags", async () => {
    const member = await signedInUser(t.deps);
    const res = await call(
      messagesApi.save,
      { message: { text: 'Hello', _tags: ['\u202ehello'] } },
      member.token,
    );
    expectRefused(res, BIDI_CONTROL_RULE);
  });

  it('refuses them in a tag an admin adds', async () => {
    const admin = await signedInUser(t.deps, { role: 'admin' });
    const res = await call(catalogApi.addTag, { tag: 'new\u2069' }, admin.token);
    expectRefused(res, BIDI_CONTROL_RULE);
  });
});

describe('other names people give that others read', () => {
  /**
   * A direction control anywhere, and zero-width characters at either edge — U+FEFF too, which
   * trimming or folding white space would otherwise drop before the check.
   */
  const SPOOFED: [string, string][] = [
    ['\u202eevil', BIDI_CONTROL_RULE],
    ['Ada \u2067Lovelace', BIDI_CONTROL_RULE],
    ['\u200bAda', ZERO_WIDTH_EDGE_RULE],
    ['Ada\ufeff', ZERO_WIDTH_EDGE_RULE],
    [' \u2060Ada ', ZERO_WIDTH_EDGE_RULE],
  ];

  it.each(SPOOFED)("refuses %j as the contact form's name", async (name, rule) => {
    const body = {
      name,
      email: 'ada@example.test',
      topic: 'selling' as const,
      subject: 'Payout question',
      message: 'When do payouts reach my bank account after a sale?',
    };
    expectRefused(await call(outreachApi.contact, body), rule);
  });

  it('still folds white space in a contact name and keeps a joiner inside it', async () => {
    const body = {
      name: '  Ana 👩\u200d💻   Lee ',
      email: 'ana@example.test',
      topic: 'selling' as const,
      subject: 'Payout question',
      message: 'When do payouts reach my bank account after a sale?',
    };
    const res = await call(outreachApi.contact, body);
    expect(res.statusCode, res.body).toBe(200);
  });

  it.each(SPOOFED)("refuses %j as an email-list sign-up's name", async (name, rule) => {
    expectRefused(await call(outreachApi.signup, { email: 'reader@example.test', name }), rule);
  });

  it.each(SPOOFED)("refuses %j as an address's recipient name", async (name, rule) => {
    const member = await signedInUser(t.deps);
    const address = {
      name,
      line1: '1 Main St',
      city: 'Springfield',
      region: 'IL',
      postalCode: '62701',
      country: 'US',
    };
    const res = await call(commerceApi.createAddress, { address }, member.token);
    expectRefused(res, rule);
  });

  it('saves an address whose recipient name reads as written', async () => {
    const member = await signedInUser(t.deps);
    const address = {
      name: 'Ana 👩\u200d💻 Lee',
      line1: '1 Main St',
      city: 'Springfield',
      region: 'IL',
      postalCode: '62701',
      country: 'US',
    };
    const res = await call(commerceApi.createAddress, { address }, member.token);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().address.name).toBe(address.name);
  });

  it.each(SPOOFED)("refuses %j as a payout account holder's name", async (holderName, rule) => {
    const seller = await signedInUser(t.deps, { accountType: 'seller' });
    const form = {
      accountId: 'acct_local_test',
      holderName,
      country: 'DE',
      accountNumber: 'DE89 3704 0044 0532 0130 00',
    };
    expectRefused(await call(commerceApi.localOnboarding, form, seller.token), rule);
  });
});
