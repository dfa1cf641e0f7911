import { Actor, entryOf } from '../../core/audit/domain/audit';
import { ProductsQuery, productsQueryOf, ProductsQueryInput } from '../../core/catalog/domain/products-table';
import { exchangeRate } from '../../core/catalog/domain/exchange-rate';
import { NewProduct } from '../../core/catalog/domain/product';
import { ProductFields } from '../../core/catalog/domain/product-form';
import { ProductEditor } from '../../core/catalog/ports/product-editor';
import { ProductsTable } from '../../core/catalog/ports/products-table';
import { ProductFiles } from '../../core/delivery/ports/product-files';
import { Order } from '../../core/ordering/domain/order';
import { OrderWriter } from '../../core/ordering/ports/orders';
import { isDomainError } from '../../core/shared/errors';
import { egp, usd } from '../../core/shared/money';
import { right } from '../support/either';
import { aProduct, nextId } from '../support/products';

export interface ProductsTableUnderTest {
  table: ProductsTable;
  editor: ProductEditor;
  orders: OrderWriter;
  files: ProductFiles;
  /** An account (the database checks that an actor exists). */
  addUser(id: string): Promise<void>;
  close(): Promise<void>;
}

const fieldsOf = ({ _id, createdAt, ...fields }: NewProduct): ProductFields => fields;

const queryOf = (input: ProductsQueryInput): ProductsQuery => {
  const query = productsQueryOf(input);
  if (isDomainError(query)) throw new Error(query.message);
  return query;
};

/**
 * What every ProductsTable adapter must answer (issue 21), on the in-memory twin, PGlite and a
 * PostgreSQL server: the same rows, sales and files for the same products and orders, whichever
 * way the orders were paid and refunded, and the same order for every sort key.
 */
