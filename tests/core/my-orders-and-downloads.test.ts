import * as E from 'fp-ts/Either';
import { ABANDON_AFTER_HOURS, ORDER_NOT_FOUND, isAbandoned, purchaseStateOf } from '../../core/ordering/domain/order';
import { DOWNLOAD_NOT_FOUND } from '../../core/ordering/use-cases/open-download';
import { notFound, unauthorized } from '../../core/shared/errors';
import { usd } from '../../core/shared/money';
import { right } from '../support/either';
import { aShopper, buyer, orderingOnMemory } from '../support/ordering';
import { anAdmin } from '../support/actors';
import { aProduct } from '../support/products';

const setUp = async () => {
  const s = orderingOnMemory();
  const atlas = aProduct({ title: 'Atlas of Periodontics', price: usd(2599) });
  const onRequest = aProduct({ title: 'Implant Course', producturl: '', downloadpass: '' });
  await s.catalog.addMany([atlas, onRequest]);
  const shopper = aShopper();
  const bought = async (productId: string) => {
    const { order, reference } = right(await s.checkout.start(shopper, { productIds: [productId], provider: 'paypal', ...buyer, language: 'en' })());
    s.paypal.approve(reference ?? '');
    return right(await s.confirm.capture(shopper, { orderId: order.id })()).order;
  };
  return { ...s, atlas, onRequest, shopper, bought };
};

describe("the shopper's orders", () => {
  it('lists them newest first with status, number and lines; the password only for delivered ones, never the link', async () => {
    const { myOrders, checkout, clock, atlas, onRequest, shopper, bought } = await setUp();
    const delivered = await bought(atlas._id);
    clock.advance(60_000);
    const waiting = await bought(onRequest._id);
    clock.advance(60_000);
    const pending = right(await checkout.start(shopper, { productIds: [atlas._id], provider: 'paypal', ...buyer, language: 'en' })()).order;

    const list = right(await myOrders.list(shopper)());
    expect(list.map((o) => [o.id, o.number, o.status, o.delivered])).toEqual([
      [pending.id, pending.id.slice(-6), 'pending', false],
      [waiting.id, waiting.id.slice(-6), 'paid', false],
      [delivered.id, delivered.id.slice(-6), 'paid', true],
    ]);
    expect(list[2].lines).toEqual([
      { productId: atlas._id, title: 'Atlas of Periodontics', price: usd(2599), downloadable: true, password: atlas.downloadpass },
    ]);
    expect(list[1].lines[0]).toMatchObject({ downloadable: false });
    expect(list[1].lines[0].password).toBeUndefined();
    expect(JSON.stringify(list.slice(0, 2))).not.toContain(atlas.downloadpass);
    expect(JSON.stringify(list)).not.toMatch(new RegExp(`${atlas.producturl}|producturl|downloadpass`));
    expect(right(await myOrders.list(aShopper('Omar'))())).toEqual([]);
    expect(await myOrders.list(undefined)()).toEqual(E.left(unauthorized('Please sign in first')));
  });
});

describe('an unpaid payment attempt in the list', () => {
  const HOUR = 3_600_000;

  it("is 'not completed' while the provider may still confirm it, and 'failed' once the reconciliation's day has passed", async () => {
    const { myOrders, checkout, clock, atlas, shopper, bought } = await setUp();
    const paid = await bought(atlas._id);
    const attempt = right(await checkout.start(shopper, { productIds: [atlas._id], provider: 'paypal', ...buyer, language: 'en' })()).order;
    const states = async () => right(await myOrders.list(shopper)()).map((o) => [o.id, o.status, o.state]);

    expect(await states()).toEqual([
      [attempt.id, 'pending', 'not completed'],
      [paid.id, 'paid', 'paid'],
    ]);
    clock.advance(ABANDON_AFTER_HOURS * HOUR);
    expect((await states())[0]).toEqual([attempt.id, 'pending', 'not completed']);
    // Past the day: failed, whether or not the reconciliation has run since.
    clock.advance(1);
    expect(await states()).toEqual([
      [attempt.id, 'pending', 'failed'],
      [paid.id, 'paid', 'paid'],
    ]);
  });

  it('the reconciliation fails it on the same rule, and the list says failed all the same', async () => {
    const { myOrders, checkout, reconcile, clock, atlas, shopper } = await setUp();
    const attempt = right(await checkout.start(shopper, { productIds: [atlas._id], provider: 'paypal', ...buyer, language: 'en' })()).order;
    clock.advance(ABANDON_AFTER_HOURS * HOUR - 1);
    expect(right(await reconcile.run()())).toMatchObject({ failed: 0, pending: 1 });
    clock.advance(2);
    expect(right(await reconcile.run()())).toMatchObject({ failed: 1 });
    expect(right(await myOrders.list(shopper)()).map((o) => [o.id, o.status, o.state])).toEqual([[attempt.id, 'failed', 'failed']]);
  });

  it('the rule itself: a declined order is failed at once, a paid one is never abandoned', () => {
    const createdAt = '2026-11-21T10:00:00.000Z';
    const later = new Date(Date.parse(createdAt) + 48 * HOUR);
    expect(purchaseStateOf({ status: 'failed', createdAt }, new Date(createdAt))).toBe('failed');
    expect(purchaseStateOf({ status: 'paid', createdAt }, later)).toBe('paid');
    expect(isAbandoned({ status: 'paid', createdAt }, later)).toBe(false);
    expect(purchaseStateOf({ status: 'pending', createdAt }, later)).toBe('failed');
  });
});

