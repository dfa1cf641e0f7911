import * as E from 'fp-ts/Either';
import { isRefundNotice } from '../../core/ordering/ports/payment-gateway';
import { NOTICE_NAMES_ANOTHER_ORDER, NO_PAYMENT_STARTED } from '../../core/ordering/use-cases/confirm-payment';
import { AMOUNT_MISMATCH, PAYMENT_SETTLED_ANOTHER_ORDER } from '../../core/ordering/use-cases/settlement';
import { conflict, invalid, notFound, unauthorized } from '../../core/shared/errors';
import { egp, usd } from '../../core/shared/money';
import { right } from '../support/either';
import { STORE_URL, SUPPORT, aShopper, buyer, orderingOnMemory } from '../support/ordering';
import { aProduct } from '../support/products';

const setUp = async () => {
  const s = orderingOnMemory();
  const atlas = aProduct({ title: 'Atlas of Periodontics', price: usd(2599), egpprice: egp(120_000) });
  const veneers = aProduct({ title: 'Composite Veneers', price: usd(1000), egpprice: egp(45_050) });
  await s.catalog.addMany([atlas, veneers]);
  const shopper = aShopper();
  const started = async (provider: 'paypal' | 'paymob' = 'paypal', who = shopper) => {
    const answer = right(await s.checkout.start(who, { productIds: [atlas._id], provider, ...buyer, language: 'en' })());
    return { order: answer.order, reference: answer.reference ?? '' };
  };
  const statusOf = async (id: string) => (await s.orders.findById(id))?.status;
  return { ...s, atlas, veneers, shopper, started, statusOf };
};