export const productsTableContract = (name: string, open: () => Promise<ProductsTableUnderTest>) =>
  describe(`ProductsTable contract: ${name}`, () => {
    let s: ProductsTableUnderTest;
    const admin = nextId();
    const by = (): Actor => ({ id: admin, username: 'Owner', at: new Date(Date.UTC(2026, 10, 21)) });
    const atlas = aProduct({ title: 'atlas of Anatomy', author: ['Hanan Elsayed'], subcategory: ['Anatomy'], price: usd(1000), egpprice: egp(50_000), smallCover: ['/s.webp'] });
    const bridges = aProduct({ title: 'Bridges', author: ['Omar Said'], category: 'courses', subcategory: [], price: usd(3000), egpprice: egp(150_000), keepEgpPrice: true });
    const crowns = aProduct({ title: 'Crowns 100%_off', author: ['Mona Hassan'], subcategory: ['Prosthodontics', 'Anatomy'], price: usd(2000), egpprice: egp(100_000) });
    const retired = aProduct({ title: 'Retired Notes', author: ['Omar Said'], price: usd(500), egpprice: egp(25_000) });
    const page = async (input: ProductsQueryInput, countCap = 1_000) => s.table.page(queryOf(input), countCap);
    const ids = async (input: ProductsQueryInput) => (await page(input)).items.map((r) => r._id);

    const paid = async (...products: NewProduct[]): Promise<Order> => {
      const order = await s.orders.add({
        id: nextId(),
        buyerName: 'Hana',
        buyerEmail: 'hana@mail.test',
        method: 'paypal',
        paymentMethod: 'card',
        currency: 'USD',
        total: usd(1000),
        lines: products.map((p) => ({ productId: p._id, title: p.title, price: usd(1000) })),
        createdAt: new Date().toISOString(),
      });
      const settled = { ...order, status: 'paid' as const, version: order.version + 1 };
      expect(await s.orders.save(settled)).toBe('saved');
      return settled;
    };

    beforeAll(async () => {
      s = await open();
      await s.addUser(admin);
      for (const product of [atlas, bridges, crowns, retired]) await s.editor.create(product, by());
      await s.editor.remove(retired._id, by());
    });
    afterAll(() => s.close());

    it('lists the products on sale with their fields, newest first by default', async () => {
      const { items, total } = await page({});
      expect(total).toBe(3);
      expect(items.map((r) => r._id)).toEqual([crowns._id, bridges._id, atlas._id]);
      expect(items[2]).toEqual({
        _id: atlas._id,
        title: atlas.title,
        author: ['Hanan Elsayed'],
        cover: '/s.webp',
        category: 'books',
        subcategory: ['Anatomy'],
        price: usd(1000),
        egpprice: egp(50_000),
        keepEgpPrice: false,
        sales: 0,
        hasFile: false,
        deleted: false,
        createdAt: atlas.createdAt,
      });
      expect(items[1]).toMatchObject({ keepEgpPrice: true });
    });

    it('shows deleted products on the deleted filter only, or with all', async () => {
      expect(await ids({ deleted: 'only' })).toEqual([retired._id]);
      expect((await page({ deleted: 'all' })).total).toBe(4);
    });

    it('searches part of a word of the title or an author, any case, with % and _ as typed', async () => {
      expect(await ids({ q: 'ELSAY' })).toEqual([atlas._id]);
      expect(await ids({ q: 'said', deleted: 'all', sort: 'title' })).toEqual([bridges._id, retired._id]);
      expect(await ids({ q: '100%_' })).toEqual([crowns._id]);
      expect(await ids({ q: '%' })).toEqual([crowns._id]);
      expect(await ids({ q: 'nothing like it' })).toEqual([]);
    });

    it("counts a search's matches to one past the cap, and the whole table's exactly", async () => {
      const searched = await page({ q: 'a', deleted: 'all', sort: 'title' }, 1);
      expect(searched.total).toBe(2);
      expect(searched.items.map((r) => r._id)).toEqual([atlas._id, bridges._id, crowns._id, retired._id]);
      expect((await page({ deleted: 'all' }, 1)).total).toBe(4);
    });

    it('filters by type and by book category', async () => {
      expect(await ids({ type: 'courses' })).toEqual([bridges._id]);
      expect(await ids({ category: 'anatomy', sort: 'title' })).toEqual([atlas._id, crowns._id]);
    });

    it('sorts by every key both ways, ties by id, and pages without overlap', async () => {
      expect(await ids({ sort: 'title' })).toEqual([atlas._id, bridges._id, crowns._id]);
      expect(await ids({ sort: 'title', dir: 'desc' })).toEqual([crowns._id, bridges._id, atlas._id]);
      expect(await ids({ sort: 'price' })).toEqual([atlas._id, crowns._id, bridges._id]);
      expect(await ids({ sort: 'egpprice', dir: 'desc' })).toEqual([bridges._id, crowns._id, atlas._id]);
      expect(await ids({ sort: 'type' })).toEqual([...[atlas._id, crowns._id].sort(), bridges._id]);
      expect(await ids({ sort: 'category' })).toEqual([bridges._id, atlas._id, crowns._id]);
      expect(await ids({ sort: 'createdAt', dir: 'asc' })).toEqual([atlas._id, bridges._id, crowns._id]);
      const pages = [...(await ids({ sort: 'file', limit: 2 })), ...(await ids({ sort: 'file', limit: 2, page: 2 }))];
      expect(pages.sort()).toEqual([atlas._id, bridges._id, crowns._id].sort());
      const beyond = await page({ page: 5, limit: 2 });
      expect([beyond.items, beyond.total]).toEqual([[], 3]);
    });

    it('counts lines of paid orders as sales, not pending ones, and takes refunded lines back', async () => {
      const first = await paid(crowns, atlas);
      await paid(crowns);
      await s.orders.add({
        id: nextId(), buyerName: 'P', buyerEmail: 'p@mail.test', method: 'paypal', paymentMethod: 'card', currency: 'USD', total: usd(1000),
        lines: [{ productId: bridges._id, title: 'Bridges', price: usd(1000) }], createdAt: new Date().toISOString(),
      });
      const sales = async () => Object.fromEntries((await page({ deleted: 'all' })).items.map((r) => [r._id, r.sales]));
      expect(await sales()).toEqual({ [crowns._id]: 2, [atlas._id]: 1, [bridges._id]: 0, [retired._id]: 0 });
      expect(await ids({ sort: 'sales', dir: 'desc', limit: 2 })).toEqual([crowns._id, atlas._id]);

      const partly = { ...first, status: 'partly-refunded' as const, lines: first.lines.map((l) => (l.productId === atlas._id ? { ...l, refunded: true } : l)), version: first.version + 1 };
      expect(await s.orders.save(partly)).toBe('saved');
      expect(await sales()).toMatchObject({ [crowns._id]: 2, [atlas._id]: 0 });
      const refunded = { ...partly, status: 'refunded' as const, lines: partly.lines.map((l) => ({ ...l, refunded: true })), version: partly.version + 1 };
      expect(await s.orders.save(refunded)).toBe('saved');
      expect(await sales()).toMatchObject({ [crowns._id]: 1, [atlas._id]: 0 });
    });

    it('tells which products have a file, as files come and go', async () => {
      const file = { id: nextId(), productId: bridges._id, name: 'b.pdf', kind: 'pdf' as const, key: `products/${bridges._id}/f.pdf`, size: 10, uploadedAt: new Date().toISOString() };
      await s.files.add(file, entryOf(by(), 'product-file-added', { subject: bridges._id }));
      expect((await page({ sort: 'file', dir: 'desc' })).items.map((r) => [r._id, r.hasFile])[0]).toEqual([bridges._id, true]);
      await s.files.remove(file.id, entryOf(by(), 'product-file-removed', { subject: bridges._id }));
      expect((await page({ type: 'courses' })).items[0].hasFile).toBe(false);
    });

    // Last: it adds products and brings the deleted one back. The totals are kept apart from the
    // rows (PostgreSQL keeps them per type, category and deleted state), so each filter's total must
    // stay the number of rows its pages hold, whatever moved a product in or out of it.
    it('keeps every filter\'s total equal to its rows as products come, change, go and come back', async () => {
      const filters: ProductsQueryInput[] = [
        {}, { deleted: 'only' }, { deleted: 'all' },
        { type: 'books' }, { type: 'journals', deleted: 'all' }, { type: 'courses', deleted: 'only' },
        { category: 'Anatomy' }, { category: 'Endodontics', deleted: 'all' }, { category: 'Anatomy', deleted: 'only' },
        { type: 'books', category: 'Anatomy' }, { type: 'journals', category: 'Endodontics', deleted: 'all' },
      ];
      const rowsOf = async (input: ProductsQueryInput): Promise<string[]> => {
        const rows: string[] = [];
        for (let number = 1; ; number += 1) {
          const { items } = await page({ ...input, page: number, limit: 50 });
          rows.push(...items.map((r) => r._id));
          if (items.length < 50) return rows.sort();
        }
      };
      // The sales and file sorts read whether a product is deleted from beside its counts: the same rows.
      const expectTotalsCounted = async () => {
        for (const filter of filters) expect({ filter, total: (await page(filter)).total }).toEqual({ filter, total: (await rowsOf(filter)).length });
        for (const deleted of ['no', 'only', 'all'])
          for (const sort of ['sales', 'file']) expect({ sort, deleted, ids: await rowsOf({ sort, deleted }) }).toEqual({ sort, deleted, ids: await rowsOf({ deleted }) });
      };

      const twoCategories = aProduct({ subcategory: ['Endodontics', 'Anatomy'] });
      const listedTwice = aProduct({ subcategory: ['Anatomy', 'Anatomy'] });
      const journal = aProduct({ category: 'journals', subcategory: ['Endodontics'] });
      const course = aProduct({ category: 'courses', subcategory: [] });
      for (const product of [twoCategories, listedTwice, journal, course]) await s.editor.create(product, by());
      await expectTotalsCounted();
      expect((await page({ category: 'Anatomy' })).total).toBe(4);

      await s.editor.update(twoCategories._id, fieldsOf({ ...twoCategories, category: 'journals', subcategory: ['Anatomy'] }), by());
      await s.editor.update(journal._id, fieldsOf({ ...journal, subcategory: ['Endodontics', 'Implantology'] }), by());
      await expectTotalsCounted();

      await s.editor.remove(twoCategories._id, by());
      await s.editor.remove(course._id, by());
      // A deleted product edited stays deleted, now under its new type and category.
      await s.editor.update(course._id, fieldsOf({ ...course, category: 'books', subcategory: ['Anatomy'] }), by());
      await expectTotalsCounted();
      expect((await page({ category: 'Anatomy', deleted: 'only' })).total).toBe(2);

      await s.editor.recreate(course._id, by());
      await s.editor.recreate(retired._id, by());
      expect(await s.editor.repriceEgp(right(exchangeRate('50')), by())).toMatchObject({ kind: 'repriced' });
      await expectTotalsCounted();
      expect((await page({})).total).toBe(7);
    });

    // A database may keep a search's count while no product changes: paged and sorted, it is the same.
    it('counts a search anew as products come, change and go, on any page and in any order', async () => {
      const totalOf = async (input: ProductsQueryInput = {}) => (await page({ q: 'periapical', limit: 1, ...input })).total;
      expect(await totalOf()).toBe(0);
      const lesions = aProduct({ title: 'Periapical Lesions', author: ['Nour Adel'] });
      const radiology = aProduct({ title: 'Dental Radiology', author: ['The Periapical Group'] });
      await s.editor.create(lesions, by());
      expect(await totalOf()).toBe(1);
      await s.editor.create(radiology, by());
      expect([await totalOf(), await totalOf({ page: 2 }), await totalOf({ sort: 'title', dir: 'asc' })]).toEqual([2, 2, 2]);
      await s.editor.update(lesions._id, fieldsOf({ ...lesions, title: 'Lesions of the Jaw' }), by());
      expect([await totalOf(), await totalOf({ page: 2 })]).toEqual([1, 1]);
      await s.editor.remove(radiology._id, by());
      expect([await totalOf(), await totalOf({ deleted: 'all' })]).toEqual([0, 1]);
      await s.editor.remove(lesions._id, by());
    });
  });
