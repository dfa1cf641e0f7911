import { Actor, AuditEntry } from '../../core/audit/domain/audit';
import { AuditLog } from '../../core/audit/ports';
import { CatalogWriter } from '../../core/catalog/ports/catalog';
import { OutgoingMail } from '../../core/ordering/ports/mailer';
import { NewOrder, OrderReader, OrderWriter, RefundLedger, UnitOfWork } from '../../core/ordering/ports/orders';
import { Order } from '../../core/ordering/domain/order';
import { Change, delivered as deliveredNow, failed, paid, refunded, started } from '../../core/ordering/domain/order-life';
import { changeOrder } from '../../core/ordering/use-cases/change-order';
import { entryOf } from '../../core/audit/domain/audit';
import { egp, money, usd } from '../../core/shared/money';
import { aProduct, nextId } from '../support/products';
import { OrderHistory } from '../../core/ordering/ports/order-history';
import { OrderFilter, passes } from '../../core/ordering/domain/order-filter';
import { mailIdsOf } from '../../core/ordering/domain/order-timeline';

export interface OrdersUnderTest {
  orders: OrderReader & OrderWriter;
  /** The transaction seam over the same store. */
  work: UnitOfWork;
  refunds: RefundLedger;
  /** An order's life (the admin's order page), read from the same store. */
  history: OrderHistory;
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
      // Not the default, so an adapter that drops it is caught.
      language: 'ar',
      method: 'paypal',
      paymentMethod: 'paypal',
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
    /** A transition saved through the seam, with the writes that go with it. */
    const change = (id: string, transition: (o: Order) => Change, alongside?: Parameters<typeof changeOrder>[4]) => changeOrder(s.orders, s.work, id, transition, alongside);
    /** Paid with its confirmation queued in the same unit: 'paid', or 'unchanged'. */
    const markPaid = async (id: string, payment: { paymentId: string; delivered: boolean }, letter: OutgoingMail) => {
      const result = await change(id, (o) => paid(o, payment.paymentId, payment.delivered), (tx) => tx.queueMail(`order-paid-${id}`, letter));
      return result.kind === 'changed' ? 'paid' : 'unchanged';
    };
    const markFailed = async (id: string) => ((await change(id, failed)).kind === 'changed' ? 'failed' : 'unchanged');
    const markStarted = (id: string, reference: string) => change(id, (o) => started(o, reference));
    const markDelivered = async (id: string, actor: Actor, letter: OutgoingMail) => {
      const result = await change(id, deliveredNow, async (tx) => {
        await tx.audit(entryOf(actor, 'order-delivered', { subject: id }));
        await tx.queueMail(`order-delivered-${id}`, letter);
      });
      if (result.kind === 'missing') return 'missing';
      if (result.kind === 'changed') return 'delivered';
      return result.why === 'already' ? 'unchanged' : 'unpaid';
    };
    const fresh = (order: NewOrder): Order => ({ ...order, status: 'pending', delivered: false, refunded: money(0, order.currency), version: 0 });

    it('keeps an order as it was sold: pending, undelivered, its lines in order, in the language it was placed in', async () => {
      const order = anOrder();
      expect(await s.orders.add(order)).toEqual(fresh(order));
      expect(await s.orders.findById(order.id)).toEqual(fresh(order));
      const inPortuguese = anOrder({ language: 'pt' });
      await s.orders.add(inPortuguese);
      expect((await s.orders.findById(inPortuguese.id))?.language).toBe('pt');
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
      await markStarted(order.id, reference);
      await markStarted(order.id, 'ANOTHER');
      expect((await s.orders.findById(order.id))?.reference).toBe(reference);
      expect((await s.orders.findByReference('paypal', reference))?.id).toBe(order.id);
      expect(await s.orders.findByReference('paymob', reference)).toBeUndefined();
      expect(await s.orders.findByReference('paypal', 'ANOTHER')).toBeUndefined();
    });

    it('keeps an order of any registered provider, found by its reference for that provider only', async () => {
      const order = await added({ method: 'manual-transfer', currency: 'EGP', total: egp(1), lines: [{ productId: book._id, title: book.title, price: egp(1) }] });
      await markStarted(order.id, 'TRANSFER-1');
      expect((await s.orders.findByReference('manual-transfer', 'TRANSFER-1'))?.id).toBe(order.id);
      expect(await s.orders.findByReference('paymob', 'TRANSFER-1')).toBeUndefined();
    });

