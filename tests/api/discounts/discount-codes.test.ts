import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { discountsApi } from '../../../src/shared/api/discounts';
import type { DiscountInput } from '../../../src/shared/contracts/discounts';
import { answered, call, refused, saveCode, type Auth } from './discount-support';

/** GET/PUT/DELETE /discounts: a seller's own codes, validated, unique per seller whatever the case. */
let t: TestApp;
const list = (auth: Auth | null) => call(t, auth, discountsApi.discounts, {});
const save = (auth: Auth, body: DiscountInput) =>
  call(t, auth, discountsApi.saveDiscount, { body });
const remove = (auth: Auth, id: string) =>
  call(t, auth, discountsApi.deleteDiscount, { query: { id } });
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('a seller’s discount codes', () => {
  it('creates, lists (newest first), updates and deletes a code', async () => {
    const maya = await signedInUser(t.deps, { accountType: 'seller' });
    const lamp = await createProduct(t, maya.user, { title: 'Lamp', price: 10 });
    const first = await saveCode(t, maya.auth, { code: 'Summer10', kind: 'percent', value: 10 });
    t.advanceTime(1000); // the second is newer by a second, not by a race of milliseconds
    expect(first).toMatchObject({
      code: 'Summer10',
      kind: 'percent',
      value: 10,
      scope: 'shop',
      postIds: [],
      minOrder: 0,
      maxUses: null,
      maxUsesPerBuyer: null,
      uses: 0,
      active: true,
      state: 'active',
    });
    const second = await saveCode(t, maya.auth, {
      code: 'LAMP5',
      kind: 'amount',
      value: 5,
      scope: 'posts',
      postIds: [lamp._id],
      minOrder: 20,
      startsAt: '2030-01-01T00:00:00Z',
      endsAt: '2030-02-01T00:00:00Z',
      maxUses: 10,
      maxUsesPerBuyer: 1,
    });
    expect(second).toMatchObject({
      value: 5,
      minOrder: 20,
      postIds: [lamp._id],
      state: 'scheduled',
    });

    const listed = answered(await list(maya.auth));
    expect(listed.discounts.map((d) => d.code)).toEqual(['LAMP5', 'Summer10']);

    const off = await saveCode(t, maya.auth, {
      _id: first._id,
      code: 'SUMMER10',
      kind: 'percent',
      value: 15,
      active: false,
    });
    expect(off).toMatchObject({ _id: first._id, code: 'SUMMER10', value: 15, state: 'inactive' });

    expect(answered(await remove(maya.auth, first._id))).toEqual({ _id: first._id });
    expect(answered(await list(maya.auth)).discounts).toHaveLength(1);
  });

  it('keeps codes unique per seller, whatever the case; another seller may use the same code', async () => {
    const maya = await signedInUser(t.deps, { accountType: 'seller' });
    const leo = await signedInUser(t.deps, { accountType: 'both' });
    const mine = await saveCode(t, maya.auth, { code: 'WELCOME', kind: 'amount', value: 3 });
    const taken = refused(
      await save(maya.auth, { code: 'welcome', kind: 'percent', value: 5 }),
      409,
      'DISCOUNT_CODE_TAKEN',
    );
    expect(taken.message).toContain('“welcome”');
    // Renaming itself to another case is not a clash.
    await saveCode(t, maya.auth, { _id: mine._id, code: 'Welcome', kind: 'amount', value: 3 });
    await saveCode(t, leo.auth, { code: 'WELCOME', kind: 'amount', value: 3 });
  });

  it('refuses what cannot be a code, with a sentence on the field', async () => {
    const maya = await signedInUser(t.deps, { accountType: 'seller' });
    const cases: [unknown, string][] = [
      [{ code: 'ab', kind: 'percent', value: 10 }, 'at least 3'],
      [{ code: 'no spaces', kind: 'percent', value: 10 }, 'only letters'],
      [{ code: 'HALF', kind: 'percent', value: 150 }, 'whole number from 1 to 100'],
      [{ code: 'HALF', kind: 'percent', value: 12.5 }, 'whole number from 1 to 100'],
      [{ code: 'FIVE', kind: 'amount', value: 0 }, 'more than 0'],
      [{ code: 'FIVE', kind: 'amount', value: 5.555 }, 'two decimals'],
      [{ code: 'SOME', kind: 'amount', value: 5, scope: 'posts' }, 'at least one post'],
      [
        {
          code: 'LATE',
          kind: 'amount',
          value: 5,
          startsAt: '2030-02-01T00:00:00Z',
          endsAt: '2030-01-01T00:00:00Z',
        },
        'after the start',
      ],
      [{ code: 'MANY', kind: 'amount', value: 5, maxUses: 2, maxUsesPerBuyer: 3 }, 'per buyer'],
    ];
    for (const [body, words] of cases) {
      // Bodies the contract refuses, sent as they are: the server must refuse them too.
      const res = await save(maya.auth, body as DiscountInput);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.error), JSON.stringify(body)).toContain(words);
    }
  });

  it('applies to the seller’s own posts only', async () => {
    const maya = await signedInUser(t.deps, { accountType: 'seller' });
    const leo = await signedInUser(t.deps, { accountType: 'seller' });
    const his = await createProduct(t, leo.user, { title: 'His' });
    const res = await save(maya.auth, {
      code: 'THEIRS',
      kind: 'percent',
      value: 10,
      scope: 'posts',
      postIds: [his._id],
    });
    expect(refused(res, 400, 'VALIDATION_ERROR').message).toBe(
      'Choose posts of your own for this code.',
    );
  });

  it('is each seller’s own: another cannot change, delete or see it; buyers cannot make codes', async () => {
    const maya = await signedInUser(t.deps, { accountType: 'seller' });
    const leo = await signedInUser(t.deps, { accountType: 'seller' });
    const sam = await signedInUser(t.deps, { accountType: 'buyer' });
    const code = await saveCode(t, maya.auth, { code: 'MAYAS', kind: 'percent', value: 10 });
    refused(
      await save(leo.auth, {
        _id: code._id,
        code: 'MINE',
        kind: 'percent',
        value: 90,
      }),
      404,
      'DISCOUNT_NOT_FOUND',
    );
    refused(await remove(leo.auth, code._id), 404, 'DISCOUNT_NOT_FOUND');
    expect(answered(await list(leo.auth)).discounts).toEqual([]);
    refused(await save(sam.auth, { code: 'BUYER', kind: 'percent', value: 10 }), 403, 'FORBIDDEN');
    expect((await list(null)).status).toBe(401);
    expect(answered(await list(maya.auth)).discounts[0]!.value).toBe(10);
  });
});
