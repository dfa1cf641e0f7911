import * as E from 'fp-ts/Either';
import { ADMINS_ONLY } from '../../core/identity/domain/rights';
import { User } from '../../core/identity/domain/user';
import { NOT_PAID } from '../../core/ordering/use-cases/customer-orders';
import { conflict, forbidden, notFound, unauthorized } from '../../core/shared/errors';
import { right } from '../support/either';
import { buyer, orderingOnMemory } from '../support/ordering';
import { aProduct } from '../support/products';

const setUp = async () => {
  const s = orderingOnMemory();
  // No download link: paid orders of it wait for the admin.
  const course = aProduct({ title: 'Implant Course', producturl: '', downloadpass: 'pass-1' });
  await s.catalog.addMany([course]);
  const admin: User = { ...(await s.customer('Owner')), role: 'Admin' };
  const hana = await s.customer('Hana');
  const omar = await s.customer('Omar');
  const paidBy = async (shopper: User) => {
    const { order, reference } = right(await s.checkout.start(shopper, { productIds: [course._id], provider: 'paypal', ...buyer, language: 'en' })());
    s.paypal.approve(reference ?? '');
    right(await s.confirm.capture(shopper, { orderId: order.id })());
    s.clock.advance(60_000);
    return order;
  };
  return { ...s, course, admin, hana, omar, paidBy };
};

describe("the admin's Customer Orders", () => {
  it("lists every customer's orders newest first, by page, with each order's account", async () => {
    const { customerOrders, admin, hana, omar, paidBy } = await setUp();
    const [first, second, third] = [await paidBy(hana), await paidBy(omar), await paidBy(hana)];
    const page1 = right(await customerOrders.list(admin, 1, 2)());
    expect(page1.total).toBe(3);
    expect(page1.totalPages).toBe(2);
    expect(page1.items.map((o) => [o.id, o.customer.username])).toEqual([
      [third.id, 'Hana'],
      [second.id, 'Omar'],
    ]);
    expect(right(await customerOrders.list(admin, 2, 2)()).items.map((o) => o.id)).toEqual([first.id]);
    expect(E.isLeft(await customerOrders.list(admin, 0, 2)())).toBe(true);
  });

  it('delivers a paid order once: the buyer sees the download and is told by e-mail', async () => {
    const { customerOrders, myOrders, orders, audit, admin, hana, paidBy } = await setUp();
    const order = await paidBy(hana);
    expect(right(await myOrders.list(hana)())[0].lines[0].downloadable).toBe(false);

    expect(right(await customerOrders.markDelivered(admin, order.id)())).toBe('delivered');
    expect(right(await myOrders.list(hana)())[0].lines[0]).toMatchObject({ downloadable: true, password: 'pass-1' });
    const notices = orders.queued.filter((q) => q.id === `order-delivered-${order.id}`);
    expect(notices).toHaveLength(1);
    expect(notices[0].mail).toMatchObject({ to: buyer.email, subject: `Dental Library: order ${order.id.slice(-6)} delivered` });
    // The course has neither a file nor a link (delivered away from the store): no downloads are promised.
    expect(notices[0].mail.text).toContain('Your order is in the Orders section of your profile: https://dental-library.test/user/profile');
    expect(notices[0].mail.text).not.toContain('downloads');

    expect(right(await customerOrders.markDelivered(admin, order.id)())).toBe('unchanged');
    expect(orders.queued.filter((q) => q.id === `order-delivered-${order.id}`)).toHaveLength(1);
    expect((await audit.recent({ page: 1, limit: 10 })).filter((e) => e.action === 'order-delivered')).toEqual([
      expect.objectContaining({ actorId: admin.id, actorName: 'Owner', subject: order.id }),
    ]);
  });

  it('refuses an order not paid, an unknown order and an id of any shape', async () => {
    const { customerOrders, checkout, admin, hana, course } = await setUp();
    const pending = right(await checkout.start(hana, { productIds: [course._id], provider: 'paypal', ...buyer, language: 'en' })()).order;
    expect(await customerOrders.markDelivered(admin, pending.id)()).toEqual(E.left(conflict(NOT_PAID)));
    for (const id of ['0123456789abcdef01234567', '../x', '', 'x'.repeat(5000)])
      expect(await customerOrders.markDelivered(admin, id)()).toEqual(E.left(notFound('Order not found')));
  });

  it('is for admins only: 401 signed out, 403 for a shopper, and nothing changes', async () => {
    const { customerOrders, myOrders, hana, paidBy } = await setUp();
    const order = await paidBy(hana);
    expect(await customerOrders.list(undefined, 1, 20)()).toEqual(E.left(unauthorized('Please sign in first')));
    expect(await customerOrders.list(hana, 1, 20)()).toEqual(E.left(forbidden(ADMINS_ONLY)));
    expect(await customerOrders.markDelivered(undefined, order.id)()).toEqual(E.left(unauthorized('Please sign in first')));
    expect(await customerOrders.markDelivered(hana, order.id)()).toEqual(E.left(forbidden(ADMINS_ONLY)));
    expect(right(await myOrders.list(hana)())[0].delivered).toBe(false);
  });
});