    it('pays an order once, with its confirmation queued with it', async () => {
      const order = await added();
      expect(await markPaid(order.id, { paymentId: `CAP-${order.id}`, delivered: true }, mail(order.buyerEmail))).toBe('paid');
      expect(await markPaid(order.id, { paymentId: `CAP2-${order.id}`, delivered: false }, mail(order.buyerEmail))).toBe('unchanged');
      expect(await s.orders.findById(order.id)).toMatchObject({ status: 'paid', delivered: true, paymentId: `CAP-${order.id}` });
      expect(await sentTo(order.buyerEmail)).toEqual([mail(order.buyerEmail)]);
    });

    it('lets 40 concurrent settlements of one order pay it once and queue one confirmation', async () => {
      const order = await added();
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) => markPaid(order.id, { paymentId: i % 2 ? `CAP-${order.id}` : `CAP-${order.id}-${i}`, delivered: false }, mail(order.buyerEmail))),
      );
      expect(results.filter((r) => r === 'paid')).toHaveLength(1);
      expect(results.filter((r) => r === 'unchanged')).toHaveLength(39);
      expect(await sentTo(order.buyerEmail)).toHaveLength(1);
    });

    it('settles one order with a payment id, never a second, even when both race', async () => {
      const [first, second, third] = [await added(), await added(), await added()];
      const paymentId = `CAP-${first.id}`;
      expect(await markPaid(first.id, { paymentId, delivered: false }, mail(first.buyerEmail))).toBe('paid');
      expect(await markPaid(second.id, { paymentId, delivered: false }, mail(second.buyerEmail))).toBe('unchanged');
      expect((await s.orders.findById(second.id))?.status).toBe('pending');
      expect(await sentTo(second.buyerEmail)).toEqual([]);

      const racing = `CAP-${third.id}`;
      const fourth = await added();
      const results = await Promise.all([third, fourth].map((o) => markPaid(o.id, { paymentId: racing, delivered: false }, mail(o.buyerEmail))));
      expect(results.sort()).toEqual(['paid', 'unchanged']);
      expect((await sentTo(third.buyerEmail)).length + (await sentTo(fourth.buyerEmail)).length).toBe(1);
    });

    it('fails a pending order once, never a paid one; a failed order may still be paid', async () => {
      const [pending, paid] = [await added(), await added()];
      await markPaid(paid.id, { paymentId: `CAP-${paid.id}`, delivered: false }, mail(paid.buyerEmail));
      expect(await markFailed(paid.id)).toBe('unchanged');
      expect((await s.orders.findById(paid.id))?.status).toBe('paid');
      expect(await markFailed(pending.id)).toBe('failed');
      expect(await markFailed(pending.id)).toBe('unchanged');
      expect(await markPaid(pending.id, { paymentId: `CAP-${pending.id}`, delivered: false }, mail(pending.buyerEmail))).toBe('paid');
      expect((await s.orders.findById(pending.id))?.status).toBe('paid');
    });

    it('lists pending orders with a started payment older than a moment, oldest first, a batch at a time', async () => {
      const at = (n: number) => minutes(1000 + n);
      const [old, older, young, notStarted, paid] = [at(2), at(1), at(10), at(0), at(0)].map((createdAt) => anOrder({ createdAt }));
      for (const order of [old, older, young, notStarted, paid]) await s.orders.add(order);
      for (const order of [old, older, young, paid]) await markStarted(order.id, `REF-${order.id}`);
      await markPaid(paid.id, { paymentId: `CAP-${paid.id}`, delivered: false }, mail(paid.buyerEmail));
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

    it("keeps Customer Orders' count of every order right as orders are added at once, paid, failed, refunded and attached", async () => {
      /** Every order, counted afresh by walking them all rather than read from what the adapter keeps. */
      const walked = async () => {
        let count = 0;
        let after: { createdAt: string; id: string } | undefined;
        for (let batch = await s.orders.searchAfter({}, undefined, 100); batch.length; batch = await s.orders.searchAfter({}, after, 100)) {
          count += batch.length;
          after = { createdAt: batch.at(-1)!.createdAt, id: batch.at(-1)!.id };
        }
        return count;
      };
      const kept = async () => (await s.orders.all({ page: 1, limit: 1 })).total;
      const before = await walked();
      expect(await kept()).toBe(before);
      const guestEmail = `guest-${nextId()}@mail.test`;
      const orders = await Promise.all(Array.from({ length: 12 }, (_, i) => added(i % 3 === 0 ? { userId: undefined, buyerEmail: guestEmail } : {})));
      expect(await kept()).toBe(before + 12);
      await markPaid(orders[0]!.id, { paymentId: `PAY-${nextId()}`, delivered: true }, mail(guestEmail));
      await markFailed(orders[1]!.id);
      await markPaid(orders[2]!.id, { paymentId: `PAY-${nextId()}`, delivered: false }, mail('buyer@mail.test'));
      await change(orders[2]!.id, (o) => refunded(o, [book._id], usd(2599)));
      await s.orders.attachGuestOrders(guestEmail, buyer);
      expect(await kept()).toBe(before + 12);
      expect(await walked()).toBe(before + 12);
    });

    /** The delivery notice of an order, told apart from its confirmation by its subject. */
    const notice = (order: { id: string; buyerEmail: string }) => ({ ...mail(order.buyerEmail), subject: `Delivered ${order.id}` });
    const noticesOf = async (order: { id: string; buyerEmail: string }) =>
      (await s.confirmations()).filter((m) => m.subject === notice(order).subject);

    it('delivers a paid order once, with one audit entry, one notice to its buyer, and no change to the caches', async () => {
      const order = await added();
      await markPaid(order.id, { paymentId: `CAP-${order.id}`, delivered: false }, mail(order.buyerEmail));
      const changes = await s.cacheChanges?.();
      const { result, entries } = await audited(() => markDelivered(order.id, by(1), notice(order)));
      expect(result).toBe('delivered');
      expect(await s.orders.findById(order.id)).toMatchObject({ status: 'paid', delivered: true });
      expect(entries).toEqual([{ at: by(1).at.toISOString(), actorId: admin.id, actorName: 'Owner', action: 'order-delivered', subject: order.id }]);
      expect(await s.cacheChanges?.()).toBe(changes);
      expect(await noticesOf(order)).toEqual([notice(order)]);

      const again = await audited(() => markDelivered(order.id, by(2), notice(order)));
      expect([again.result, again.entries]).toEqual(['unchanged', []]);
      expect(await noticesOf(order)).toHaveLength(1);
    });

    it('delivers once when admins mark the same order at once', async () => {
      const order = await added();
      await markPaid(order.id, { paymentId: `CAP-${order.id}`, delivered: false }, mail(order.buyerEmail));
      const { result, entries } = await audited(() => Promise.all(Array.from({ length: 10 }, (_, i) => markDelivered(order.id, by(10 + i), notice(order)))));
      expect(result.filter((r) => r === 'delivered')).toHaveLength(1);
      expect(result.filter((r) => r === 'unchanged')).toHaveLength(9);
      expect(entries).toHaveLength(1);
      expect(await noticesOf(order)).toHaveLength(1);
    });

    it('refuses to deliver an order not paid, and answers missing for no order, with no entry', async () => {
      const [pending, failed, deliveredAtPayment] = [await added(), await added(), await added()];
      await markFailed(failed.id);
      await markPaid(deliveredAtPayment.id, { paymentId: `CAP-${deliveredAtPayment.id}`, delivered: true }, mail(deliveredAtPayment.buyerEmail));
      const { result, entries } = await audited(() =>
        Promise.all([pending, failed, deliveredAtPayment].map((o) => markDelivered(o.id, by(30), notice(o)))).then(async (r) => [
          ...r,
          await markDelivered(nextId(), by(30), notice({ id: 'none', buyerEmail: 'x@mail.test' })),
        ]),
      );
      expect(result).toEqual(['unpaid', 'unpaid', 'unchanged', 'missing']);
      expect(entries).toEqual([]);
      for (const order of [pending, failed, deliveredAtPayment]) expect(await noticesOf(order)).toEqual([]);
      expect((await s.orders.findById(pending.id))?.delivered).toBe(false);
    });
  
    it('saves a change only over the version it was computed from', async () => {
      const order = await s.orders.findById((await added()).id);
      const change = failed(order!);
      if (!change.ok) throw new Error('not failed');
      expect(await s.work.run((tx) => tx.orders.save(change.order))).toBe('saved');
      expect(await s.work.run((tx) => tx.orders.save(change.order))).toBe('stale');
      expect(await s.orders.findById(order!.id)).toMatchObject({ status: 'failed', version: 1 });
    });

    it('commits all of a unit of work or, when it throws, none of it', async () => {
      const order = await added();
      const taken = paid(order, `CAP-${order.id}`, false);
      if (!taken.ok) throw new Error('not paid');
      await expect(
        s.work.run(async (tx) => {
          await tx.orders.save(taken.order);
          await tx.queueMail(`order-paid-${order.id}`, mail(order.buyerEmail));
          await tx.audit(entryOf(by(40), 'order-refunded', { subject: order.id }));
          throw new Error('the app stopped');
        }),
      ).rejects.toThrow('the app stopped');
      expect(await s.orders.findById(order.id)).toMatchObject({ status: 'pending', version: 0 });
      expect(await sentTo(order.buyerEmail)).toEqual([]);
      expect((await s.audit.recent({ page: 1, limit: 50 })).some((e) => e.subject === order.id)).toBe(false);
    });

    it('keeps what was given back: the amount, the refunded lines, the status, and finds the order by its payment id', async () => {
      const order = await added();
      await markPaid(order.id, { paymentId: `CAP-${order.id}`, delivered: true }, mail(order.buyerEmail));
      expect((await s.orders.findByPaymentId('paypal', `CAP-${order.id}`))?.id).toBe(order.id);
      expect(await s.orders.findByPaymentId('paymob', `CAP-${order.id}`)).toBeUndefined();
      await change(order.id, (o) => refunded(o, [course._id], usd(1000)));
      expect(await s.orders.findById(order.id)).toMatchObject({
        status: 'partly-refunded',
        refunded: usd(1000),
        lines: [{ productId: book._id, title: book.title, price: usd(2599) }, { productId: course._id, title: course.title, price: usd(1000), refunded: true }],
      });
      await change(order.id, (o) => refunded(o, [book._id], usd(2599)));
      expect(await s.orders.findById(order.id)).toMatchObject({ status: 'refunded', refunded: usd(3599) });
    });

    it('lists pending orders to be paid away from the store by when their reference runs out', async () => {
      const [soon, later, paidOne] = [await added(), await added(), await added()];
      const at = (hour: number) => new Date(Date.UTC(2031, 0, 1, hour)).toISOString();
      await change(soon.id, (o) => started(o, `K-${soon.id}`, { reference: '4455', expiresAt: at(2), payTo: 'Aman' }));
      await change(later.id, (o) => started(o, `K-${later.id}`, { reference: '4456', expiresAt: at(5) }));
      await change(paidOne.id, (o) => started(o, `K-${paidOne.id}`, { reference: '4457', expiresAt: at(1) }));
      await markPaid(paidOne.id, { paymentId: `CAP-${paidOne.id}`, delivered: false }, mail(paidOne.buyerEmail));
      const due = (await s.orders.expiring(new Date(at(3)), 100)).filter((o) => [soon.id, later.id, paidOne.id].includes(o.id));
      expect(due.map((o) => o.id)).toEqual([soon.id]);
      expect(due[0].payAt).toEqual({ reference: '4455', expiresAt: at(2), payTo: 'Aman' });
      expect((await s.orders.expiring(new Date(at(6)), 100)).filter((o) => o.id === later.id)).toHaveLength(1);
    });

    it('keeps one refund under way per order, closes it once, and lists those left hanging', async () => {
      const order = await added();
      const refund = { key: nextId(), orderId: order.id, productIds: [book._id], amount: usd(2599), requestedBy: admin.id, requestedAt: new Date(Date.UTC(2026, 0, 1)) };
      expect(await s.refunds.request(refund)).toBe('requested');
      expect(await s.refunds.request({ ...refund, key: nextId() })).toBe('busy');
      expect(await s.refunds.underWay(order.id)).toEqual(refund);
      expect((await s.refunds.stuck(new Date(Date.UTC(2026, 0, 2)), 100)).map((r) => r.key)).toContain(refund.key);
      const closing = await Promise.all([s.refunds.close(refund.key, 'done', 'R-1'), s.refunds.close(refund.key, 'refused', 'no')]);
      expect(closing.sort()).toEqual([false, true]);
      expect(await s.refunds.underWay(order.id)).toBeUndefined();
      expect(await s.refunds.request({ ...refund, key: nextId() })).toBe('requested');
    });

    describe("the admin's search (issue 21)", () => {
      // Placed in 2031, so that the orders of the other tests never fall in the window searched.
      const in2031 = (minute: number) => new Date(Date.UTC(2031, 0, 1, 10, minute)).toISOString();
      const window: OrderFilter = { from: in2031(0), to: in2031(60) };
      const marker = `zygoma${nextId().slice(-6)}`;
      const placed: Order[] = [];
      const ids = (orders: readonly { id: string }[]) => orders.map((o) => o.id);

      beforeAll(async () => {
        const guest = await added({ userId: undefined, buyerEmail: `Guest.${marker}@Mail.test`, createdAt: in2031(1) });
        const egpOrder = await added({
          method: 'paymob',
          paymentMethod: 'kiosk',
          currency: 'EGP',
          total: egp(5000),
          lines: [{ productId: book._id, title: `Atlas ${marker} 100%_off`, price: egp(5000) }],
          createdAt: in2031(2),
        });
        const paidOne = await added({ createdAt: in2031(3) });
        await markPaid(paidOne.id, { paymentId: `PAY-${nextId()}`, delivered: true }, mail('buyer@mail.test'));
        // Two at the same moment: the id decides.
        const twinA = await added({ createdAt: in2031(4) });
        const twinB = await added({ createdAt: in2031(4) });
        placed.push(guest, egpOrder, paidOne, twinA, twinB);
      });

      const newest = () => [...placed].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));

      it('finds by the start of the buyer address in any case, a title part (its % and _ taken literally), the order number or id', async () => {
        const [guest, egpOrder] = placed;
        expect(ids((await s.orders.search({ ...window, text: `guest.${marker}` }, { page: 1, limit: 10 }, 100)).items)).toEqual([guest!.id]);
        // From the start only: the domain alone is no search of addresses.
        expect((await s.orders.search({ ...window, text: `${marker}@mail` }, { page: 1, limit: 10 }, 100)).total).toBe(0);
        expect(ids((await s.orders.search({ ...window, text: `${marker} 100%_off` }, { page: 1, limit: 10 }, 100)).items)).toEqual([egpOrder!.id]);
        expect((await s.orders.search({ ...window, text: '0%x' }, { page: 1, limit: 10 }, 100)).total).toBe(0);
        expect(ids((await s.orders.search({ text: egpOrder!.id.slice(-6) }, { page: 1, limit: 10 }, 100)).items)).toContain(egpOrder!.id);
        expect(ids((await s.orders.search({ text: egpOrder!.id }, { page: 1, limit: 10 }, 100)).items)).toEqual([egpOrder!.id]);
      });

      it('filters by state, provider, method, currency and dates, newest first, with the customer named', async () => {
        const [guest, egpOrder, paidOne] = placed;
        const find = async (filter: OrderFilter) => (await s.orders.search({ ...window, ...filter }, { page: 1, limit: 10 }, 100)).items;
        expect(ids(await find({ status: 'paid' }))).toEqual([paidOne!.id]);
        expect(ids(await find({ status: 'delivered' }))).toEqual([paidOne!.id]);
        expect(ids(await find({ status: 'pending' }))).toEqual(ids(newest().filter((o) => o.id !== paidOne!.id)));
        expect(ids(await find({ provider: 'paymob', method: 'kiosk', currency: 'EGP' }))).toEqual([egpOrder!.id]);
        expect(ids(await find({ to: in2031(2) }))).toEqual([guest!.id]);
        const [withGuest] = await find({ text: `guest.${marker}` });
        expect(withGuest?.customer).toEqual({ username: '', email: `Guest.${marker}@Mail.test` });
        expect((await find({ provider: 'paymob' }))[0]?.customer).toEqual({ username: 'Hana', email: 'hana@account.test' });
        // The same rule as the core's.
        const stored = await Promise.all(newest().map(async (o) => (await s.orders.findById(o.id))!));
        for (const filter of [{ status: 'pending' }, { status: 'refunded' }, { currency: 'EGP' }, { text: marker }] as OrderFilter[])
          expect(ids(await find(filter))).toEqual(ids(stored.filter((o) => passes(filter, o))));
      });

      /** The filter's orders, walked two at a time after a cursor, as the CSV export walks them. */
      const walked = async (filter: OrderFilter): Promise<string[]> => {
        const found: string[] = [];
        let after: { createdAt: string; id: string } | undefined;
        for (let batch = await s.orders.searchAfter(filter, undefined, 2); batch.length; batch = await s.orders.searchAfter(filter, after, 2)) {
          found.push(...ids(batch));
          after = { createdAt: batch.at(-1)!.createdAt, id: batch.at(-1)!.id };
        }
        return found;
      };

      it('pages and counts up to the cap; walks after a cursor without skipping or repeating', async () => {
        const page2 = await s.orders.search(window, { page: 2, limit: 2 }, 100);
        expect(ids(page2.items)).toEqual(ids(newest().slice(2, 4)));
        expect(page2.total).toBe(5);
        expect((await s.orders.search(window, { page: 1, limit: 2 }, 3)).total).toBe(4);
        expect(await walked(window)).toEqual(ids(newest()));
      });

      it('pages and counts a text search up to the cap, also past its last page', async () => {
        const atlas: OrderFilter = { ...window, text: 'atlas' };
        expect(await s.orders.search(atlas, { page: 1, limit: 10 }, 100)).toMatchObject({ total: 5 });
        expect(ids((await s.orders.search(atlas, { page: 1, limit: 10 }, 100)).items)).toEqual(ids(newest()));
        const page2 = await s.orders.search(atlas, { page: 2, limit: 2 }, 100);
        expect({ ids: ids(page2.items), total: page2.total }).toEqual({ ids: ids(newest().slice(2, 4)), total: 5 });
        expect((await s.orders.search(atlas, { page: 1, limit: 2 }, 3)).total).toBe(4);
        // The page ends past the cap: its orders are still there, and the count still stops at the cap.
        const page3 = await s.orders.search(atlas, { page: 3, limit: 2 }, 3);
        expect({ ids: ids(page3.items), total: page3.total }).toEqual({ ids: ids(newest().slice(4)), total: 4 });
        expect(await s.orders.search(atlas, { page: 4, limit: 2 }, 100)).toEqual({ items: [], total: 5 });
        expect(await s.orders.search({ ...window, text: 'no such title' }, { page: 1, limit: 2 }, 100)).toEqual({ items: [], total: 0 });
        // Part of a title across its words is found; its words in another order, or spaced otherwise, are not.
        const whole = await s.orders.search({ ...window, text: 'atlas of periodontics' }, { page: 1, limit: 10 }, 100);
        expect(whole.total).toBeGreaterThan(0);
        expect(await s.orders.search({ ...window, text: 'las of periodon' }, { page: 1, limit: 10 }, 100)).toEqual(whole);
        // Walked a batch at a time (the CSV export), a text search gives the same orders.
        expect(await walked(atlas)).toEqual(ids(newest()));
        // Each title is matched alone: an order's second title is found, the end of one and the start of the next are not.
        const withVeneers = newest().filter((o) => o.lines.length > 1 && o.lines[1]!.title === course.title);
        expect(withVeneers.length).toBeGreaterThan(0);
        expect(ids((await s.orders.search({ ...window, text: 'composite veneers' }, { page: 1, limit: 10 }, 100)).items)).toEqual(ids(withVeneers));
        for (const text of ['periodontics atlas', 'atlas  of', 'atlas of periodontics!', 'periodontics\ncomposite', 'periodontics composite'])
          expect(await s.orders.search({ ...window, text }, { page: 1, limit: 2 }, 100)).toEqual({ items: [], total: 0 });
      });

      it("tells an order's life: paid and delivered moments, refunds, downloads, its e-mails", async () => {
        const order = await added({ createdAt: in2031(30) });
        await markPaid(order.id, { paymentId: `PAY-${nextId()}`, delivered: true }, mail('life@mail.test'));
        const refundKey = nextId();
        await s.refunds.request({ key: refundKey, orderId: order.id, productIds: [book._id], amount: usd(2599), requestedBy: admin.id, requestedAt: new Date(Date.UTC(2031, 0, 2)) });
        await s.refunds.close(refundKey, 'done', 'REFUND-1');
        await s.orders.recordDownload({ orderId: order.id, productId: course._id, userId: buyer, at: new Date(Date.UTC(2031, 0, 3)) });
        const facts = await s.history.factsOf(order.id, mailIdsOf(order.id));
        expect(facts.paidAt).toEqual(expect.any(String));
        expect(facts.deliveredAt).toEqual(expect.any(String));
        expect(facts.refunds).toEqual([
          expect.objectContaining({ key: refundKey, productIds: [book._id], amount: usd(2599), state: 'done', detail: 'REFUND-1', requestedAt: '2031-01-02T00:00:00.000Z', closedAt: expect.any(String) }),
        ]);
        expect(facts.downloads).toEqual([{ productId: course._id, at: '2031-01-03T00:00:00.000Z', purpose: 'link' }]);
        expect(facts.mails).toEqual([expect.objectContaining({ id: `order-paid-${order.id}`, to: 'life@mail.test', subject: 'Dental Library: order confirmed', queuedAt: expect.any(String) })]);
        const untouched = await s.history.factsOf((await added({ createdAt: in2031(31) })).id, mailIdsOf('x'));
        expect(untouched).toEqual({ refunds: [], downloads: [], mails: [] });
      });
    });
});
