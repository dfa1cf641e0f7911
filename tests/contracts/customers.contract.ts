import { CatalogWriter } from '../../core/catalog/ports/catalog';
import { CustomerRef, spentOf } from '../../core/ordering/domain/customer';
import { failed, paid, refunded, refundedAtProvider } from '../../core/ordering/domain/order-life';
import { CustomerDirectory } from '../../core/ordering/ports/customers';
import { NewOrder, OrderReader, OrderWriter, UnitOfWork } from '../../core/ordering/ports/orders';
import { changeOrder } from '../../core/ordering/use-cases/change-order';
import { egp, usd } from '../../core/shared/money';
import { aProduct, nextId } from '../support/products';

export interface CustomersUnderTest {
  customers: CustomerDirectory;
  orders: OrderReader & OrderWriter;
  work: UnitOfWork;
  catalog: CatalogWriter;
  addUser(user: { id: string; username: string; email: string; role?: 'User' | 'Admin' }): Promise<void>;
  rename(id: string, username: string): Promise<void>;
  /** The housekeeping's sweep of orders never paid, placed before `before`. */
  removeUnpaidOrders(before: Date): Promise<number>;
  close(): Promise<void>;
}

/** What every CustomerDirectory adapter must answer (issue 21), on the in-memory twin, PGlite and PostgreSQL. */
export const customersContract = (name: string, open: () => Promise<CustomersUnderTest>) =>
  describe(`Customers contract: ${name}`, () => {
    let s: CustomersUnderTest;
    const book = aProduct({ title: 'Atlas of Implants', price: usd(2000), egpprice: egp(100_000) });
    const amal = { id: nextId(), username: 'Amal', email: 'amal@clinic.test' };
    const badr = { id: nextId(), username: 'Badr', email: 'BADR@clinic.test' };
    const boss = { id: nextId(), username: 'Boss', email: 'boss@store.test', role: 'Admin' as const };
    let minute = 0;
    const order = (overrides: Partial<NewOrder>): NewOrder => ({
      id: nextId(),
      buyerName: 'Buyer',
      buyerEmail: 'buyer@clinic.test',
      method: 'paypal',
      paymentMethod: 'paypal',
      currency: 'USD',
      total: usd(2000),
      lines: [{ productId: book._id, title: book.title, price: usd(2000) }],
      createdAt: new Date(Date.UTC(2026, 0, 1, 10, ++minute)).toISOString(),
      ...overrides,
    });
    const pay = async (o: NewOrder) => {
      await s.orders.add(o);
      await changeOrder(s.orders, s.work, o.id, (current) => paid(current, `PAY-${o.id}`, true));
      return o;
    };

    beforeAll(async () => {
      s = await open();
      for (const user of [amal, badr, boss]) await s.addUser(user);
      await s.catalog.addMany([book]);
      await pay(order({ userId: amal.id, buyerEmail: amal.email }));
      await pay(order({ userId: amal.id, buyerEmail: amal.email, method: 'paymob', paymentMethod: 'card', currency: 'EGP', total: egp(100_000), lines: [{ productId: book._id, title: book.title, price: egp(100_000) }] }));
      // Started, never paid: counted as an order, not as money spent.
      await s.orders.add(order({ userId: amal.id, buyerEmail: amal.email }));
      await pay(order({ buyerEmail: 'zeina@guest.test' }));
      await s.orders.add(order({ buyerEmail: 'zeina@guest.test' }));
    });
    afterAll(() => s.close());

    it('lists accounts (not admins) and guests by address, each with orders, spending per currency and last order', async () => {
      const { items, total } = await s.customers.list(undefined, { page: 1, limit: 10 }, 100);
      expect(total).toBe(3);
      expect(items).toEqual([
        { ref: { kind: 'account', id: amal.id }, name: 'Amal', email: amal.email, orders: 3, spent: [egp(100_000), usd(2000)], lastOrderAt: new Date(Date.UTC(2026, 0, 1, 10, 3)).toISOString() },
        { ref: { kind: 'account', id: badr.id }, name: 'Badr', email: badr.email, orders: 0, spent: [] },
        { ref: { kind: 'guest', email: 'zeina@guest.test' }, name: '', email: 'zeina@guest.test', orders: 2, spent: [usd(2000)], lastOrderAt: new Date(Date.UTC(2026, 0, 1, 10, 5)).toISOString() },
      ]);
      expect((await s.customers.list(undefined, { page: 2, limit: 2 }, 100)).items.map((c) => c.email)).toEqual(['zeina@guest.test']);
      expect((await s.customers.list(undefined, { page: 1, limit: 1 }, 1)).total).toBe(2);
    });

    it('searches a part of the name or the address; a % is a character', async () => {
      const found = async (text: string) => (await s.customers.list(text, { page: 1, limit: 10 }, 100)).items.map((c) => c.email);
      expect(await found('badr@')).toEqual([badr.email]);
      expect(await found('ama')).toEqual([amal.email]);
      expect(await found('guest.te')).toEqual(['zeina@guest.test']);
      expect(await found('clinic')).toEqual([amal.email, badr.email]);
      expect(await found('%')).toEqual([]);
      expect(await found('boss')).toEqual([]);
    });

    it('finds one customer, an account or a guest; a guest whose orders an account took is no longer one', async () => {
      expect(await s.customers.find({ kind: 'account', id: badr.id })).toMatchObject({ name: 'Badr', orders: 0 });
      expect(await s.customers.find({ kind: 'guest', email: 'zeina@guest.test' })).toMatchObject({ orders: 2 });
      expect(await s.customers.find({ kind: 'guest', email: 'nobody@guest.test' })).toBeUndefined();
      expect(await s.customers.find({ kind: 'account', id: nextId() })).toBeUndefined();
      await s.orders.attachGuestOrders('zeina@guest.test', badr.id);
      expect(await s.customers.find({ kind: 'guest', email: 'zeina@guest.test' })).toBeUndefined();
      expect(await s.customers.find({ kind: 'account', id: badr.id })).toMatchObject({ orders: 2, spent: [usd(2000)] });
    });

    it("answers a customer's downloads, newest first", async () => {
      const [newest] = await s.orders.ofUser(amal.id);
      const paidOne = (await s.orders.ofUser(amal.id)).find((o) => o.status === 'paid')!;
      await s.orders.recordDownload({ orderId: paidOne.id, productId: book._id, userId: amal.id, at: new Date(Date.UTC(2026, 1, 1)) });
      await s.orders.recordDownload({ orderId: paidOne.id, productId: book._id, userId: amal.id, at: new Date(Date.UTC(2026, 1, 2)) });
      expect(newest).toBeDefined();
      expect(await s.customers.downloadsOf({ kind: 'account', id: amal.id }, 1)).toEqual([
        { orderId: paidOne.id, productId: book._id, title: book.title, at: '2026-02-02T00:00:00.000Z', purpose: 'link' },
      ]);
      expect(await s.customers.downloadsOf({ kind: 'account', id: badr.id }, 10)).toEqual([]);
    });

    it('keeps each figure right as orders are placed, paid, failed, paid after all, refunded, removed and taken by an account', async () => {
      const cyra = { id: nextId(), username: 'Cyra', email: 'cyra@clinic.test' };
      const yusuf = 'yusuf@guest.test';
      const second = aProduct({ title: 'Atlas of Occlusion', price: usd(1000), egpprice: egp(50_000) });
      await s.addUser(cyra);
      await s.catalog.addMany([second]);
      const change = (id: string, transition: Parameters<typeof changeOrder>[3]) => changeOrder(s.orders, s.work, id, transition);
      /** The kept figures against a fresh count of the customer's orders, by the core's rule; `find` and the list alike. */
      const expectKept = async (ref: CustomerRef) => {
        const orders = ref.kind === 'account' ? await s.orders.ofUser(ref.id) : await s.orders.ofGuest(ref.email);
        const found = await s.customers.find(ref);
        if (ref.kind === 'guest' && orders.length === 0) return expect(found).toBeUndefined();
        const last = orders.map((o) => o.createdAt).sort().at(-1);
        expect(found && { orders: found.orders, spent: found.spent, lastOrderAt: found.lastOrderAt }).toEqual({ orders: orders.length, spent: spentOf(orders), lastOrderAt: last });
        const listed = (await s.customers.list(found!.email.toLowerCase(), { page: 1, limit: 50 }, 100)).items;
        expect(listed.filter((c) => c.ref.kind === ref.kind)).toEqual([found]);
      };
      const me: CustomerRef = { kind: 'account', id: cyra.id };
      const guest: CustomerRef = { kind: 'guest', email: yusuf };
      await expectKept(me);

      const first = await s.orders.add(order({ userId: cyra.id, buyerEmail: cyra.email }));
      await expectKept(me);
      await change(first.id, (o) => paid(o, `PAY-${o.id}`, true));
      await expectKept(me);

      const lines = [
        { productId: book._id, title: book.title, price: egp(100_000) },
        { productId: second._id, title: second.title, price: egp(50_000) },
      ];
      const both = await pay(order({ userId: cyra.id, buyerEmail: cyra.email, method: 'paymob', paymentMethod: 'card', currency: 'EGP', total: egp(150_000), lines }));
      await change(both.id, (o) => refunded(o, [second._id], egp(50_000)));
      expect((await s.orders.findById(both.id))?.status).toBe('partly-refunded');
      await expectKept(me);

      const late = await s.orders.add(order({ userId: cyra.id, buyerEmail: cyra.email }));
      await change(late.id, failed);
      await expectKept(me);
      await change(late.id, (o) => paid(o, `PAY-${o.id}`, false));
      await expectKept(me);
      await change(first.id, (o) => refundedAtProvider(o));
      expect((await s.orders.findById(first.id))?.status).toBe('refunded');
      await expectKept(me);

      // The guest's newest order is never paid, so the sweep takes it: their last order is then the older one.
      await pay(order({ buyerEmail: yusuf, currency: 'EGP', method: 'paymob', paymentMethod: 'card', total: egp(100_000), lines: [lines[0]!] }));
      await s.orders.add(order({ buyerEmail: yusuf }));
      await expectKept(guest);
      expect(await s.removeUnpaidOrders(new Date(Date.UTC(2027, 0, 1)))).toBeGreaterThan(0);
      await expectKept(guest);
      await expectKept({ kind: 'account', id: amal.id });

      await s.orders.attachGuestOrders(yusuf, cyra.id);
      await expectKept(guest);
      await expectKept(me);

      // A guest whose only order is swept is no longer a customer; a guest back with a new order is one again.
      const once = await s.orders.add(order({ buyerEmail: 'once@guest.test' }));
      await expectKept({ kind: 'guest', email: 'once@guest.test' });
      await s.removeUnpaidOrders(new Date(Date.UTC(2027, 0, 1)));
      await expectKept({ kind: 'guest', email: 'once@guest.test' });
      expect(await s.orders.findById(once.id)).toBeUndefined();
      await s.orders.add(order({ buyerEmail: 'once@guest.test' }));
      await expectKept({ kind: 'guest', email: 'once@guest.test' });

      await s.rename(cyra.id, 'Cyra Badawi');
      expect((await s.customers.list('badawi', { page: 1, limit: 10 }, 100)).items.map((c) => c.name)).toEqual(['Cyra Badawi']);
      const { items: everyone, total } = await s.customers.list(undefined, { page: 1, limit: 50 }, 100);
      expect(everyone.map((c) => c.email)).toEqual(['amal@clinic.test', 'BADR@clinic.test', 'cyra@clinic.test', 'once@guest.test']);
      expect(total).toBe(everyone.length);
      expect((await s.customers.list(undefined, { page: 1, limit: 1 }, 2)).total).toBe(3);
      // A search pages and counts to the cap, its pages past the cap and past its end included.
      const clinic = async (page: number, cap: number) => {
        const { items, total } = await s.customers.list('clinic', { page, limit: 1 }, cap);
        return { emails: items.map((c) => c.email), total };
      };
      expect(await clinic(2, 100)).toEqual({ emails: ['BADR@clinic.test'], total: 3 });
      expect(await clinic(1, 1)).toEqual({ emails: ['amal@clinic.test'], total: 2 });
      expect(await clinic(3, 1)).toEqual({ emails: ['cyra@clinic.test'], total: 2 });
      expect(await clinic(5, 100)).toEqual({ emails: [], total: 3 });
      for (const c of everyone) await expectKept(c.ref);
    });
  });
