import { Actor, AuditEntry } from '../../core/audit/domain/audit';
import { AuditLog } from '../../core/audit/ports';
import { CatalogWriter } from '../../core/catalog/ports/catalog';
import { OutgoingMail } from '../../core/ordering/ports/mailer';
import { NewOrder, Orders } from '../../core/ordering/ports/orders';
import { egp, money, usd } from '../../core/shared/money';
import { aProduct, nextId } from '../support/products';

export interface OrdersUnderTest {
  orders: Orders;
  catalog: CatalogWriter;
  audit: AuditLog;
  /** An account that can own orders or act as admin (the database checks that it exists). */
  addUser(user: { id: string; username: string; email: string }): Promise<void>;
  /** How many rows the caches' change log holds, where there is one (the database). */
  cacheChanges?(): Promise<number>;
  /** Soft-deletes a product, as the admin editor will. */
  deleteProduct(id: string): Promise<void>;
  /** Every confirmation queued so far (the outbox). */
  confirmations(): Promise<readonly OutgoingMail[]>;
  close(): Promise<void>;
}

const mail = (to: string): OutgoingMail => ({ to, subject: 'Dental Library: order confirmed', text: 'Thank you', html: '<p>Thank you</p>' });
const minutes = (n: number) => new Date(Date.UTC(2026, 10, 21, 10, n)).toISOString();

/**
 * What every Orders adapter must do, on the in-memory twin, PGlite and a PostgreSQL server: the
 * conditional writes that make settlement exactly-once, whoever races for it.
 */
