import { CatalogWriter } from '../../core/catalog/ports/catalog';
import { ProductEditor } from '../../core/catalog/ports/product-editor';
import { DownloadEntry } from '../../core/delivery/domain/downloads';
import { VisitCount as Visit, Visits } from '../../core/location/ports';
import { NewOrder, OrderReader, OrderWriter, UnitOfWork } from '../../core/ordering/ports/orders';
import { failed, paid, refunded } from '../../core/ordering/domain/order-life';
import { changeOrder } from '../../core/ordering/use-cases/change-order';
import { SalesFigures } from '../../core/reports/ports';
import { egp, usd } from '../../core/shared/money';
import { aProduct, nextId } from '../support/products';

export interface SalesFiguresUnderTest {
  figures: SalesFigures;
  orders: OrderReader & OrderWriter;
  work: UnitOfWork;
  catalog: CatalogWriter;
  editor: ProductEditor;
  downloads: { record(entry: DownloadEntry): Promise<void> };
  visits: Visits;
  addUser(user: { id: string; username: string; email: string }): Promise<void>;
  close(): Promise<void>;
}

/**
 * What every SalesFigures adapter must answer, on the in-memory twin, PGlite and PostgreSQL: the
 * figures follow each order through payment, failure and refunds as the store writes them (the
 * database's rollups are kept by triggers in the same transactions), per currency, never summed.
 */
