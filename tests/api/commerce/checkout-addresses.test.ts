import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMERCE_LIMITS } from '../../../src/shared/contracts/commerce-rules';
import { createTestApp, type TestApp } from '../../helpers/app';
import { multipartBody } from '../../helpers/multipart';
import { inject, signedInUser } from '../../factories/accounts';
import { createTestAddress } from '../../factories/commerce';
import { refused, send, unchanged } from './checkout-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const HOME = {
  name: 'Sam Buyer',
  line1: '1 Main Street',
  city: 'Springfield',
  region: 'IL',
  postalCode: '62701',
  country: 'us',
};

describe('POST /addresses', () => {
  it('takes SPEC §7 form data (token + address as a JSON string) as multipart', async () => {
    const sam = await signedInUser(t.deps);
    const form = await multipartBody({ token: sam.token, address: JSON.stringify(HOME) });
    const res = await inject(t, {
      method: 'POST',
      url: '/api/v1/addresses',
      headers: { ...sam.auth, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { address } = res.json();
    expect(address).toMatchObject({
      ...HOME,
      country: 'US',
      line2: '',
      phone: '',
    });
    expect(address._id).toMatch(/^[0-9a-f-]{36}$/);
    const list = await send(t, sam.auth, 'GET', '/addresses');
    expect(list.json()).toEqual([address]);
  });

  it('takes the same form urlencoded, and JSON with the address as an object or a string', async () => {
    const sam = await signedInUser(t.deps);
    const urlencoded = await inject(t, {
      method: 'POST',
      url: '/api/v1/addresses',
      headers: { ...sam.auth, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        token: sam.token,
        address: JSON.stringify({ ...HOME, line1: '2 Urlencoded Road' }),
      }).toString(),
    });
    expect(urlencoded.statusCode, urlencoded.body).toBe(201);
    t.advanceTime(1000);
    const asObject = await send(t, sam.auth, 'POST', '/addresses', {
      address: { ...HOME, line1: '3 Object Lane' },
    });
    expect(asObject.statusCode, asObject.body).toBe(201);
    t.advanceTime(1000);
    const asString = await send(t, sam.auth, 'POST', '/addresses', {
      address: JSON.stringify({ ...HOME, line1: '4 String Street' }),
    });
    expect(asString.statusCode, asString.body).toBe(201);

    const list = (await send(t, sam.auth, 'GET', '/addresses')).json();
    // Newest first.
    expect(list.map((a: { line1: string }) => a.line1)).toEqual([
      '4 String Street',
      '3 Object Lane',
      '2 Urlencoded Road',
    ]);
  });

  it('applies the country’s rules and names every faulty field in details', async () => {
    const sam = await signedInUser(t.deps);
    await unchanged(t, [], async () => {
      const res = await send(t, sam.auth, 'POST', '/addresses', {
        address: { ...HOME, region: '', postalCode: '6270' },
      });
      const body = refused(res, 400, 'VALIDATION_ERROR');
      const fields = (body.details as { path: string[] }[]).map((d) => d.path.join('.'));
      expect(fields).toEqual(expect.arrayContaining(['address.region', 'address.postalCode']));
      expect(body.message).toMatch(/^address\.(region|postalCode): /);
    });
    // A country without states takes an address without one.
    const uk = await send(t, sam.auth, 'POST', '/addresses', {
      address: { ...HOME, region: '', postalCode: 'SW1A 1AA', country: 'GB', city: 'London' },
    });
    expect(uk.statusCode, uk.body).toBe(201);
    for (const bad of [
      { address: '{not json' },
      { address: { ...HOME, country: 'XX' } },
      { address: { ...HOME, name: '' } },
      {},
    ]) {
      const res = await send(t, sam.auth, 'POST', '/addresses', bad);
      refused(res, 400, 'VALIDATION_ERROR');
    }
  });

  it('refuses a form carrying a file, and an unreadable form, with a sentence', async () => {
    const sam = await signedInUser(t.deps);
    const withFile = await multipartBody({
      address: JSON.stringify(HOME),
      image: { data: Buffer.from('x'), type: 'image/png', filename: 'a.png' },
    });
    await unchanged(t, [], async () => {
      const res = await inject(t, {
        method: 'POST',
        url: '/api/v1/addresses',
        headers: { ...sam.auth, 'content-type': withFile.contentType },
        payload: withFile.payload,
      });
      expect(refused(res, 400, 'VALIDATION_ERROR').message).toBe(
        'image: This form takes no files. Send the address as text.',
      );
      const broken = await inject(t, {
        method: 'POST',
        url: '/api/v1/addresses',
        headers: { ...sam.auth, 'content-type': 'multipart/form-data; boundary=nope' },
        payload: 'garbage',
      });
      expect(refused(broken, 400, 'VALIDATION_ERROR').message).toMatch(/could not be read/);
    });
  });

  it(`keeps at most ${COMMERCE_LIMITS.addressesMax} addresses per member`, async () => {
    const sam = await signedInUser(t.deps);
    for (let i = 0; i < COMMERCE_LIMITS.addressesMax; i++)
      await createTestAddress(t, sam.user.id, { line1: `${i} Full Street` });
    await unchanged(t, [], async () => {
      const res = await send(t, sam.auth, 'POST', '/addresses', { address: HOME });
      expect(refused(res, 409, 'CONFLICT').message).toBe(
        `You can keep at most ${COMMERCE_LIMITS.addressesMax} addresses. Delete one you no longer use, then add this one.`,
      );
    });
    // Another member's book is their own.
    const leo = await signedInUser(t.deps);
    expect((await send(t, leo.auth, 'POST', '/addresses', { address: HOME })).statusCode).toBe(201);
  });

  it('needs a signed-in member (the form’s token field alone is not a session)', async () => {
    const sam = await signedInUser(t.deps);
    await unchanged(t, [], async () => {
      const res = await send(t, null, 'POST', '/addresses', { token: sam.token, address: HOME });
      refused(res, 401, 'UNAUTHORIZED');
    });
  });
});

describe('GET /addresses', () => {
  it('lists only the caller’s addresses (a bare array; empty when none)', async () => {
    const sam = await signedInUser(t.deps);
    const leo = await signedInUser(t.deps);
    expect((await send(t, sam.auth, 'GET', '/addresses')).json()).toEqual([]);
    await createTestAddress(t, leo.user.id);
    const mine = await createTestAddress(t, sam.user.id, { city: 'Shelbyville' });
    const list = (await send(t, sam.auth, 'GET', '/addresses')).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ _id: mine.id, city: 'Shelbyville' });
  });
});

