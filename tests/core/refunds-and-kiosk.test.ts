import { DOWNLOAD_NOT_FOUND } from '../../core/ordering/use-cases/open-download';
import { ALREADY_REFUNDED, ONLY_PAID_REFUNDED, REFUND_RETRY_LATER, REFUND_UNDER_WAY } from '../../core/ordering/use-cases/refund-order';
import { REFERENCE_EXPIRED } from '../../core/ordering/use-cases/settlement';
import { conflict, forbidden, invalid, notFound, unavailable } from '../../core/shared/errors';
import { egp, usd } from '../../core/shared/money';
import { User } from '../../core/identity/domain/user';
import { isRefundNotice } from '../../core/ordering/ports/payment-gateway';
import { left, right } from '../support/either';
import { aShopper, buyer, orderingOnMemory } from '../support/ordering';
import { aProduct } from '../support/products';

const HOUR = 3_600_000;
const owner: User = { ...aShopper('Owner'), role: 'Admin' };

/** A shopper's paid PayPal order of two products, both downloadable. */
const setUp = async () => {
  const s = orderingOnMemory();
  const atlas = aProduct({ title: 'Atlas of Periodontics', price: usd(2599), egpprice: egp(120_000) });
  const veneers = aProduct({ title: 'Composite Veneers', price: usd(1000), egpprice: egp(45_000) });
  await s.catalog.addMany([atlas, veneers]);
  const shopper = await s.customer();
  const paidOrder = async () => {
    const started = right(await s.checkout.start(shopper, { productIds: [atlas._id, veneers._id], provider: 'paypal', ...buyer, language: 'en' })());
    s.paypal.approve(started.reference!);
    return right(await s.confirm.capture(shopper, { orderId: started.order.id })()).order;
  };
  const mailsTo = (subject: string) => s.orders.queued.filter((q) => q.mail.subject.includes(subject));
  return { ...s, atlas, veneers, shopper, paidOrder, mailsTo };
};

describe('refunds', () => {
  it('refunds one line: its download stops at once, the other stays, the buyer is told and the owner logged', async () => {
    const { refunds, paidOrder, downloads, shopper, veneers, atlas, audit, orders, mailsTo } = await setUp();
    const order = await paidOrder();
    const { order: after } = right(await refunds.refund(owner, order.id, [veneers._id])());
    expect(after).toMatchObject({ status: 'partly-refunded', refunded: usd(1000) });
    expect(left(await downloads.open(shopper, order.id, veneers._id)())).toEqual(notFound(DOWNLOAD_NOT_FOUND));
    expect(right(await downloads.open(shopper, order.id, atlas._id)()).title).toBe('Atlas of Periodontics');
    expect(mailsTo('partly refunded').map((q) => q.mail.to)).toEqual([buyer.email]);
    expect(mailsTo('partly refunded')[0].mail.text).toContain('Composite Veneers (no longer available to download)');
    const [entry] = await audit.recent({ page: 1, limit: 1 });
    expect(entry).toMatchObject({ action: 'order-refunded', subject: order.id, detail: { amount: 1000, currency: 'USD' } });
    expect((await orders.findById(order.id))?.lines.find((l) => l.productId === veneers._id)?.refunded).toBe(true);
  });

  it('refunds the rest, and then nothing more; never an unpaid order; only for an admin', async () => {
    const { refunds, paidOrder, checkout, shopper, atlas, veneers } = await setUp();
    const order = await paidOrder();
    right(await refunds.refund(owner, order.id, [veneers._id])());
    expect(right(await refunds.refund(owner, order.id)()).order).toMatchObject({ status: 'refunded', refunded: usd(3599) });
    expect(left(await refunds.refund(owner, order.id, [atlas._id])())).toEqual(conflict(ONLY_PAID_REFUNDED));
    const again = await paidOrder();
    right(await refunds.refund(owner, again.id, [atlas._id])());
    expect(left(await refunds.refund(owner, again.id, [atlas._id])())).toEqual(invalid(ALREADY_REFUNDED));
    const unpaid = right(await checkout.start(shopper, { productIds: [veneers._id], provider: 'paypal', ...buyer, language: 'en' })()).order;
    expect(left(await refunds.refund(owner, unpaid.id)())).toEqual(conflict(ONLY_PAID_REFUNDED));
    expect(left(await refunds.refund(shopper, again.id)()).kind).toBe(forbidden('').kind);
  });

  it('refunds once when two refunds of one order are asked at once', async () => {
    const { refunds, paidOrder, orders } = await setUp();
    const order = await paidOrder();
    const answers = await Promise.all([refunds.refund(owner, order.id)(), refunds.refund(owner, order.id)()]);
    expect(answers.filter((a) => a._tag === 'Right')).toHaveLength(1);
    expect(answers.filter((a) => a._tag === 'Left').map((a) => a._tag === 'Left' && a.left)).toEqual([conflict(REFUND_UNDER_WAY)]);
    expect((await orders.findById(order.id))?.refunded).toEqual(usd(3599));
  });

  it('asks again, with the same key, a refund whose provider could not be reached, and records it once', async () => {
    const { refunds, paidOrder, paypal, reconcile, clock, orders, mailsTo } = await setUp();
    const order = await paidOrder();
    paypal.failNext(1);
    expect(left(await refunds.refund(owner, order.id)())).toEqual(unavailable(REFUND_RETRY_LATER));
    expect(left(await refunds.refund(owner, order.id)())).toEqual(conflict(REFUND_UNDER_WAY));
    clock.advance(10 * 60_000);
    expect(right(await reconcile.run()()).refunds).toBe(1);
    expect(right(await reconcile.run()()).refunds).toBe(0);
    expect(await orders.findById(order.id)).toMatchObject({ status: 'refunded', refunded: usd(3599) });
    expect(mailsTo('refunded')).toHaveLength(1);
  });

  it('records once a refund the provider made while the app stopped before writing it', async () => {
    const { paidOrder, paypal, refundLedger, reconcile, clock, orders, mailsTo, veneers } = await setUp();
    const order = await paidOrder();
    // What RefundOrder does before the app dies: the refund kept, then made at the provider; nothing written after.
    const record = { key: 'refund-stopped', orderId: order.id, productIds: [veneers._id], amount: usd(1000), requestedBy: owner.id, requestedAt: clock.now() };
    expect(await refundLedger.request(record)).toBe('requested');
    const made = await paypal.refund({ reference: order.reference!, paymentId: order.paymentId!, paid: order.total, amount: usd(1000), refundKey: record.key, method: 'paypal' });
    expect(made.kind).toBe('refunded');
    clock.advance(10 * 60_000);
    expect(right(await reconcile.run()()).refunds).toBe(1);
    expect(right(await reconcile.run()()).refunds).toBe(0);
    expect(await orders.findById(order.id)).toMatchObject({ status: 'partly-refunded', refunded: usd(1000) });
    expect(mailsTo('partly refunded')).toHaveLength(1);
  });

  it("takes access back on the provider's own refund notice, once, and not again after the owner's refund of it", async () => {
    const { paidOrder, paypal, confirm, orders, downloads, shopper, atlas, refunds, veneers } = await setUp();
    const order = await paidOrder();
    const notice = await paypal.verify(paypal.refundNotificationOf(order.paymentId!));
    if (!notice || !isRefundNotice(notice)) throw new Error('not a refund notice');
    expect(right(await confirm.notice('paypal', notice)())).toMatchObject({ kind: 'refunded', order: { status: 'refunded', refunded: usd(3599) } });
    right(await confirm.notice('paypal', notice)());
    expect((await orders.findById(order.id))?.refunded).toEqual(usd(3599));
    expect(left(await downloads.open(shopper, order.id, atlas._id)())).toEqual(notFound(DOWNLOAD_NOT_FOUND));

    const second = await paidOrder();
    right(await refunds.refund(owner, second.id, [veneers._id])());
    const partial = await paypal.verify(paypal.refundNotificationOf(second.paymentId!, usd(1000)));
    if (!partial || !isRefundNotice(partial)) throw new Error('not a refund notice');
    right(await confirm.notice('paypal', partial)());
    expect(await orders.findById(second.id)).toMatchObject({ status: 'partly-refunded', refunded: usd(1000) });
  });
});

