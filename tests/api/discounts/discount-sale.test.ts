import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { VISA } from '../commerce/checkout-support';
import { mailTo } from '../commerce/sales-helpers';
import { commerceApi } from '../../../src/shared/api/commerce';
import { send } from '../../helpers/member-calls';
import { answered, call, checkout, orderOf, saveCode } from './discount-support';

/**
 * A paid order that used a code: the charge is the discounted total, and the code and discount
 * show on the seller's sale, the buyer's confirmation, the seller's new-sale mail and the
 * seller's sales statement (CSV).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('a paid order with a discount code', () => {
  it('charges the discounted total and shows the code on the sale, the mails and the statement', async () => {
    const maya = await signedInUser(t.deps, { accountType: 'seller', name: 'Maya' });
    const sam = await signedInUser(t.deps, { accountType: 'buyer', name: 'Sam' });
    const lamp = await createProduct(t, maya.user, { title: 'Lamp', price: 40, shippingCost: 5 });
    await saveCode(t, maya.auth, { code: 'TENOFF', kind: 'amount', value: 10 });
    const order = orderOf(await checkout(t, sam, [lamp._id], 'tenoff'));
    // 40.00 − 10.00 + 5.00 shipping, tax 10 % of 35.00.
    expect(order).toMatchObject({
      subtotal: 40,
      discount: 10,
      shipping: 5,
      tax: 3.5,
      grandTotal: 38.5,
    });

    const intent = answered(
      await call(t, sam.auth, commerceApi.createPaymentIntent, { body: { orderId: order._id } }),
    );
    expect(intent).toMatchObject({ amount: 38.5 });
    const paid = await call(t, sam.auth, commerceApi.confirmLocalPayment, {
      body: { paymentIntentId: intent.paymentIntentId, card: VISA },
    });
    answered(paid, 200);

    const saleId = order.transactions[0]!._id;
    const sale = await call(t, maya.auth, commerceApi.transactions, { query: { id: saleId } });
    expect(answered(sale)).toMatchObject({
      transaction: { discountCode: 'TENOFF', discount: 10, total: 38.5, status: 'paid' },
    });

    const confirmation = (await mailTo(t, sam.user.email)).find((m) =>
      /is confirmed/.test(m.subject),
    );
    expect(confirmation!.text).toContain('discount TENOFF −$10.00 from Maya');
    expect(confirmation!.text).toContain('$38.50');
    const newSale = (await mailTo(t, maya.user.email)).find((m) => /^New sale/.test(m.subject));
    expect(newSale!.text).toContain('your code TENOFF took $10.00 off the items');

    // A CSV file, not JSON: read as the raw answer (the typed client parses JSON).
    const csv = await send(t, maya.auth, 'GET', '/sales/export?period=all');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(',40.00,TENOFF,10.00,5.00,3.50,38.50,');
  });
});
