import * as E from 'fp-ts/Either';
import { MemoryCatalog } from '../../adapters/persistence/memory/memory-catalog';
import { MemoryOrders } from '../../adapters/persistence/memory/memory-orders';
import { MemoryProductFiles } from '../../adapters/persistence/memory/memory-product-files';
import { MemoryProductsTable } from '../../adapters/persistence/memory/memory-products-table';
import { MemoryImages } from '../../adapters/storage/memory-images';
import { ConfiguredExchangeRate } from '../../adapters/system/configured-exchange-rate';
import { ImageSizeReader } from '../../adapters/uploads/image-size-reader';
import { LIMITS, ProductDraft } from '../../core/catalog/domain/product-form';
import {
  BAD_CATEGORY,
  BAD_DELETED_FILTER,
  BAD_DIRECTION,
  BAD_SORT_KEY,
  BAD_TYPE,
  SEARCH_TOO_LONG,
  copyTitle,
  productsQueryOf,
} from '../../core/catalog/domain/products-table';
import { BAD_VERSION, EDITED_MEANWHILE, ManageProducts } from '../../core/catalog/use-cases/manage-products';
import { BrowseProductsTable } from '../../core/catalog/use-cases/products-table';
import { ADMINS_ONLY } from '../../core/identity/domain/rights';
import { User } from '../../core/identity/domain/user';
import { PRODUCT_NOT_FOUND, conflict, forbidden, invalid, notFound, unauthorized } from '../../core/shared/errors';
import { egp, usd } from '../../core/shared/money';
import { SEARCH_COUNT_CAP } from '../../core/shared/paging';
import { FixedClock } from '../support/clock';
import { right } from '../support/either';
import { aProduct, nextId } from '../support/products';

const admin: User = { id: nextId(), username: 'Owner', email: 'owner@store.test', role: 'Admin' };
const shopper: User = { id: nextId(), username: 'Hana', email: 'hana@mail.test', role: 'User' };

const setUp = async () => {
  const catalog = new MemoryCatalog();
  const orders = new MemoryOrders((id) => catalog.secretsOf(id));
  const table = new BrowseProductsTable(new MemoryProductsTable(catalog, orders, new MemoryProductFiles(catalog.audit)));
  const manage = new ManageProducts(catalog, new MemoryImages(), new ImageSizeReader(), new ConfiguredExchangeRate('50'), { next: nextId }, new FixedClock());
  const atlas = aProduct({ title: 'Atlas', author: ['Hanan Elsayed'], price: usd(1000), egpprice: egp(150_000) });
  await catalog.addMany([atlas]);
  return { catalog, table, manage, atlas };
};

const draftOf = (title: string, extra: Partial<ProductDraft> = {}): ProductDraft => ({
  title, author: 'Hanan Elsayed', description: 'd', price: '10', egpprice: '1500', size: '1', Pages: '1', ...extra,
});

describe("the products table's query (issue 21)", () => {
  it('is newest first on sale by default, with a search in the search spelling', () => {
    expect(productsQueryOf({})).toEqual({ page: 1, limit: 20, deleted: 'no', sort: 'createdAt', descending: true });
    expect(productsQueryOf({ q: '  ELSAYED ', sort: 'title', category: 'anatomy', type: 'books', deleted: 'all', page: 2, limit: 5 })).toEqual({
      page: 2, limit: 5, text: 'elsayed', sort: 'title', descending: false, category: 'Anatomy', type: 'books', deleted: 'all',
    });
  });

  it.each([
    [{ sort: 'password' }, BAD_SORT_KEY],
    [{ sort: 'sales_count' }, BAD_SORT_KEY],
    [{ dir: 'sideways' }, BAD_DIRECTION],
    [{ type: 'toys' }, BAD_TYPE],
    [{ category: 'Astrology' }, BAD_CATEGORY],
    [{ deleted: 'yes' }, BAD_DELETED_FILTER],
    [{ q: 'x'.repeat(101) }, SEARCH_TOO_LONG],
    [{ page: 0 }, 'page must be a whole number from 1 to 1000000'],
    [{ limit: 500 }, 'limit must be a whole number from 1 to 50'],
  ])('refuses %j with a clear message', (input, message) => {
    expect(productsQueryOf(input)).toEqual(invalid(message));
  });

  it("marks a copy's title within the title's limit", () => {
    expect(copyTitle('Atlas', LIMITS.title)).toBe('Atlas (copy)');
    expect(copyTitle('x'.repeat(LIMITS.title), LIMITS.title)).toHaveLength(LIMITS.title);
  });
});