export const salesFiguresContract = (name: string, open: () => Promise<SalesFiguresUnderTest>) =>
  describe(`SalesFigures contract: ${name}`, () => {
    let s: SalesFiguresUnderTest;
    const buyer = { id: nextId(), username: 'Hana', email: 'hana@account.test' };
    const book = aProduct({ title: 'Atlas of Periodontics', price: usd(2599), egpprice: egp(120_000) });
    const course = aProduct({ title: 'Composite Veneers', category: 'courses', subcategory: [], price: usd(1000), egpprice: egp(50_000) });
    const march = { from: '2026-03-01', to: '2026-03-31' };

    const anOrder = (at: string, currency: 'USD' | 'EGP', products: (typeof book)[]): NewOrder => {
      const prices = products.map((p) => (currency === 'USD' ? p.price : p.egpprice));
      return {
        id: nextId(),
        userId: buyer.id,
        buyerName: 'Hana Adel',
        buyerEmail: buyer.email,
        method: currency === 'USD' ? 'paypal' : 'paymob',
        paymentMethod: currency === 'USD' ? 'paypal' : 'card',
        currency,
        total: { minor: prices.reduce((sum, price) => sum + price.minor, 0), currency },
        lines: products.map((p, i) => ({ productId: p._id, title: p.title, price: prices[i]! })),
        createdAt: at,
      };
    };
    const place = (at: string, currency: 'USD' | 'EGP', products: (typeof book)[]) => s.orders.add(anOrder(at, currency, products));
    const pay = (id: string) => changeOrder(s.orders, s.work, id, (o) => paid(o, `PAY-${id}`, false));
    const giveBack = (id: string, productIds: string[], amount: ReturnType<typeof usd>) => changeOrder(s.orders, s.work, id, (o) => refunded(o, productIds, amount));
    const download = (orderId: string, productId: string, at: string, more: Partial<DownloadEntry> = {}) =>
      s.downloads.record({
        orderId,
        productId,
        fileId: nextId(),
        holder: { kind: 'account', userId: buyer.id },
        purpose: 'download',
        at: new Date(at),
        address: '203.0.113.9',
        bytes: 1000,
        completed: true,
        ...more,
      });

    let a: string;
    let c: string;

    beforeAll(async () => {
      s = await open();
      await s.addUser(buyer);
      await s.catalog.addMany([book, course]);
      // A: dollars, on a Monday, paid then partly refunded; B: pounds, paid; C: dollars on March's last
      // minute, paid then wholly refunded; D: April, failed; E: March, never paid.
      a = (await place('2026-03-02T10:00:00.000Z', 'USD', [book, course])).id;
      const b = (await place('2026-03-03T09:00:00.000Z', 'EGP', [book])).id;
      c = (await place('2026-03-31T23:59:00.000Z', 'USD', [course])).id;
      const d = (await place('2026-04-01T00:00:00.000Z', 'USD', [book])).id;
      await place('2026-03-10T12:00:00.000Z', 'USD', [book]);
      for (const id of [a, b, c]) await pay(id);
      await changeOrder(s.orders, s.work, d, failed);
    });
    afterAll(() => s.close());

    it('counts paid orders only, per day and currency, from the day each was placed (UTC)', async () => {
      expect(await s.figures.sales(march, 'day')).toEqual([
        { start: '2026-03-02', orders: 1, revenue: usd(3599), refunds: 0, refunded: usd(0) },
        { start: '2026-03-03', orders: 1, revenue: egp(120_000), refunds: 0, refunded: egp(0) },
        { start: '2026-03-31', orders: 1, revenue: usd(1000), refunds: 0, refunded: usd(0) },
      ]);
      expect(await s.figures.sales({ from: '2026-04-01', to: '2026-04-30' }, 'day')).toEqual([]);
    });

    it('keeps a refunded sale, with its refund beside it, per week (from Monday) and per month', async () => {
      await giveBack(a, [book._id], usd(2599));
      await giveBack(c, [course._id], usd(1000));
      expect(await s.figures.sales(march, 'week')).toEqual([
        { start: '2026-03-02', orders: 1, revenue: egp(120_000), refunds: 0, refunded: egp(0) },
        { start: '2026-03-02', orders: 1, revenue: usd(3599), refunds: 1, refunded: usd(2599) },
        { start: '2026-03-30', orders: 1, revenue: usd(1000), refunds: 1, refunded: usd(1000) },
      ]);
      expect(await s.figures.sales({ from: '2026-02-15', to: '2026-04-10' }, 'month')).toEqual([
        { start: '2026-03-01', orders: 1, revenue: egp(120_000), refunds: 0, refunded: egp(0) },
        { start: '2026-03-01', orders: 2, revenue: usd(4599), refunds: 2, refunded: usd(3599) },
      ]);
    });

    it('ranks products by revenue in each currency, with units and refunds, over any span of days', async () => {
      const expected = [
        { productId: book._id, title: book.title, units: 1, revenue: egp(120_000), refunded: egp(0) },
        { productId: book._id, title: book.title, units: 1, revenue: usd(2599), refunded: usd(2599) },
        { productId: course._id, title: course.title, units: 2, revenue: usd(2000), refunded: usd(1000) },
      ];
      // A whole month, parts of two months around it, and single days: the same sums.
      expect(await s.figures.topSellers(march, 10)).toEqual(expected);
      expect(await s.figures.topSellers({ from: '2026-02-20', to: '2026-04-03' }, 10)).toEqual(expected);
      expect(await s.figures.topSellers({ from: '2026-03-31', to: '2026-03-31' }, 10)).toEqual([expected[2]!].map((p) => ({ ...p, units: 1, revenue: usd(1000) })));
      expect(await s.figures.topSellers(march, 1)).toEqual([expected[0], expected[1]]);
      // Sales on both sides of the range, inside its months: none of them counted.
      expect(await s.figures.topSellers({ from: '2026-03-03', to: '2026-03-30' }, 10)).toEqual([expected[0]]);
    });

    it('ranks products by completed downloads; a cut download or a reading is no download', async () => {
      await download(a, book._id, '2026-03-05T08:00:00.000Z');
      await download(a, book._id, '2026-03-06T08:00:00.000Z');
      await download(a, course._id, '2026-04-02T08:00:00.000Z');
      await download(a, course._id, '2026-03-05T09:00:00.000Z', { completed: false });
      await download(a, course._id, '2026-03-05T10:00:00.000Z', { purpose: 'read' });
      expect(await s.figures.topDownloads(march, 10)).toEqual([{ productId: book._id, title: book.title, downloads: 2 }]);
      expect(await s.figures.topDownloads({ from: '2026-03-06', to: '2026-04-02' }, 10)).toEqual([
        { productId: book._id, title: book.title, downloads: 1 },
        { productId: course._id, title: course.title, downloads: 1 },
      ]);
      expect(await s.figures.topDownloads({ from: '2026-03-06', to: '2026-04-02' }, 1)).toHaveLength(1);
    });

    it('answers a range asked again with the sales, refunds, downloads and titles changed since', async () => {
      // May 2026 alone and a range across it: a database reads them two ways (one month's head, and candidates).
      const may = { from: '2026-05-01', to: '2026-05-31' };
      const across = { from: '2026-04-20', to: '2026-06-10' };
      const both = async () => [await s.figures.topSellers(may, 10), await s.figures.topSellers(across, 10)];
      const asSold = (product: typeof book, units: number, refunded = 0) =>
        ({ productId: product._id, title: product.title, units, revenue: usd(product.price.minor * units), refunded: usd(refunded) });
      expect(await both()).toEqual([[], []]);
      const first = (await place('2026-05-05T10:00:00.000Z', 'USD', [course])).id;
      await pay(first);
      expect(await both()).toEqual([[asSold(course, 1)], [asSold(course, 1)]]);
      await pay((await place('2026-05-06T10:00:00.000Z', 'USD', [book])).id);
      expect(await both()).toEqual([[asSold(book, 1), asSold(course, 1)], [asSold(book, 1), asSold(course, 1)]]);
      await giveBack(first, [course._id], usd(1000));
      expect(await both()).toEqual([[asSold(book, 1), asSold(course, 1, 1000)], [asSold(book, 1), asSold(course, 1, 1000)]]);
      const editing = (await s.editor.forEditing(book._id))!;
      await s.editor.update(book._id, { ...editing, title: 'Atlas of Periodontics, Second Edition' }, { id: buyer.id, username: 'Owner', at: new Date() });
      expect((await both()).map((top) => top[0]?.title)).toEqual(['Atlas of Periodontics, Second Edition', 'Atlas of Periodontics, Second Edition']);
      expect(await s.figures.topDownloads(may, 10)).toEqual([]);
      await download(first, course._id, '2026-05-07T08:00:00.000Z');
      expect(await s.figures.topDownloads(may, 10)).toEqual([{ productId: course._id, title: course.title, downloads: 1 }]);
      await s.editor.update(book._id, editing, { id: buyer.id, username: 'Owner', at: new Date() });
    });

    it('adds visits by page and by country over the range, most first, with the total', async () => {
      const visits: Visit[] = [
        { day: '2026-03-01', page: '/', country: 'Egypt' },
        { day: '2026-03-01', page: '/', country: 'Egypt' },
        { day: '2026-03-02', page: '/product/:id', country: 'Egypt' },
        { day: '2026-03-02', page: '/', country: 'Brazil' },
        { day: '2026-02-28', page: '/', country: 'Spain' },
      ];
      for (const visit of visits) await s.visits.record(visit);
      expect(await s.figures.visits(march, 'page', 10)).toEqual({ rows: [{ key: '/', visits: 3 }, { key: '/product/:id', visits: 1 }], total: 4 });
      expect(await s.figures.visits(march, 'country', 1)).toEqual({ rows: [{ key: 'Egypt', visits: 3 }], total: 4 });
      expect(await s.figures.visits({ from: '2026-05-01', to: '2026-05-02' }, 'country', 10)).toEqual({ rows: [], total: 0 });
    });

    /**
     * Long ranges are ranked from each month's head where the heads prove the answer (a database
     * reads the first K = 3 x limit of each month it touches), and from every product where they do
     * not: a product that is never near the top of one month may still lead the range.
     */
    describe('the top of a range many products sold in', () => {
      const priced = (minor: number, title: string) => aProduct({ title, price: usd(minor), egpprice: egp(minor * 50) });
      const d = priced(5000, 'Dominant Atlas');
      const early = priced(100_000, 'Early Implantology');
      const x = priced(900, 'Steady Endodontics');
      const p = Array.from({ length: 9 }, (_, i) => priced(1000, `Monthly ${i + 1}`));
      const y = priced(900, 'Never First Prosthodontics');
      const q = Array.from({ length: 9 }, (_, i) => priced(1000, `Spring ${i + 1}`));
      const z = priced(1000, 'Quietly Downloaded');
      const r = Array.from({ length: 9 }, (_, i) => priced(1000, `Autumn ${i + 1}`));
      const sell = async (at: string, products: (typeof d)[]) => {
        for (const product of products) await pay((await place(at, 'USD', [product])).id);
      };
      const sold = (product: typeof d, units: number) => ({
        productId: product._id,
        title: product.title,
        units,
        revenue: usd(product.price.minor * units),
        refunded: usd(0),
      });

      beforeAll(async () => {
        await s.catalog.addMany([d, early, x, ...p, y, ...q, z, ...r]);
        // 2025: three months, each with three products of its own, the steady one and the dominant
        // one; a much larger sale on either side of the range, inside its first and last months.
        await sell('2025-01-05T10:00:00.000Z', [early]);
        await sell('2025-01-20T10:00:00.000Z', [p[0]!, p[1]!, p[2]!, x, d]);
        await sell('2025-02-10T10:00:00.000Z', [p[3]!, p[4]!, p[5]!, x, d]);
        await sell('2025-03-05T10:00:00.000Z', [p[6]!, p[7]!, p[8]!, x, d]);
        await sell('2025-03-25T10:00:00.000Z', [early]);
        // May to July: the same without the dominant one; the steady one is fourth every month, first over the three.
        await sell('2025-05-12T10:00:00.000Z', [q[0]!, q[1]!, q[2]!, y]);
        await sell('2025-06-12T10:00:00.000Z', [q[3]!, q[4]!, q[5]!, y]);
        await sell('2025-07-12T10:00:00.000Z', [q[6]!, q[7]!, q[8]!, y]);
        // September to November, downloads (of an order never paid, so that it sells nothing): three
        // products twice a month each, one other once a month.
        const library = (await place('2025-08-15T10:00:00.000Z', 'USD', [z, ...r])).id;
        for (const [month, three] of [['09', r.slice(0, 3)], ['10', r.slice(3, 6)], ['11', r.slice(6, 9)]] as const) {
          for (const product of three) for (const day of ['03', '04']) await download(library, product._id, `2025-${month}-${day}T08:00:00.000Z`);
          await download(library, z._id, `2025-${month}-05T08:00:00.000Z`);
        }
      });

      it('ranks a range of whole and part months exactly, the sales outside it left out', async () => {
        const range = { from: '2025-01-15', to: '2025-03-10' };
        expect(await s.figures.topSellers(range, 1)).toEqual([sold(d, 3)]);
        expect(await s.figures.topSellers(range, 2)).toEqual([sold(d, 3), sold(x, 3)]);
        expect(await s.figures.topSellers(range, 4)).toEqual([sold(d, 3), sold(x, 3), sold(p[0]!, 1), sold(p[1]!, 1)]);
      });

      it("reads one month's head, also for the month so far", async () => {
        expect(await s.figures.topSellers({ from: '2025-02-01', to: '2025-02-28' }, 2)).toEqual([sold(d, 1), sold(p[3]!, 1)]);
        expect(await s.figures.topSellers({ from: '2025-02-01', to: '2025-02-20' }, 2)).toEqual([sold(d, 1), sold(p[3]!, 1)]);
        expect(await s.figures.topSellers({ from: '2025-01-01', to: '2025-01-31' }, 3)).toEqual([sold(early, 1), sold(d, 1), sold(p[0]!, 1)]);
      });

      it('finds the product that leads a range without leading any of its months, ties by product id', async () => {
        const range = { from: '2025-05-01', to: '2025-07-31' };
        expect(await s.figures.topSellers(range, 1)).toEqual([sold(y, 3)]);
        expect(await s.figures.topSellers(range, 3)).toEqual([sold(y, 3), sold(q[0]!, 1), sold(q[1]!, 1)]);
        expect(await s.figures.topSellers({ from: '2025-05-20', to: '2025-07-20' }, 2)).toEqual([sold(y, 2), sold(q[3]!, 1)]);
      });

      it('finds the most downloaded product of a range that no month had among its most downloaded', async () => {
        const range = { from: '2025-09-01', to: '2025-11-30' };
        const downloaded = (product: typeof d, downloads: number) => ({ productId: product._id, title: product.title, downloads });
        expect(await s.figures.topDownloads(range, 1)).toEqual([downloaded(z, 3)]);
        expect(await s.figures.topDownloads(range, 2)).toEqual([downloaded(z, 3), downloaded(r[0]!, 2)]);
        expect(await s.figures.topDownloads({ from: '2025-10-01', to: '2025-10-31' }, 1)).toEqual([downloaded(r[3]!, 2)]);
        // Two each for z and the later products: the tie goes to the smaller id.
        expect(await s.figures.topDownloads({ from: '2025-09-04', to: '2025-11-04' }, 1)).toEqual([downloaded(z, 2)]);
      });
    });
  });
