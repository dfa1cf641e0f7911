import { MemoryPaymentReceipts } from '../../adapters/persistence/memory/memory-payment-receipts';
import { ImageSizeReader } from '../../adapters/uploads/image-size-reader';
import { MemoryImages } from '../../adapters/storage/memory-images';
import { IMAGE_TOO_BIG, NOT_AN_IMAGE } from '../../core/catalog/domain/images';
import { ADMINS_ONLY } from '../../core/identity/domain/rights';
import { NOT_SIGNED_IN, User } from '../../core/identity/domain/user';
import { ORDER_NOT_FOUND } from '../../core/ordering/domain/order';
import { NOT_PAID_BY_HAND, NOT_WAITING, NO_RECEIPT, REASON_NEEDED, REASON_TOO_LONG, approvedPaymentId } from '../../core/ordering/domain/payment-by-hand';
import { changeOrder } from '../../core/ordering/use-cases/change-order';
import { started } from '../../core/ordering/domain/order-life';
import { PaymentsByHand } from '../../core/ordering/use-cases/payments-by-hand';
import { NO_LONGER_WAITING, Settlement } from '../../core/ordering/use-cases/settlement';
import { conflict, forbidden, invalid, notFound, tooLarge, unauthorized } from '../../core/shared/errors';
import { egp } from '../../core/shared/money';
import { left, right } from '../support/either';
import { aJpeg, aPng, aTextFile, anElevenMbPng } from '../support/images';
import { STORE_URL, SUPPORT, aShopper, buyer, orderingOnMemory } from '../support/ordering';
import { aProduct, nextId } from '../support/products';

const owner: User = { ...aShopper('Owner'), role: 'Admin' };

const setUp = async () => {
  const s = orderingOnMemory();
  const atlas = aProduct({ title: 'Atlas of Periodontics', egpprice: egp(130_000) });
  await s.catalog.addMany([atlas]);
  const shopper = await s.customer();
  const receipts = new MemoryPaymentReceipts(async (id) => (await s.orders.findById(id)) !== undefined);
  const images = new MemoryImages();
  const contact = { supportAddress: SUPPORT, storeUrl: STORE_URL };
  const byHand = new PaymentsByHand(s.orders, s.work, receipts, images, new ImageSizeReader(), new Settlement(s.orders, s.work, contact), s.clock, contact);
  /** A pending order of `who`, paid by `paymentMethod` through `method`. */
  const anOrder = async (who: User = shopper, method = 'transfer', paymentMethod = 'transfer') =>
    s.orders.add({
      id: nextId(),
      userId: who.id,
      buyerName: buyer.name,
      buyerEmail: buyer.email,
      method,
      paymentMethod,
      currency: 'EGP',
      total: egp(130_000),
      lines: [{ productId: atlas._id, title: atlas.title, price: egp(130_000) }],
      createdAt: s.clock.now().toISOString(),
    });
  const mailsTo = (subject: string) => s.orders.queued.filter((q) => q.mail.subject.includes(subject));
  return { ...s, shopper, byHand, receipts, images, anOrder, mailsTo };
};

describe('payments made by hand: the receipt', () => {
  it('is kept for the owner of a pending transfer order, checked as a cover image, a new one replacing the old', async () => {
    const { byHand, shopper, anOrder, images, receipts, clock, orders, work } = await setUp();
    const order = await anOrder();
    await changeOrder(orders, work, order.id, (o) => started(o, 'DL-1', { reference: 'DL-1', expiresAt: '2026-11-30T10:00:00.000Z' }));
    const first = right(await byHand.sendReceipt(shopper, order.id, { name: 'receipt.png', bytes: aPng() })());
    expect(first).toEqual({ orderId: order.id, address: expect.stringMatching(/\.png$/), format: 'png', uploadedAt: clock.now().toISOString() });
    const second = right(await byHand.sendReceipt(shopper, order.id, { name: 'receipt.jpg', bytes: aJpeg() })());
    expect(images.addresses()).toEqual([second.address]);
    expect(await receipts.of(order.id)).toEqual(second);
    // The owner decides now: the order no longer expires while it waits for them.
    expect((await orders.findById(order.id))?.payAt?.expiresAt).toBeUndefined();
    expect(right(await byHand.receiptOf(owner, order.id)())).toEqual({ format: 'jpg', bytes: Uint8Array.from(aJpeg()) });
  });

  it('is refused, storing nothing: not an image, over 10 MB, signed out, someone else\'s, another method, no longer pending', async () => {
    const { byHand, shopper, anOrder, images, customer, work, orders } = await setUp();
    const order = await anOrder();
    const omar = await customer('Omar');
    const png = { name: 'r.png', bytes: aPng() };
    expect(left(await byHand.sendReceipt(shopper, order.id, { name: 'r.png', bytes: aTextFile() })())).toEqual(invalid(`${NOT_AN_IMAGE} (r.png)`));
    expect(left(await byHand.sendReceipt(shopper, order.id, { name: 'big.png', bytes: anElevenMbPng() })())).toEqual(tooLarge(`${IMAGE_TOO_BIG} (big.png)`));
    expect(left(await byHand.sendReceipt(undefined, order.id, png)())).toEqual(unauthorized(NOT_SIGNED_IN));
    expect(left(await byHand.sendReceipt(omar, order.id, png)())).toEqual(notFound(ORDER_NOT_FOUND));
    expect(left(await byHand.sendReceipt(shopper, 'not-an-id', png)())).toEqual(notFound(ORDER_NOT_FOUND));
    const kiosk = await anOrder(shopper, 'paymob', 'kiosk');
    expect(left(await byHand.sendReceipt(shopper, kiosk.id, png)())).toEqual(conflict(NOT_PAID_BY_HAND));
    await work.run(async (tx) => void (await tx.orders.save({ ...order, status: 'failed', version: order.version + 1 })));
    expect((await orders.findById(order.id))?.status).toBe('failed');
    expect(left(await byHand.sendReceipt(shopper, order.id, png)())).toEqual(conflict(NOT_WAITING));
    expect(images.addresses()).toEqual([]);
  });

  it('is shown to admins only, and is missing for an order without one', async () => {
    const { byHand, shopper, anOrder } = await setUp();
    const order = await anOrder();
    expect(left(await byHand.receiptOf(owner, order.id)())).toEqual(notFound(NO_RECEIPT));
    right(await byHand.sendReceipt(shopper, order.id, { name: 'r.png', bytes: aPng() })());
    expect(left(await byHand.receiptOf(shopper, order.id)())).toEqual(forbidden(ADMINS_ONLY));
    expect(left(await byHand.receiptOf(undefined, order.id)())._tag).toBe('DomainError');
  });
});