describe('the products table and its actions, for admins only', () => {
  it('answers an admin, and refuses anyone else', async () => {
    const { table, atlas } = await setUp();
    expect(right(await table.page(admin, { q: 'elsay' })())).toMatchObject({ total: 1, totalPages: 1, items: [{ _id: atlas._id, sales: 0 }] });
    expect(await table.page(undefined, {})()).toEqual(E.left(unauthorized(expect.any(String))));
    expect(await table.page(shopper, {})()).toEqual(E.left(forbidden(ADMINS_ONLY)));
    expect(await table.page(admin, { sort: 'nope' })()).toEqual(E.left(invalid(BAD_SORT_KEY)));
  });

  it('says a search has more matches than it counted past the cap, and counts the whole table exactly', async () => {
    const { catalog, table } = await setUp();
    await catalog.addMany(Array.from({ length: SEARCH_COUNT_CAP + 1 }, (_, i) => aProduct({ title: `Crown ${i}`, author: ['Mona Hassan'] })));
    expect(SEARCH_COUNT_CAP).toBe(100);
    expect(right(await table.page(admin, { q: 'hassan', page: 3 })())).toMatchObject({ total: SEARCH_COUNT_CAP, totalPages: 5, more: true });
    expect(right(await table.page(admin, { q: 'crown 9' })())).toMatchObject({ total: 11, more: false });
    expect(right(await table.page(admin, {})())).toMatchObject({ total: SEARCH_COUNT_CAP + 2, more: false });
  });

  it('duplicates a product as a new one without its download, and refuses anyone else', async () => {
    const { catalog, manage, atlas } = await setUp();
    const id = right(await manage.duplicate(admin, atlas._id)());
    expect(await catalog.forEditing(id)).toMatchObject({ title: 'Atlas (copy)', author: ['Hanan Elsayed'], producturl: '', downloadpass: '', deleted: false, version: 0 });
    expect(await manage.duplicate(admin, nextId())()).toEqual(E.left(notFound(PRODUCT_NOT_FOUND)));
    expect(await manage.duplicate(shopper, atlas._id)()).toEqual(E.left(forbidden(ADMINS_ONLY)));
    expect((await catalog.audit.recent({ page: 1, limit: 1 }))[0]).toMatchObject({ action: 'product-created', subject: id });
  });

  it('previews the reprice, counting a kept price as kept, and changes nothing', async () => {
    const { catalog, manage, atlas } = await setUp();
    right(await manage.update(admin, atlas._id, draftOf('Atlas', { keepEgpPrice: 'true' }))());
    await catalog.addMany([aProduct({ _id: nextId(), title: 'Moves', price: usd(1000), egpprice: egp(40_000) })]);
    const entries = await catalog.audit.count();
    const preview = right(await manage.previewReprice(admin)());
    expect(preview).toMatchObject({ rate: { egpPerUsd: '50' }, products: 1, kept: 1, examples: [{ title: 'Moves', before: egp(40_000), after: egp(50_000) }] });
    expect(await catalog.audit.count()).toBe(entries);
    expect(await manage.previewReprice(shopper)()).toEqual(E.left(forbidden(ADMINS_ONLY)));
    right(await manage.repriceEgp(admin)());
    expect((await catalog.forEditing(atlas._id))?.egpprice).toEqual(egp(150_000));
  });

  it('keeps the kept mark through an update that does not send it (the spec callers)', async () => {
    const { catalog, manage, atlas } = await setUp();
    right(await manage.update(admin, atlas._id, draftOf('Atlas', { keepEgpPrice: 'true' }))());
    right(await manage.update(admin, atlas._id, draftOf('Atlas again'))());
    expect(await catalog.forEditing(atlas._id)).toMatchObject({ title: 'Atlas again', keepEgpPrice: true });
    right(await manage.update(admin, atlas._id, draftOf('Atlas', { keepEgpPrice: 'false' }))());
    expect((await catalog.forEditing(atlas._id))?.keepEgpPrice).toBe(false);
    expect(await manage.update(admin, atlas._id, draftOf('Atlas', { keepEgpPrice: 'maybe' }))()).toEqual(E.left(invalid('Keep this EGP price must be true or false')));
  });

  it('refuses the second save made from one version with a conflict, keeping the first', async () => {
    const { catalog, manage, atlas } = await setUp();
    const { version } = (await catalog.forEditing(atlas._id))!;
    right(await manage.update(admin, atlas._id, draftOf('First'), undefined, version)());
    expect(await manage.update(admin, atlas._id, draftOf('Second'), undefined, version)()).toEqual(E.left(conflict(EDITED_MEANWHILE)));
    expect((await catalog.forEditing(atlas._id))?.title).toBe('First');
    expect(await manage.update(admin, atlas._id, draftOf('Bad'), undefined, -1)()).toEqual(E.left(invalid(BAD_VERSION)));
  });
});
