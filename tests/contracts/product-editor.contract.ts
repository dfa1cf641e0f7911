import { Actor, AuditEntry } from '../../core/audit/domain/audit';
import { AuditLog } from '../../core/audit/ports';
import { Carts } from '../../core/cart/ports';
import { egpPriceAt, exchangeRate } from '../../core/catalog/domain/exchange-rate';
import { ProductFields } from '../../core/catalog/domain/product-form';
import { NewProduct } from '../../core/catalog/domain/product';
import { Catalog, CatalogWriter } from '../../core/catalog/ports/catalog';
import { EditableProduct, ProductEditor, snapshotOf } from '../../core/catalog/ports/product-editor';
import { OrderReader, OrderWriter } from '../../core/ordering/ports/orders';
import { egp, usd } from '../../core/shared/money';
import { right } from '../support/either';
import { aProduct, nextId } from '../support/products';

export interface ProductEditorUnderTest {
  editor: ProductEditor;
  /** The shoppers' side of the same catalogue. */
  catalog: Catalog & CatalogWriter;
  carts: Carts;
  orders: OrderReader & OrderWriter;
  audit: AuditLog;
  /** An account (the database checks that an actor, a cart's or an order's owner exists). */
  addUser(id: string, username: string): Promise<void>;
  close(): Promise<void>;
}

const fieldsOf = ({ _id, createdAt, ...fields }: NewProduct): ProductFields => fields;
const rateOf = (text: string) => right(exchangeRate(text));

/**
 * What every ProductEditor adapter must do (DECISIONS 8-10), on the in-memory twin, PGlite, a
 * PostgreSQL server and behind the caches: each write seen by shoppers at once, with exactly one
 * audit entry when it changed something and none when it did not or failed.
 */
