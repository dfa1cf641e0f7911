import { CatalogWriter } from '../../core/catalog/ports/catalog';
import { paid } from '../../core/ordering/domain/order-life';
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
  });