describe('one order of the shopper (the result page after a redirect)', () => {
  it("answers the owner's order with its number and total; anyone else's, or no such id, is not found", async () => {
    const { myOrders, atlas, shopper, bought } = await setUp();
    const order = await bought(atlas._id);
    expect(right(await myOrders.one(shopper, order.id)())).toMatchObject({ id: order.id, number: order.id.slice(-6), state: 'paid', total: usd(2599) });
    expect(await myOrders.one(aShopper('Omar'), order.id)()).toEqual(E.left(notFound(ORDER_NOT_FOUND)));
    expect(await myOrders.one(shopper, 'not-an-id')()).toEqual(E.left(notFound(ORDER_NOT_FOUND)));
    expect(await myOrders.one(undefined, order.id)()).toEqual(E.left(unauthorized('Please sign in first')));
  });
});

describe('opening a download', () => {
  it("gives the owner of a delivered order the product's link and password, and records it", async () => {
    const { downloads, orders, clock, atlas, shopper, bought } = await setUp();
    const order = await bought(atlas._id);
    expect(right(await downloads.open(shopper, order.id, atlas._id)())).toEqual({ title: atlas.title, producturl: atlas.producturl, downloadpass: atlas.downloadpass });
    expect(orders.downloads).toEqual([{ orderId: order.id, productId: atlas._id, userId: shopper.id, at: clock.now() }]);
  });

  it("answers 404 for someone else's order, an undelivered or unpaid one, or a product not in it", async () => {
    const { downloads, orders, checkout, atlas, onRequest, shopper, bought } = await setUp();
    const order = await bought(atlas._id);
    const waiting = await bought(onRequest._id);
    const pending = right(await checkout.start(shopper, { productIds: [atlas._id], provider: 'paypal', ...buyer, language: 'en' })()).order;
    const refused = E.left(notFound(DOWNLOAD_NOT_FOUND));
    expect(await downloads.open(aShopper('Omar'), order.id, atlas._id)()).toEqual(refused);
    expect(await downloads.open(shopper, waiting.id, onRequest._id)()).toEqual(refused);
    expect(await downloads.open(shopper, pending.id, atlas._id)()).toEqual(refused);
    expect(await downloads.open(shopper, order.id, onRequest._id)()).toEqual(refused);
    expect(await downloads.open(shopper, 'not an id', atlas._id)()).toEqual(refused);
    expect(await downloads.open(undefined, order.id, atlas._id)()).toEqual(E.left(unauthorized('Please sign in first')));
    expect(orders.downloads).toEqual([]);
  });

  it('keeps a deleted product in the orders that hold it, downloadable, while nobody can buy it any more', async () => {
    const { downloads, myOrders, checkout, catalog, atlas, shopper, bought } = await setUp();
    const order = await bought(atlas._id);
    await catalog.remove(atlas._id, anAdmin());
    expect(await checkout.start(shopper, { productIds: [atlas._id], provider: 'paypal', ...buyer, language: 'en' })()).toEqual(E.left(notFound('Product not found')));
    expect(right(await myOrders.list(shopper)())[0].lines[0]).toMatchObject({ productId: atlas._id, title: atlas.title, downloadable: true });
    expect(right(await downloads.open(shopper, order.id, atlas._id)()).producturl).toBe(atlas.producturl);
  });
});