describe('paying cash at a kiosk', () => {
  const kioskSetUp = async () => {
    const s = await setUp();
    const started = right(await s.checkout.start(s.shopper, { productIds: [s.atlas._id], provider: 'paymob', method: 'kiosk', ...buyer, language: 'en' })());
    return { ...s, started };
  };

  it('keeps the order pending with its reference and expiry, e-mailed at once', async () => {
    const { started, orders, mailsTo, myOrders, shopper, clock } = await kioskSetUp();
    expect(started.next).toMatchObject({ kind: 'offline', payAt: { reference: started.reference, payTo: 'Aman or Masary kiosk' } });
    const order = await orders.findById(started.order.id);
    expect(order).toMatchObject({ status: 'pending', paymentMethod: 'kiosk', payAt: { reference: started.reference, expiresAt: new Date(clock.now().getTime() + 48 * HOUR).toISOString() } });
    const [letter] = mailsTo('how to pay');
    expect(letter.mail.text).toContain(`Reference: ${started.reference}`);
    expect(letter.mail.text).toContain('Amount: EGP 1,200');
    expect(right(await myOrders.list(shopper)())[0]).toMatchObject({ state: 'awaiting payment', payAt: { reference: started.reference } });
  });

  it('reminds the buyer once before the reference runs out, and expires the order when it has', async () => {
    const { started, reconcile, clock, orders, mailsTo, paymob, confirm } = await kioskSetUp();
    clock.advance(40 * HOUR);
    right(await reconcile.run()());
    right(await reconcile.run()());
    expect(mailsTo('still waiting')).toHaveLength(1);
    clock.advance(9 * HOUR);
    right(await reconcile.run()());
    expect((await orders.findById(started.order.id))?.status).toBe('expired');
    // Cash paid against a void reference is not believed.
    paymob.pay(started.reference!);
    const notice = await paymob.verify(paymob.notificationOf(started.reference!));
    if (!notice || isRefundNotice(notice)) throw new Error('no notice');
    expect(left(await confirm.notice('paymob', notice)())).toEqual(conflict(REFERENCE_EXPIRED));
  });

  it('is paid when the cash is, before the reference runs out', async () => {
    const { started, orders, paymob, confirm, clock } = await kioskSetUp();
    clock.advance(30 * HOUR);
    paymob.pay(started.reference!);
    const notice = await paymob.verify(paymob.notificationOf(started.reference!));
    if (!notice || isRefundNotice(notice)) throw new Error('no notice');
    right(await confirm.notice('paymob', notice)());
    expect((await orders.findById(started.order.id))?.status).toBe('paid');
  });
});