export const productEditorContract = (name: string, open: () => Promise<ProductEditorUnderTest>) =>
  describe(`ProductEditor contract: ${name}`, () => {
    let s: ProductEditorUnderTest;
    const admin = { id: nextId(), username: 'Owner' };
    const shopper = nextId();
    // Later than every builder's date, so a recreated product is the newest.
    let minute = 0;
    const by = (): Actor => ({ ...admin, at: new Date(Date.UTC(2026, 10, 21, 10, ++minute)) });
    const ids = (products: readonly { _id: string }[]) => products.map((p) => p._id);
    const page = { page: 1, limit: 50 };

    /** The write's result and the audit entries it added, newest first. */
    const audited = async <T>(write: () => Promise<T>): Promise<{ result: T; entries: readonly AuditEntry[] }> => {
      const before = await s.audit.count();
      const result = await write();
      const added = (await s.audit.count()) - before;
      return { result, entries: added > 0 ? await s.audit.recent({ page: 1, limit: added }) : [] };
    };
    const editable = async (id: string): Promise<EditableProduct> => {
      const product = await s.editor.forEditing(id);
      if (!product) throw new Error(`no product ${id}`);
      return product;
    };
    const created = async (product: NewProduct) => {
      await s.editor.create(product, by());
      return product;
    };

    beforeAll(async () => {
      s = await open();
      await s.addUser(admin.id, admin.username);
      await s.addUser(shopper, 'Shopper');
    });
    afterAll(() => s.close());

    it('creates a product that shoppers find at once, its secrets only in the editor, with one entry', async () => {
      const product = aProduct({ title: 'Zirconia Crowns Handbook', author: ['Laila Mansour'], isbn: '978-1', createdAt: undefined });
      // Asked first, so a cache has something to forget.
      expect(await s.catalog.findById(product._id)).toBeUndefined();
      expect((await s.catalog.search('zirconia', page)).total).toBe(0);
      const actor = by();
      const { entries } = await audited(() => s.editor.create({ ...product, createdAt: actor.at.toISOString() }, actor));

      const { producturl, downloadpass, ...shown } = { ...product, createdAt: actor.at.toISOString() };
      expect(await s.catalog.findById(product._id)).toEqual(shown);
      expect(JSON.stringify(await s.catalog.findById(product._id))).not.toMatch(/producturl|downloadpass|secret-/);
      expect(ids((await s.catalog.list({}, page)).slice(0, 1))).toEqual([product._id]);
      expect(ids((await s.catalog.search('zirconia', page)).items)).toEqual([product._id]);
      expect(ids((await s.catalog.search('mansour', page)).items)).toEqual([product._id]);

      const forEditing = await editable(product._id);
      expect(forEditing).toEqual({ ...shown, producturl, downloadpass, deleted: false, keepEgpPrice: false, version: 0 });
      expect(entries).toEqual([
        { at: actor.at.toISOString(), actorId: admin.id, actorName: 'Owner', action: 'product-created', subject: product._id, after: snapshotOf(forEditing) },
      ]);
      expect(snapshotOf(forEditing)).toMatchObject({ _id: product._id, title: 'Zirconia Crowns Handbook', price: '19.99', producturl });
      expect(await s.editor.forEditing(nextId())).toBeUndefined();
    });

    it('refuses a product whose id is taken, and leaves no entry', async () => {
      const product = await created(aProduct());
      const { entries } = await audited(async () => {
        await expect(s.editor.create(aProduct({ _id: product._id, title: 'Another' }), by())).rejects.toThrow();
      });
      expect(entries).toEqual([]);
      expect((await s.catalog.findById(product._id))?.title).toBe(product.title);
    });

    it('updates every field but the id and date, search included, with the product before and after', async () => {
      const product = await created(aProduct({ title: 'Bleaching Basics', author: ['Omar Said'], isbn: '111' }));
      expect((await s.catalog.findById(product._id))?.title).toBe('Bleaching Basics');
      const before = await editable(product._id);
      const changed = aProduct({
        title: 'Vital Tooth Whitening',
        author: ['Salma Nour', 'Karim Fathy'],
        price: usd(4550),
        egpprice: egp(210_000),
        category: 'courses',
        subcategory: [],
        duration: '3h',
        producturl: 'https://downloads.example.com/whitening.zip',
        downloadpass: 'new-pass',
      });
      const actor = by();
      const { result, entries } = await audited(() => s.editor.update(product._id, fieldsOf(changed), actor));
      expect(result).toBe('updated');

      const after = await editable(product._id);
      const { producturl, downloadpass, ...shown } = { ...changed, _id: product._id, createdAt: before.createdAt };
      expect(after).toEqual({ ...shown, producturl, downloadpass, deleted: false, keepEgpPrice: false, version: before.version + 1 });
      expect(after.isbn).toBeUndefined();
      expect(await s.catalog.findById(product._id)).toEqual(shown);
      expect(ids((await s.catalog.search('whitening', page)).items)).toEqual([product._id]);
      expect(ids((await s.catalog.search('fathy', page)).items)).toEqual([product._id]);
      expect((await s.catalog.search('bleaching', page)).total).toBe(0);
      expect(entries).toEqual([
        { at: actor.at.toISOString(), actorId: admin.id, actorName: 'Owner', action: 'product-updated', subject: product._id, before: snapshotOf(before), after: snapshotOf(after) },
      ]);
    });

    it('keeps, changes and clears the Arabic title and description, search included', async () => {
      const product = await created(aProduct({ title: 'Dental Anatomy', arabicTitle: 'تشريح الأسنان', arabicDescription: 'أطلس مصور.' }));
      expect(await editable(product._id)).toMatchObject({ arabicTitle: 'تشريح الأسنان', arabicDescription: 'أطلس مصور.' });
      expect(ids((await s.catalog.search('تشريح', page)).items)).toEqual([product._id]);

      await s.editor.update(product._id, fieldsOf({ ...product, arabicTitle: 'علم تشريح الأسنان' }), by());
      expect((await s.catalog.findById(product._id))?.arabicTitle).toBe('علم تشريح الأسنان');
      expect(ids((await s.catalog.search('علم', page)).items)).toEqual([product._id]);

      const { arabicTitle: _t, arabicDescription: _d, ...english } = product;
      await s.editor.update(product._id, fieldsOf(english), by());
      const after = await editable(product._id);
      expect(after).not.toHaveProperty('arabicTitle');
      expect(after).not.toHaveProperty('arabicDescription');
      expect((await s.catalog.search('تشريح', page)).total).toBe(0);
    });

    it('answers missing for an update of no product, and leaves no entry', async () => {
      const { result, entries } = await audited(() => s.editor.update(nextId(), fieldsOf(aProduct()), by()));
      expect([result, entries]).toEqual(['missing', []]);
    });

    it('removes a product from listings, search and carts, while its orders keep its download', async () => {
      const product = await created(aProduct({ title: 'Gingival Grafting Atlas' }));
      await s.carts.add(shopper, product._id);
      const order = await s.orders.add({
        id: nextId(),
        userId: shopper,
        buyerName: 'Hana Adel',
        buyerEmail: 'hana@mail.test',
        method: 'paypal',
        paymentMethod: 'paypal',
        currency: 'USD',
        total: product.price,
        lines: [{ productId: product._id, title: product.title, price: product.price }],
        createdAt: new Date(Date.UTC(2026, 0, 1)).toISOString(),
      });
      expect(await s.catalog.findById(product._id)).toBeDefined();
      const total = await s.catalog.count({});
      expect(await s.carts.contains(shopper, product._id)).toBe(true);
      const before = await editable(product._id);

      const actor = by();
      const { result, entries } = await audited(() => s.editor.remove(product._id, actor));
      expect(result).toBe('removed');
      expect(await s.catalog.findById(product._id)).toBeUndefined();
      expect(ids(await s.catalog.list({}, page))).not.toContain(product._id);
      expect(await s.catalog.count({})).toBe(total - 1);
      expect((await s.catalog.search('grafting', page)).total).toBe(0);
      expect(await s.carts.contains(shopper, product._id)).toBe(false);
      expect(ids(await s.carts.products(shopper))).not.toContain(product._id);
      expect(await s.orders.secretsOf(order.id, product._id)).toEqual({ producturl: product.producturl, downloadpass: product.downloadpass });

      const after = await editable(product._id);
      expect(after).toEqual({ ...before, deleted: true, version: before.version + 1 });
      expect(entries).toEqual([
        { at: actor.at.toISOString(), actorId: admin.id, actorName: 'Owner', action: 'product-deleted', subject: product._id, before: snapshotOf(before), after: snapshotOf(after) },
      ]);

      const again = await audited(() => s.editor.remove(product._id, by()));
      expect([again.result, again.entries]).toEqual(['unchanged', []]);
      const missing = await audited(() => s.editor.remove(nextId(), by()));
      expect([missing.result, missing.entries]).toEqual(['missing', []]);
    });

    it('keeps a deleted product deleted through an update', async () => {
      const product = await created(aProduct());
      await s.editor.remove(product._id, by());
      expect(await s.editor.update(product._id, fieldsOf(aProduct({ title: 'Edited while deleted' })), by())).toBe('updated');
      expect(await editable(product._id)).toMatchObject({ title: 'Edited while deleted', deleted: true });
      expect(await s.catalog.findById(product._id)).toBeUndefined();
    });

    it('recreates a deleted product, listed as the newest, back in the carts that held it', async () => {
      const product = await created(aProduct({ title: 'Sinus Lift Techniques' }));
      await s.carts.add(shopper, product._id);
      await s.editor.remove(product._id, by());
      expect(await s.catalog.findById(product._id)).toBeUndefined();
      const before = await editable(product._id);

      const actor = by();
      const { result, entries } = await audited(() => s.editor.recreate(product._id, actor));
      expect(result).toBe('recreated');
      const after = await editable(product._id);
      expect(after).toEqual({ ...before, deleted: false, createdAt: actor.at.toISOString(), version: before.version + 1 });
      expect(await s.catalog.findById(product._id)).toMatchObject({ title: 'Sinus Lift Techniques', createdAt: actor.at.toISOString() });
      expect(ids(await s.catalog.list({}, { page: 1, limit: 1 }))).toEqual([product._id]);
      expect(ids((await s.catalog.search('sinus lift', page)).items)).toEqual([product._id]);
      expect(await s.carts.contains(shopper, product._id)).toBe(true);
      expect(entries).toEqual([
        { at: actor.at.toISOString(), actorId: admin.id, actorName: 'Owner', action: 'product-recreated', subject: product._id, before: snapshotOf(before), after: snapshotOf(after) },
      ]);

      const again = await audited(() => s.editor.recreate(product._id, by()));
      expect([again.result, again.entries]).toEqual(['not-deleted', []]);
      const missing = await audited(() => s.editor.recreate(nextId(), by()));
      expect([missing.result, missing.entries]).toEqual(['missing', []]);
    });

    it('reprices every product to whole pounds as egpPriceAt does, deleted ones too, in one entry', async () => {
      // The cheapest priced product here stays above 0 EGP at every rate below (50 cents at 1.0001
      // is 1.00005 pounds, kept as 1): a rate that makes one free is refused (next test).
      const cents = [0, 50, 99, 1999, 2599, 12_345, 10_000_000];
      const products = cents.map((c) => aProduct({ price: usd(c), egpprice: c === 0 ? egp(0) : egp(123) }));
      for (const product of products) await created(product);
      const deleted = await created(aProduct({ price: usd(1999) }));
      await s.editor.remove(deleted._id, by());
      await s.catalog.findById(products[3]._id);

      for (const text of ['48.5', '50', '49.9999', '1.0001', '200', '47.3456']) {
        const rate = rateOf(text);
        const actor = by();
        const { result, entries } = await audited(() => s.editor.repriceEgp(rate, actor));
        expect(result).toEqual({ kind: 'repriced', updated: await s.catalog.count({}) });
        for (const product of [...products, deleted])
          expect([text, product.price.minor, (await editable(product._id)).egpprice]).toEqual([text, product.price.minor, egpPriceAt(product.price, rate)]);
        expect((await s.catalog.findById(products[3]._id))?.egpprice).toEqual(egpPriceAt(usd(1999), rate));
        expect(entries).toEqual([
          { at: actor.at.toISOString(), actorId: admin.id, actorName: 'Owner', action: 'egp-prices-updated', detail: { egpPerUsd: text, updated: await s.catalog.count({}) } },
        ]);
      }
      // The sums themselves, so the adapters and egpPriceAt cannot agree on a wrong one.
      await s.editor.repriceEgp(rateOf('1.0001'), by());
      expect((await editable(products[1]._id)).egpprice).toEqual(egp(100));
      await s.editor.repriceEgp(rateOf('48.5'), by());
      expect((await editable(products[3]._id)).egpprice).toEqual(egp(97_000));
      expect((await editable(products[0]._id)).egpprice).toEqual(egp(0));
      await s.editor.repriceEgp(rateOf('200'), by());
      expect((await editable(products[6]._id)).egpprice).toEqual(egp(2_000_000_000));
    });

    it('refuses whole, writing nothing, a rate that would make a priced product free in EGP, deleted ones too (DECISIONS 22)', async () => {
      await s.editor.repriceEgp(rateOf('50'), by());
      // Half a pound rounds up to 1 at 50 pounds per dollar, down to 0 just below.
      const tiny = ['Tiny D', 'Tiny B', 'Tiny A', 'Tiny C'].map((title) => aProduct({ title, price: usd(1), egpprice: egp(100) }));
      for (const product of tiny) await created(product);
      const atlas = await created(aProduct({ title: 'Atlas at an old rate', price: usd(1999), egpprice: egp(12_345) }));
      await s.editor.remove(tiny[2]._id, by());
      const before = await Promise.all(tiny.map((p) => editable(p._id)));
      await s.catalog.findById(tiny[0]._id);

      const { result, entries } = await audited(() => s.editor.repriceEgp(rateOf('49.9999'), by()));
      expect(result).toEqual({ kind: 'would-give-away', count: 4, titles: ['Tiny A', 'Tiny B', 'Tiny C'] });
      expect(entries).toEqual([]);
      expect(await Promise.all(tiny.map((p) => editable(p._id)))).toEqual(before);
      expect((await s.catalog.findById(tiny[0]._id))?.egpprice).toEqual(egp(100));
      // No other product was repriced either: all or nothing.
      expect((await editable(atlas._id)).egpprice).toEqual(egp(12_345));

      expect(await s.editor.repriceEgp(rateOf('50'), by())).toEqual({ kind: 'repriced', updated: await s.catalog.count({}) });
      // Priced like the rest again, so later repricing at any rate above is not refused for them.
      for (const product of tiny) await s.editor.update(product._id, { ...fieldsOf(product), price: usd(1999), egpprice: egp(99_900) }, by());
    });

    it('leaves a product written since the version an update was made from as it is, with no entry (issue 21)', async () => {
      const product = await created(aProduct({ title: 'Two Admins' }));
      const loaded = await editable(product._id);
      expect(await s.editor.update(product._id, fieldsOf({ ...product, title: 'First' }), by(), loaded.version)).toBe('updated');
      const { result, entries } = await audited(() => s.editor.update(product._id, fieldsOf({ ...product, title: 'Second' }), by(), loaded.version));
      expect([result, entries]).toEqual(['stale', []]);
      expect(await editable(product._id)).toMatchObject({ title: 'First', version: loaded.version + 1 });
      expect(await s.editor.update(product._id, fieldsOf({ ...product, title: 'Spec caller' }), by())).toBe('updated');
      expect((await editable(product._id)).title).toBe('Spec caller');
    });

    it('keeps a kept EGP price through the reprice, and previews the reprice without writing (issue 21)', async () => {
      const kept = await created(aProduct({ title: 'Kept by hand', price: usd(1000), egpprice: egp(150_000), keepEgpPrice: true }));
      const moving = await created(aProduct({ title: 'Moves with the rate', price: usd(1000), egpprice: egp(1_000) }));
      const rate = rateOf('48.5');
      const before = await editable(moving._id);
      const count = await s.audit.count();
      const preview = await s.editor.previewReprice(rate, 100);
      expect(await s.audit.count()).toBe(count);
      expect(await editable(moving._id)).toEqual(before);
      const onSale = await s.catalog.count({});
      const keptOnSale = (await Promise.all((await s.catalog.list({}, { page: 1, limit: 50 })).map((p) => editable(p._id)))).filter((p) => p.keepEgpPrice).length;
      expect([preview.products, preview.kept]).toEqual([onSale - keptOnSale, keptOnSale]);
      expect(preview.examples).toContainEqual({ _id: moving._id, title: moving.title, price: usd(1000), before: egp(1_000), after: egpPriceAt(usd(1000), rate) });
      expect(preview.examples.map((e) => e._id)).not.toContain(kept._id);
      expect(preview.examples.every((e) => e.before.minor !== e.after.minor)).toBe(true);
      expect((await s.editor.previewReprice(rate, 1)).examples).toHaveLength(1);

      expect(await s.editor.repriceEgp(rate, by())).toEqual({ kind: 'repriced', updated: onSale - keptOnSale });
      expect(await editable(kept._id)).toMatchObject({ egpprice: egp(150_000), keepEgpPrice: true });
      expect((await editable(moving._id)).egpprice).toEqual(egpPriceAt(usd(1000), rate));
    });

    it('moves a product\'s last change with each write that changes it, and lists it only while on sale (issue 22, the sitemap)', async () => {
      const lastChange = async (id: string) => (await s.catalog.listed()).find((p) => p.id === id)?.changedAt;
      const product = await created(aProduct({ title: 'Last Change', price: usd(1000), egpprice: egp(50_000) }));
      expect(await lastChange(product._id)).toBe(product.createdAt);
      let actor = by();
      await s.editor.update(product._id, fieldsOf({ ...product, title: 'Changed' }), actor);
      expect(await lastChange(product._id)).toBe(actor.at.toISOString());
      await s.editor.remove(product._id, by());
      expect(await lastChange(product._id)).toBeUndefined();
      actor = by();
      await s.editor.recreate(product._id, actor);
      expect(await lastChange(product._id)).toBe(actor.at.toISOString());
      // A reprice changes only the products whose price it moves.
      await s.editor.repriceEgp(rateOf('50'), by());
      const restored = await lastChange(product._id);
      await s.editor.repriceEgp(rateOf('50'), by());
      expect(await lastChange(product._id)).toBe(restored);
      actor = by();
      await s.editor.repriceEgp(rateOf('60'), actor);
      expect(await lastChange(product._id)).toBe(actor.at.toISOString());
      await s.editor.repriceEgp(rateOf('50'), by());
      const listed = await s.catalog.listed();
      expect(listed.map((p) => p.id)).toEqual([...listed.map((p) => p.id)].sort());
      expect(listed).toHaveLength(await s.catalog.count({}));
    });

    it('keeps the log newest first, a page at a time', async () => {
      const total = await s.audit.count();
      expect(total).toBeGreaterThan(10);
      const first = await s.audit.recent({ page: 1, limit: 3 });
      const second = await s.audit.recent({ page: 2, limit: 3 });
      const all = await s.audit.recent({ page: 1, limit: 50 });
      expect([...first, ...second]).toEqual(all.slice(0, 6));
      expect(all.map((e) => e.at)).toEqual([...all.map((e) => e.at)].sort().reverse());
      expect(await s.audit.recent({ page: Math.ceil(total / 3) + 1, limit: 3 })).toEqual([]);
    });
  });