describe('DELETE /addresses', () => {
  it('removes one of mine; another member’s is not found and stays', async () => {
    const sam = await signedInUser(t.deps);
    const leo = await signedInUser(t.deps);
    const mine = await createTestAddress(t, sam.user.id);
    const theirs = await createTestAddress(t, leo.user.id);

    await unchanged(t, [], async () => {
      const res = await send(t, sam.auth, 'DELETE', `/addresses?id=${theirs.id}`);
      expect(refused(res, 404, 'ADDRESS_NOT_FOUND').message).toMatch(/could not be found/);
      refused(
        await send(t, sam.auth, 'DELETE', `/addresses?id=${randomUUID()}`),
        404,
        'ADDRESS_NOT_FOUND',
      );
      refused(await send(t, sam.auth, 'DELETE', '/addresses?id=nope'), 400, 'VALIDATION_ERROR');
    });
    expect((await send(t, leo.auth, 'GET', '/addresses')).json()).toHaveLength(1);

    const res = await send(t, sam.auth, 'DELETE', `/addresses?id=${mine.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ _id: mine.id });
    expect((await send(t, sam.auth, 'GET', '/addresses')).json()).toEqual([]);
  });

  it('limits address writes per member (429 with a sentence)', async () => {
    const sam = await signedInUser(t.deps);
    for (let i = 0; i < 30; i++) {
      const res = await send(t, sam.auth, 'DELETE', `/addresses?id=${randomUUID()}`);
      expect(res.statusCode).toBe(404);
    }
    const limited = await send(t, sam.auth, 'POST', '/addresses', { address: HOME });
    expect(refused(limited, 429, 'RATE_LIMITED').message).toMatch(
      /^Too many attempts\. Please wait \d+ (minutes|seconds) and try again\.$/,
    );
    // Per member: someone else is not held up.
    const leo = await signedInUser(t.deps);
    expect((await send(t, leo.auth, 'POST', '/addresses', { address: HOME })).statusCode).toBe(201);
  });
});