export const ordersContract = (name: string, open: () => Promise<OrdersUnderTest>) =>
  describe(`Orders contract: ${name}`, () => {
    let s: OrdersUnderTest;
    const buyer = nextId();
    const book = aProduct({ title: 'Atlas of Periodontics', price: usd(2599), egpprice: egp(120_000) });
    const course = aProduct({ title: 'Composite Veneers', category: 'courses', subcategory: [], price: usd(1000) });
    const retired = aProduct({ title: 'Old Endodontics' });

    const admin = { id: nextId(), username: 'Owner', email: 'owner@mail.test' };
    const by = (minute = 0): Actor => ({ id: admin.id, username: admin.username, at: new Date(Date.UTC(2026, 11, 1, 9, minute)) });
    /** The write's result and the audit entries it added, newest first. */
    const audited = async <T>(write: () => Promise<T>): Promise<{ result: T; entries: readonly AuditEntry[] }> => {
      const before = await s.audit.count();
      const result = await write();
      const added = (await s.audit.count()) - before;
      return { result, entries: added > 0 ? await s.audit.recent({ page: 1, limit: added }) : [] };
    };

    beforeAll(async () => {
      s = await open();
      await s.addUser({ id: buyer, username: 'Hana', email: 'hana@account.test' });
      await s.addUser(admin);
      await s.catalog.addMany([book, course, retired]);
    });
    afterAll(() => s.close());

    let minute = 0;
    /** A pending PayPal order of `book` and `course`, a minute after the previous one. */
    const anOrder = (overrides: Partial<NewOrder> = {}): NewOrder => ({
      id: nextId(),
      userId: buyer,
      buyerName: 'Hana Adel',
      buyerEmail: `hana-${nextId()}@mail.test`,
      method: 'paypal',
      currency: 'USD',
      total: usd(3599),
      lines: [
        { productId: book._id, title: book.title, price: usd(2599) },
        { productId: course._id, title: course.title, price: usd(1000) },
      ],
      createdAt: minutes(++minute),
      ...overrides,
    });
    const added = async (overrides: Partial<NewOrder> = {}) => s.orders.add(anOrder(overrides));
    const sentTo = async (to: string) => (await s.confirmations()).filter((m) => m.to === to);

    it('keeps an order as it was sold: pending, undelivered, its lines in order', async () => {
      const order = anOrder();
      expect(await s.orders.add(order)).toEqual({ ...order, status: 'pending', delivered: false });
      expect(await s.orders.findById(order.id)).toEqual({ ...order, status: 'pending', delivered: false });
      expect(await s.orders.findById(nextId())).toBeUndefined();
    });

    it('keeps money exact, to the last minor unit, in both currencies', async () => {
      const big = money(Number.MAX_SAFE_INTEGER - 1, 'EGP');
      const order = await added({
        method: 'paymob',
        currency: 'EGP',
        total: money(big.minor + 1, 'EGP'),
        lines: [{ productId: book._id, title: book.title, price: big }, { productId: course._id, title: course.title, price: egp(1) }],
      });
      const found = await s.orders.findById(order.id);
      expect(found?.total).toEqual(egp(Number.MAX_SAFE_INTEGER));
      expect(found?.lines.map((l) => l.price)).toEqual([big, egp(1)]);
      expect((await s.orders.findById((await added({ total: usd(1), lines: [{ productId: book._id, title: 't', price: usd(1) }] })).id))?.total).toEqual(usd(1));
    });

    it("lists a user's orders newest first, and nobody else's", async () => {
      const other = nextId();
      await s.addUser({ id: other, username: 'Other', email: 'other@account.test' });
      const first = await added({ userId: other, createdAt: minutes(500) });
      const second = await added({ userId: other, createdAt: minutes(501) });
      expect((await s.orders.ofUser(other)).map((o) => o.id)).toEqual([second.id, first.id]);
      expect(await s.orders.ofUser(nextId())).toEqual([]);
    });

    it("keeps the provider's first reference and finds the order by it, for that provider only", async () => {
      const order = await added();
      const reference = `PAYPAL-${order.id}`;
      await s.orders.started(order.id, reference);
      await s.orders.started(order.id, 'ANOTHER');
      expect((await s.orders.findById(order.id))?.reference).toBe(reference);
      expect((await s.orders.findByReference('paypal', reference))?.id).toBe(order.id);
      expect(await s.orders.findByReference('paymob', reference)).toBeUndefined();
      expect(await s.orders.findByReference('paypal', 'ANOTHER')).toBeUndefined();
    });

    it('keeps an order of any registered provider, found by its reference for that provider only', async () => {
      const order = await added({ method: 'manual-transfer', currency: 'EGP', total: egp(1), lines: [{ productId: book._id, title: book.title, price: egp(1) }] });
      await s.orders.started(order.id, 'TRANSFER-1');
      expect((await s.orders.findByReference('manual-transfer', 'TRANSFER-1'))?.id).toBe(order.id);
      expect(await s.orders.findByReference('paymob', 'TRANSFER-1')).toBeUndefined();
    });

    it('pays an order once, with its confirmation queued with it', async () => {
      const order = await added();
      expect(await s.orders.markPaid(order.id, { paymentId: `CAP-${order.id}`, delivered: true }, mail(order.buyerEmail))).toBe('paid');
      expect(await s.orders.markPaid(order.id, { paymentId: `CAP2-${order.id}`, delivered: false }, mail(order.buyerEmail))).toBe('unchanged');
      expect(await s.orders.findById(order.id)).toMatchObject({ status: 'paid', delivered: true, paymentId: `CAP-${order.id}` });
      expect(await sentTo(order.buyerEmail)).toEqual([mail(order.buyerEmail)]);
    });

    it('lets 40 concurrent settlements of one order pay it once and queue one confirmation', async () => {
      const order = await added();
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) => s.orders.markPaid(order.id, { paymentId: i % 2 ? `CAP-${order.id}` : `CAP-${order.id}-${i}`, delivered: false }, mail(order.buyerEmail))),
      );
      expect(results.filter((r) => r === 'paid')).toHaveLength(1);
      expect(results.filter((r) => r === 'unchanged')).toHaveLength(39);
      expect(await sentTo(order.buyerEmail)).toHaveLength(1);
    });

    it('settles one order with a payment id, never a second, even when both race', async () => {
      const [first, second, third] = [await added(), await added(), await added()];
      const paymentId = `CAP-${first.id}`;
      expect(await s.orders.markPaid(first.id, { paymentId, delivered: false }, mail(first.buyerEmail))).toBe('paid');
      expect(await s.orders.markPaid(second.id, { paymentId, delivered: false }, mail(second.buyerEmail))).toBe('unchanged');
      expect((await s.orders.findById(second.id))?.status).toBe('pending');
      expect(await sentTo(second.buyerEmail)).toEqual([]);

      const racing = `CAP-${third.id}`;
      const fourth = await added();
      const results = await Promise.all([third, fourth].map((o) => s.orders.markPaid(o.id, { paymentId: racing, delivered: false }, mail(o.buyerEmail))));
      expect(results.sort()).toEqual(['paid', 'unchanged']);
      expect((await sentTo(third.buyerEmail)).length + (await sentTo(fourth.buyerEmail)).length).toBe(1);
    });

    it('fails a pending order once, never a paid one; a failed order may still be paid', async () => {
      const [pending, paid] = [await added(), await added()];
      await s.orders.markPaid(paid.id, { paymentId: `CAP-${paid.id}`, delivered: false }, mail(paid.buyerEmail));
      expect(await s.orders.markFailed(paid.id)).toBe('unchanged');
      expect((await s.orders.findById(paid.id))?.status).toBe('paid');
      expect(await s.orders.markFailed(pending.id)).toBe('failed');
      expect(await s.orders.markFailed(pending.id)).toBe('unchanged');
      expect(await s.orders.markPaid(pending.id, { paymentId: `CAP-${pending.id}`, delivered: false }, mail(pending.buyerEmail))).toBe('paid');
      expect((await s.orders.findById(pending.id))?.status).toBe('paid');
    });

    it('lists pending orders with a started payment older than a moment, oldest first, a batch at a time', async () => {
      const at = (n: number) => minutes(1000 + n);
      const [old, older, young, notStarted, paid] = [at(2), at(1), at(10), at(0), at(0)].map((createdAt) => anOrder({ createdAt }));
      for (const order of [old, older, young, notStarted, paid]) await s.orders.add(order);
      for (const order of [old, older, young, paid]) await s.orders.started(order.id, `REF-${order.id}`);
      await s.orders.markPaid(paid.id, { paymentId: `CAP-${paid.id}`, delivered: false }, mail(paid.buyerEmail));
      const before = new Date(at(5));
      const unsettled = (await s.orders.unsettled(before, 100)).filter((o) => o.createdAt >= at(0));
      expect(unsettled.map((o) => o.id)).toEqual([older.id, old.id]);
      expect(unsettled[0].lines).toHaveLength(2);
      expect(await s.orders.unsettled(before, 1)).toHaveLength(1);
    });

    it("reaches a product's download through its order, also after the product was deleted", async () => {
      const order = await added({ lines: [{ productId: retired._id, title: retired.title, price: usd(1999) }], total: usd(1999) });
      await s.deleteProduct(retired._id);
      expect(await s.orders.secretsOf(order.id, retired._id)).toEqual({ producturl: retired.producturl, downloadpass: retired.downloadpass });
      expect(await s.orders.secretsOf(order.id, book._id)).toBeUndefined();
      expect(await s.orders.secretsOf(nextId(), retired._id)).toBeUndefined();
      expect((await s.orders.findById(order.id))?.lines).toEqual([{ productId: retired._id, title: retired.title, price: usd(1999) }]);
    });

    it('records downloads of products in the order, and only those', async () => {
      const order = await added();
      await expect(s.orders.recordDownload({ orderId: order.id, productId: book._id, userId: buyer, at: new Date() })).resolves.toBeUndefined();
      await expect(s.orders.recordDownload({ orderId: order.id, productId: retired._id, userId: buyer, at: new Date() })).rejects.toThrow();
    });

    it("lists every customer's orders newest first, a page at a time, with the account's name and address", async () => {
      const omar = { id: nextId(), username: 'Omar', email: 'omar@account.test' };
      await s.addUser(omar);
      const counted = (await s.orders.all({ page: 1, limit: 1 })).total;
      // Later than every other order of the suite, so these three lead the list.
      const later = (n: number) => new Date(Date.UTC(2030, 0, 1, 0, n)).toISOString();
      const first = await added({ createdAt: later(1) });
      const second = await added({ userId: omar.id, buyerName: 'Omar Ali', createdAt: later(2) });
      const third = await added({ createdAt: later(3) });
      expect((await s.orders.all({ page: 1, limit: 1 })).total).toBe(counted + 3);

      const hana = { username: 'Hana', email: 'hana@account.test' };
      expect((await s.orders.all({ page: 1, limit: 2 })).items).toEqual([
        { ...third, customer: hana },
        { ...second, customer: { username: 'Omar', email: 'omar@account.test' } },
      ]);
      const [next] = (await s.orders.all({ page: 2, limit: 2 })).items;
      expect(next).toEqual({ ...first, customer: hana });
      expect(next.lines).toHaveLength(2);

      const everything = (await s.orders.all({ page: 1, limit: 50 })).items;
      expect(everything.slice(0, 3).map((o) => o.id)).toEqual([third.id, second.id, first.id]);
      const dates = everything.map((o) => o.createdAt);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(await s.orders.all({ page: Math.ceil((counted + 3) / 50) + 1, limit: 50 })).toEqual({ items: [], total: counted + 3 });
    });

    /** The delivery notice of an order, told apart from its confirmation by its subject. */
    const notice = (order: { id: string; buyerEmail: string }) => ({ ...mail(order.buyerEmail), subject: `Delivered ${order.id}` });
    const noticesOf = async (order: { id: string; buyerEmail: string }) =>
      (await s.confirmations()).filter((m) => m.subject === notice(order).subject);

    it('delivers a paid order once, with one audit entry, one notice to its buyer, and no change to the caches', async () => {
      const order = await added();
      await s.orders.markPaid(order.id, { paymentId: `CAP-${order.id}`, delivered: false }, mail(order.buyerEmail));
      const changes = await s.cacheChanges?.();
      const { result, entries } = await audited(() => s.orders.markDelivered(order.id, by(1), notice(order)));
      expect(result).toBe('delivered');
      expect(await s.orders.findById(order.id)).toMatchObject({ status: 'paid', delivered: true });
      expect(entries).toEqual([{ at: by(1).at.toISOString(), actorId: admin.id, actorName: 'Owner', action: 'order-delivered', subject: order.id }]);
      expect(await s.cacheChanges?.()).toBe(changes);
      expect(await noticesOf(order)).toEqual([notice(order)]);

      const again = await audited(() => s.orders.markDelivered(order.id, by(2), notice(order)));
      expect([again.result, again.entries]).toEqual(['unchanged', []]);
      expect(await noticesOf(order)).toHaveLength(1);
    });

    it('delivers once when admins mark the same order at once', async () => {
      const order = await added();
      await s.orders.markPaid(order.id, { paymentId: `CAP-${order.id}`, delivered: false }, mail(order.buyerEmail));
      const { result, entries } = await audited(() => Promise.all(Array.from({ length: 10 }, (_, i) => s.orders.markDelivered(order.id, by(10 + i), notice(order)))));
      expect(result.filter((r) => r === 'delivered')).toHaveLength(1);
      expect(result.filter((r) => r === 'unchanged')).toHaveLength(9);
      expect(entries).toHaveLength(1);
      expect(await noticesOf(order)).toHaveLength(1);
    });

    it('refuses to deliver an order not paid, and answers missing for no order, with no entry', async () => {
      const [pending, failed, deliveredAtPayment] = [await added(), await added(), await added()];
      await s.orders.markFailed(failed.id);
      await s.orders.markPaid(deliveredAtPayment.id, { paymentId: `CAP-${deliveredAtPayment.id}`, delivered: true }, mail(deliveredAtPayment.buyerEmail));
      const { result, entries } = await audited(() =>
        Promise.all([pending, failed, deliveredAtPayment].map((o) => s.orders.markDelivered(o.id, by(30), notice(o)))).then(async (r) => [
          ...r,
          await s.orders.markDelivered(nextId(), by(30), notice({ id: 'none', buyerEmail: 'x@mail.test' })),
        ]),
      );
      expect(result).toEqual(['unpaid', 'unpaid', 'unchanged', 'missing']);
      expect(entries).toEqual([]);
      for (const order of [pending, failed, deliveredAtPayment]) expect(await noticesOf(order)).toEqual([]);
      expect((await s.orders.findById(pending.id))?.delivered).toBe(false);
    });
  });