describe('payments made by hand: the admin decides', () => {
  it('approves: paid once with the transfer payment id, the confirmation queued, the audit entry written', async () => {
    const { byHand, anOrder, mailsTo, audit, orders } = await setUp();
    const order = await anOrder();
    expect(right(await byHand.approve(owner, order.id)())).toMatchObject({ status: 'paid', paymentId: approvedPaymentId(order.id) });
    expect(mailsTo('confirmed').map((q) => q.mail.to)).toEqual([buyer.email]);
    const [entry] = await audit.recent({ page: 1, limit: 1 });
    expect(entry).toMatchObject({ action: 'transfer-approved', subject: order.id, actorId: owner.id });
    expect(left(await byHand.approve(owner, order.id)())).toEqual(conflict(NOT_WAITING));
    expect(left(await byHand.reject(owner, order.id, 'late')())).toEqual(conflict(NOT_WAITING));
    expect((await orders.findById(order.id))?.status).toBe('paid');
    expect(mailsTo('confirmed')).toHaveLength(1);
  });

  it('never pays an order rejected while the approval was on its way', async () => {
    const { byHand, anOrder, mailsTo, orders } = await setUp();
    const order = await anOrder();
    // The rejection lands between the approval's read of the order and its write.
    const [rejected, approved] = await Promise.all([byHand.reject(owner, order.id, 'No transfer arrived')(), byHand.approve(owner, order.id)()]);
    expect(right(rejected).status).toBe('failed');
    expect(left(approved)).toEqual(conflict(NO_LONGER_WAITING));
    expect((await orders.findById(order.id))?.status).toBe('failed');
    expect(mailsTo('confirmed')).toEqual([]);
  });

  it('rejects with a reason: failed, the buyer told why, the audit entry written', async () => {
    const { byHand, anOrder, mailsTo, audit } = await setUp();
    const order = await anOrder();
    expect(left(await byHand.reject(owner, order.id, ' ')())).toEqual(invalid(REASON_NEEDED));
    expect(left(await byHand.reject(owner, order.id, 'x'.repeat(501))())).toEqual(invalid(REASON_TOO_LONG));
    expect(right(await byHand.reject(owner, order.id, ' The amount was EGP 1,000, not 1,300. ')())).toMatchObject({ status: 'failed' });
    const [letter] = mailsTo('not accepted');
    expect(letter?.mail.text).toContain('Reason: The amount was EGP 1,000, not 1,300.');
    expect((await audit.recent({ page: 1, limit: 1 }))[0]).toMatchObject({ action: 'transfer-rejected', detail: { reason: 'The amount was EGP 1,000, not 1,300.' } });
  });

  it('is for admins only, and only for a transfer order that waits', async () => {
    const { byHand, shopper, anOrder, orders } = await setUp();
    const order = await anOrder();
    expect(left(await byHand.approve(shopper, order.id)())).toEqual(forbidden(ADMINS_ONLY));
    expect(left(await byHand.reject(shopper, order.id, 'no')())).toEqual(forbidden(ADMINS_ONLY));
    expect(left(await byHand.approve(undefined, order.id)())._tag).toBe('DomainError');
    const card = await anOrder(shopper, 'paymob', 'card');
    expect(left(await byHand.approve(owner, card.id)())).toEqual(conflict(NOT_PAID_BY_HAND));
    expect(left(await byHand.approve(owner, nextId())())).toEqual(notFound(ORDER_NOT_FOUND));
    expect((await orders.findById(order.id))?.status).toBe('pending');
  });
});