describe('confirming a payment', () => {
  it("captures the buyer's approved payment: paid, delivered, one confirmation that says what and where", async () => {
    const { confirm, paypal, orders, shopper, started } = await setUp();
    const { order, reference } = await started();
    paypal.approve(reference);
    const settled = right(await confirm.capture(shopper, { orderId: order.id })());
    expect(settled).toMatchObject({ kind: 'paid', order: { id: order.id, status: 'paid', delivered: true, paymentId: expect.any(String) } });
    expect(orders.queued).toHaveLength(1);
    const { mail } = orders.queued[0];
    expect(mail).toMatchObject({ to: buyer.email, subject: `Dental Library: order ${order.id.slice(-6)} confirmed` });
    for (const part of ['Dental Library', order.id.slice(-6), 'Atlas of Periodontics: $25.99', 'Total: $25.99', `${STORE_URL}/user/profile`, SUPPORT])
      expect(mail.text).toContain(part);
    expect(mail.html).toContain('<td>Atlas of Periodontics</td>');
  });

  it('takes what was bought out of the buyer\'s cart once paid, and only then', async () => {
    const { confirm, paypal, carts, checkout, atlas, veneers, shopper } = await setUp();
    await carts.add(shopper.id, atlas._id);
    await carts.add(shopper.id, veneers._id);
    const started = right(await checkout.start(shopper, { provider: 'paypal', ...buyer, language: 'en' })());
    expect(await carts.count(shopper.id)).toBe(2);
    paypal.approve(started.reference!);
    right(await confirm.capture(shopper, { orderId: started.order.id })());
    expect(await carts.count(shopper.id)).toBe(0);
  });

  it('settles once, with one confirmation, when captures and the notice race', async () => {
    const { confirm, paypal, orders, shopper, started, statusOf } = await setUp();
    const { order, reference } = await started();
    paypal.approve(reference);
    await paypal.settle(reference, order.id);
    const notice = await paypal.verify(paypal.notificationOf(reference));
    if (!notice || isRefundNotice(notice)) throw new Error('the genuine notice was refused');
    const answers = await Promise.all([
      confirm.capture(shopper, { orderId: order.id })(),
      confirm.notice('paypal', notice)(),
      confirm.capture(shopper, { provider: 'paypal', reference })(),
      confirm.notice('paypal', notice)(),
    ]);
    expect(answers.map((a) => right(a).kind)).toEqual(['paid', 'paid', 'paid', 'paid']);
    expect(await statusOf(order.id)).toBe('paid');
    expect(orders.queued).toHaveLength(1);
    expect(right(await confirm.capture(shopper, { orderId: order.id })()).kind).toBe('paid');
    expect(orders.queued).toHaveLength(1);
  });

  it('refuses a notice whose amount or currency is not the order total, and changes nothing', async () => {
    const { confirm, orders, started, statusOf } = await setUp();
    const { order, reference } = await started();
    const paid = (amount: ReturnType<typeof usd> | ReturnType<typeof egp>) => ({ reference, outcome: { kind: 'paid' as const, paymentId: 'CAP-1', amount } });
    expect(await confirm.notice('paypal', paid(usd(1)))()).toEqual(E.left(invalid(AMOUNT_MISMATCH)));
    expect(await confirm.notice('paypal', paid(egp(2599)))()).toEqual(E.left(invalid(AMOUNT_MISMATCH)));
    expect(await statusOf(order.id)).toBe('pending');
    expect(orders.queued).toEqual([]);
    expect(right(await confirm.notice('paypal', paid(usd(2599)))()).kind).toBe('paid');
  });

  it("refuses a payment id that already settled another order (a replayed notice)", async () => {
    const { confirm, started, statusOf, orders } = await setUp();
    const [first, second] = [await started(), await started()];
    const notice = (reference: string) => ({ reference, outcome: { kind: 'paid' as const, paymentId: 'CAP-ONCE', amount: usd(2599) } });
    expect(right(await confirm.notice('paypal', notice(first.reference))()).kind).toBe('paid');
    expect(await confirm.notice('paypal', notice(second.reference))()).toEqual(E.left(conflict(PAYMENT_SETTLED_ANOTHER_ORDER)));
    expect(await statusOf(second.order.id)).toBe('pending');
    expect(orders.queued).toHaveLength(1);
  });

  it("answers 404 for someone else's order, an unknown one, or a notice of another provider", async () => {
    const { confirm, paypal, shopper, started, statusOf } = await setUp();
    const { order, reference } = await started();
    paypal.approve(reference);
    const stranger = aShopper('Omar');
    expect(await confirm.capture(stranger, { orderId: order.id })()).toEqual(E.left(notFound('Order not found')));
    expect(await confirm.capture(stranger, { provider: 'paypal', reference })()).toEqual(E.left(notFound('Order not found')));
    expect(await confirm.capture(undefined, { orderId: order.id })()).toEqual(E.left(unauthorized('Please sign in first')));
    for (const orderId of ['ffffffffffffffffffffffff', 'not an id']) expect(await confirm.capture(shopper, { orderId })()).toEqual(E.left(notFound('Order not found')));
    const notice = { reference, orderId: order.id, outcome: { kind: 'paid' as const, paymentId: 'CAP-9', amount: usd(2599) } };
    expect(await confirm.notice('paymob', notice)()).toEqual(E.left(notFound('Order not found')));
    expect(await confirm.notice('paypal', { ...notice, reference: 'UNKNOWN', orderId: undefined })()).toEqual(E.left(notFound('Order not found')));
    expect(await statusOf(order.id)).toBe('pending');
  });

  it('settles an order whose reference the store never wrote, found by the order id the provider signed', async () => {
    const { confirm, orders, started } = await setUp();
    const { order } = await started('paypal');
    const lost = await orders.add({ ...order, id: 'abcdefabcdefabcdefabcdef' });
    const notice = { reference: 'PAYPAL-77', orderId: lost.id, outcome: { kind: 'paid' as const, paymentId: 'CAP-77', amount: usd(2599) } };
    expect(right(await confirm.notice('paypal', notice)())).toMatchObject({ kind: 'paid', order: { id: lost.id, reference: 'PAYPAL-77' } });
  });

  it('never finds or settles an order by an order id outside the signature', async () => {
    const { confirm, orders, started, statusOf } = await setUp();
    const { order } = await started('paymob');
    const lost = await orders.add({ ...order, id: 'abcdefabcdefabcdefabcdef' });
    const notice = { reference: 'PAYMOB-78', unsignedOrderId: lost.id, outcome: { kind: 'paid' as const, paymentId: 'TX-78', amount: egp(120_000) } };
    expect(await confirm.notice('paymob', notice)()).toEqual(E.left(notFound('Order not found')));
    expect(await confirm.returned('paymob', notice)()).toEqual(E.left(notFound('Order not found')));
    expect(await statusOf(lost.id)).toBe('pending');
    expect((await orders.findById(lost.id))?.reference).toBeUndefined();
  });

  describe("the buyer's way back from the provider", () => {
    const paidBy = (reference: string, amount = egp(120_000)) => ({ kind: 'paid' as const, paymentId: `TX-${reference}`, amount });

    it('is paid when the notice pays the order its signature names', async () => {
      const { confirm, started } = await setUp();
      const { order, reference } = await started('paymob');
      const back = { reference, unsignedOrderId: order.id, outcome: paidBy(reference) };
      expect(right(await confirm.returned('paymob', back)())).toMatchObject({ kind: 'paid', order: { id: order.id, status: 'paid' } });
    });

    it('is refused, and settles nothing, when it names outside the signature another order than the signed one', async () => {
      const { confirm, started, statusOf } = await setUp();
      const a = await started('paymob');
      const b = await started('paymob');
      const replayed = { reference: a.reference, unsignedOrderId: b.order.id, outcome: paidBy(a.reference) };
      expect(await confirm.returned('paymob', replayed)()).toEqual(E.left(conflict(NOTICE_NAMES_ANOTHER_ORDER)));
      expect([await statusOf(a.order.id), await statusOf(b.order.id)]).toEqual(['pending', 'pending']);
      // Once A is paid, the same replay is still no success.
      right(await confirm.notice('paymob', { reference: a.reference, outcome: paidBy(a.reference) })());
      expect(await confirm.returned('paymob', replayed)()).toEqual(E.left(conflict(NOTICE_NAMES_ANOTHER_ORDER)));
      expect(await statusOf(b.order.id)).toBe('pending');
    });

    it('is a decline or pending when the notice says so, even for an order paid since', async () => {
      const { confirm, started } = await setUp();
      const { order, reference } = await started('paymob');
      const declined = { reference, outcome: { kind: 'declined' as const, reason: 'The card was declined.', retry: true } };
      expect(right(await confirm.returned('paymob', declined)())).toMatchObject({ kind: 'declined', order: { status: 'pending' } });
      right(await confirm.notice('paymob', { reference, outcome: paidBy(reference) })());
      expect(right(await confirm.returned('paymob', declined)())).toMatchObject({ kind: 'declined', order: { id: order.id, status: 'paid' } });
      const pending = { reference, outcome: { kind: 'pending' as const, reason: 'Paymob is still processing the payment.' } };
      expect(right(await confirm.returned('paymob', pending)())).toMatchObject({ kind: 'pending', order: { status: 'paid' } });
    });

    it('is not paid when the notice pays another amount than the order total', async () => {
      const { confirm, started, statusOf } = await setUp();
      const { order, reference } = await started('paymob');
      expect(await confirm.returned('paymob', { reference, outcome: paidBy(reference, egp(100)) })()).toEqual(E.left(invalid(AMOUNT_MISMATCH)));
      expect(await statusOf(order.id)).toBe('pending');
    });
  });

  it('fails a declined payment, never a paid one, and leaves an unapproved one pending', async () => {
    const { confirm, paypal, shopper, started, statusOf } = await setUp();
    const unapproved = await started();
    expect(right(await confirm.capture(shopper, { orderId: unapproved.order.id })()).kind).toBe('pending');
    expect(await statusOf(unapproved.order.id)).toBe('pending');

    const declined = await started();
    paypal.decline(declined.reference);
    expect(right(await confirm.capture(shopper, { orderId: declined.order.id })())).toMatchObject({ kind: 'declined', order: { status: 'failed' } });

    const paid = await started();
    paypal.approve(paid.reference);
    right(await confirm.capture(shopper, { orderId: paid.order.id })());
    const lateDecline = { reference: paid.reference, outcome: { kind: 'declined' as const, reason: 'denied' } };
    expect(right(await confirm.notice('paypal', lateDecline)())).toMatchObject({ kind: 'paid', order: { status: 'paid' } });

    const retry = await started();
    const retryable = { reference: retry.reference, outcome: { kind: 'declined' as const, reason: 'card declined', retry: true } };
    expect(right(await confirm.notice('paypal', retryable)())).toMatchObject({ kind: 'declined', retry: true, order: { status: 'pending' } });
  });

  it('leaves the order pending when the provider cannot be asked, and says so', async () => {
    const { confirm, paypal, shopper, started, statusOf, orders } = await setUp();
    const { order, reference } = await started();
    paypal.approve(reference);
    paypal.failNext(1);
    expect(right(await confirm.capture(shopper, { orderId: order.id })()).kind).toBe('unavailable');
    expect(await statusOf(order.id)).toBe('pending');
    expect(orders.queued).toEqual([]);
    expect(right(await confirm.capture(shopper, { orderId: order.id })()).kind).toBe('paid');
  });

  it('refuses to capture an order whose payment never started', async () => {
    const { confirm, paypal, shopper, atlas, checkout, orders } = await setUp();
    paypal.failNext(1);
    await checkout.start(shopper, { productIds: [atlas._id], provider: 'paypal', ...buyer, language: 'en' })();
    const [order] = await orders.ofUser(shopper.id);
    expect(await confirm.capture(shopper, { orderId: order.id })()).toEqual(E.left(invalid(NO_PAYMENT_STARTED)));
  });
});
