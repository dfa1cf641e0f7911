import { TOKENS } from '../../adapters/di/tokens';
import { PaymentGateway } from '../../core/ordering/ports/payment-gateway';
import { egp, usd } from '../../core/shared/money';
import { RunningStore, startStore } from '../support/http';
import { nextId, aProduct } from '../support/products';

/**
 * PayPal refunds on the real app, wired as `npm start` wires it: the store's PayPal gateway against
 * the PayPal emulator the store serves, a purchase made over HTTP, and PayPal's own refund notices
 * sent to the store's webhook. (The admin's refund route and the order's refunded state are the
 * core's, wired separately: these tests hold the PayPal side of them.)
 */
describe('PayPal refunds on the real app', () => {
  let api: RunningStore;
  let paypal: PaymentGateway;
  const atlas = aProduct({ title: 'Atlas of Periodontics', price: usd(2599), egpprice: egp(130000) });

  beforeAll(async () => {
    api = await startStore([atlas]);
    paypal = api.store.get(TOKENS.Gateways).paypal!;
  });
  afterAll(() => api.close());

  const json = (path: string, body?: unknown, cookie = '') =>
    fetch(api.url + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** A shopper buys the Atlas with PayPal over HTTP; PayPal's order and capture ids, as the store recorded them. */
  const bought = async () => {
    const username = `Buyer${nextId().slice(-8)}`;
    const signup = await json('/api/user/signup', { username, email: `${username.toLowerCase()}@mail.test`, password: 'Secret12' });
    const cookie = signup.headers.getSetCookie().find((c) => c.startsWith('sid='))!.split(';')[0]!;
    const created = await (await json('/api/paypal/create-order', { name: 'Hana Adel', email: 'hana@mail.test', productId: atlas._id }, cookie)).json();
    const reference = created.id as string;
    await fetch(`${api.url}/emulator/paypal/buyer/orders/${reference}/approve`, { method: 'POST' });
    const captured = await (await json('/api/paypal/capture-order', { orderID: reference }, cookie)).json();
    expect(captured.result).toMatchObject({ status: 'paid', total: 25.99 });
    const orderId = captured.result.orderId as string;
    const paid = await paypal.inquire(reference, orderId);
    if (paid.kind !== 'paid') throw new Error(JSON.stringify(paid));
    return { reference, orderId, paymentId: paid.paymentId };
  };

  /** What PayPal last announced about the order, as it would deliver it now (signed). */
  const lastNotice = async (reference: string) => ({ ...(await (await fetch(`${api.url}/emulator/paypal/dashboard/orders/${reference}/notification`)).json()), query: {} });

  it("refunds a paid order's PayPal capture, part then the rest, each once whatever the repeats", async () => {
    const { reference, paymentId } = await bought();
    const refund = (minor: number, refundKey: string) => paypal.refund({ reference, paymentId, paid: usd(2599), amount: usd(minor), refundKey, method: 'paypal' });
    const part = await refund(1000, 'refund-1');
    expect(part).toEqual({ kind: 'refunded', refundId: expect.any(String) });
    expect(await refund(1000, 'refund-1')).toEqual(part);
    expect(await paypal.verify(await lastNotice(reference))).toEqual({ kind: 'refund', paymentId, refundedSoFar: usd(1000) });

    expect(await refund(1600, 'refund-2')).toEqual({ kind: 'refused', reason: expect.stringContaining('more than is left') });
    expect(await refund(1599, 'refund-3')).toEqual({ kind: 'refunded', refundId: expect.any(String) });
    expect(await paypal.verify(await lastNotice(reference))).toEqual({ kind: 'refund', paymentId, refundedSoFar: usd(2599) });
  });

  it("hands the store PayPal's own refund and chargeback as refunds of the order's payment (its capture)", async () => {
    const { reference, paymentId } = await bought();
    const atPayPal = (action: string, body: unknown) => json(`/emulator/paypal/dashboard/orders/${reference}/${action}`, body);

    expect((await atPayPal('refund', { value: '5.00' })).status).toBe(201);
    const refunded = await lastNotice(reference);
    expect(JSON.parse(refunded.rawBody)).toMatchObject({ event_type: 'PAYMENT.CAPTURE.REFUNDED' });
    expect(await paypal.verify(refunded)).toEqual({ kind: 'refund', paymentId, refundedSoFar: usd(500) });
    // The store's webhook takes the delivery (verified, so PayPal does not deliver it again).
    const delivered = await fetch(`${api.url}/api/paypal/webhook`, { method: 'POST', headers: refunded.headers, body: refunded.rawBody });
    expect(delivered.status).toBe(200);

    expect((await atPayPal('reverse', {})).status).toBe(201);
    expect(await paypal.verify(await lastNotice(reference))).toEqual({ kind: 'refund', paymentId });
  });
});
