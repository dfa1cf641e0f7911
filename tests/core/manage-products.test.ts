import * as E from 'fp-ts/Either';
import { MemoryCatalog } from '../../adapters/persistence/memory/memory-catalog';
import { ConfiguredExchangeRate } from '../../adapters/system/configured-exchange-rate';
import { ImageSizeReader } from '../../adapters/uploads/image-size-reader';
import { MemoryImages } from '../../adapters/storage/memory-images';
import { ProductDraft } from '../../core/catalog/domain/product-form';
import { NOT_AN_IMAGE, TOO_MANY_IMAGES } from '../../core/catalog/domain/images';
import { ManageProducts, NOT_DELETED } from '../../core/catalog/use-cases/manage-products';
import { ImageStorage } from '../../core/catalog/ports/product-editor';
import { ADMINS_ONLY } from '../../core/identity/domain/rights';
import { User } from '../../core/identity/domain/user';
import { PRODUCT_NOT_FOUND, conflict, forbidden, invalid, notFound, unauthorized } from '../../core/shared/errors';
import { FREE_OR_PRICED, repriceWouldGiveAway } from '../../core/catalog/domain/free';
import { egp, usd } from '../../core/shared/money';
import { FixedClock } from '../support/clock';
import { right } from '../support/either';
import { nextId } from '../support/products';

/** A real 1x1 PNG: the reader is the store's own (image-size), no fake. */
const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'));

const admin: User = { id: nextId(), username: 'Owner', email: 'owner@store.test', role: 'Admin' };
const shopper: User = { id: nextId(), username: 'Hana', email: 'hana@mail.test', role: 'User' };

const draft: ProductDraft = {
  title: 'Guided Implant Surgery',
  author: 'Nadia Farouk, Omar Said',
  description: 'Step by step.',
  covers: 'https://img.example.com/cover.jpg',
  price: '25',
  egpprice: '1200',
  category: 'books',
  subcategory: ['Implantology'],
  size: '80',
  Pages: '250',
  Language: 'English',
  format: 'pdf',
  producturl: 'https://files.example.com/implants.pdf',
  downloadpass: 'open-1',
};

const setUp = (ids = { next: nextId }) => {
  const catalog = new MemoryCatalog();
  const images = new MemoryImages();
  const clock = new FixedClock();
  const manage = new ManageProducts(catalog, images, new ImageSizeReader(), new ConfiguredExchangeRate('48.5'), ids, clock);
  return { catalog, images, clock, manage };
};

describe("the admin's Product Management Suite", () => {
  it('creates a product with typed and uploaded covers: on sale at once, its secrets only in the editor, the action in the audit log', async () => {
    const { catalog, images, manage } = setUp();
    const id = right(await manage.create(admin, draft, { covers: [{ name: 'front.png', bytes: PNG }], smallCover: [{ name: 'thumb.png', bytes: PNG }] })());
    const [uploaded, thumb] = images.addresses();
    expect(uploaded).toMatch(/^\/uploads\/[0-9a-f]{24}\.png$/);
    const product = await catalog.findById(id);
    expect(product).toMatchObject({ title: 'Guided Implant Surgery', price: usd(2500), egpprice: egp(120000), covers: ['https://img.example.com/cover.jpg', uploaded], smallCover: [thumb] });
    expect(product).not.toHaveProperty('producturl');
    expect(right(await manage.forEditing(admin, id)())).toMatchObject({ _id: id, producturl: 'https://files.example.com/implants.pdf', downloadpass: 'open-1', deleted: false });
    const [entry] = await catalog.audit.recent({ page: 1, limit: 5 });
    expect(entry).toMatchObject({ action: 'product-created', actorId: admin.id, actorName: 'Owner', subject: id, after: expect.objectContaining({ title: 'Guided Implant Surgery', price: '25.00' }) });
  });

  it('checks the form and every file before keeping anything', async () => {
    const { catalog, images, manage } = setUp();
    const refused = await manage.create(admin, { ...draft, price: 'ten' }, { covers: [{ name: 'front.png', bytes: PNG }], smallCover: [] })();
    expect(E.isLeft(refused) && refused.left.message).toBe('Price (USD) must be a number with at most 2 decimals');
    const text = Uint8Array.from(Buffer.from('just text, named .png'));
    const notImage = await manage.create(admin, draft, { covers: [{ name: 'front.png', bytes: PNG }, { name: 'fake.png', bytes: text }], smallCover: [] })();
    expect(E.isLeft(notImage) && notImage.left.message).toBe(`${NOT_AN_IMAGE} (fake.png)`);
    const many = Array.from({ length: 21 }, (_, i) => ({ name: `${i}.png`, bytes: PNG }));
    expect(await manage.create(admin, draft, { covers: many, smallCover: [] })()).toEqual(E.left({ _tag: 'DomainError', kind: 'invalid', message: TOO_MANY_IMAGES }));
    expect(images.addresses()).toEqual([]);
    expect(await catalog.count({})).toBe(0);
  });

  it('removes the files it kept when the product cannot be written', async () => {
    const taken = nextId();
    const { catalog, images, manage } = setUp({ next: () => taken });
    right(await manage.create(admin, draft)());
    await expect(manage.create(admin, draft, { covers: [{ name: 'front.png', bytes: PNG }], smallCover: [] })()).rejects.toThrow();
    expect(images.addresses()).toEqual([]);
    expect(await catalog.count({})).toBe(1);

    const missing = await manage.update(admin, nextId(), draft, { covers: [{ name: 'front.png', bytes: PNG }], smallCover: [] })();
    expect(missing).toEqual(E.left(notFound(PRODUCT_NOT_FOUND)));
    expect(images.addresses()).toEqual([]);
  });

  it('answers the storage\'s refusal of an image (pixels that do not decode), keeping no file and no product', async () => {
    const { catalog, images } = setUp();
    const damaged = invalid('This image is damaged or incomplete: its pixels cannot be read (cut.png)');
    const refusing: ImageStorage = {
      save: async (image) => (image.name === 'cut.png' ? damaged : images.save(image)),
      remove: (address) => images.remove(address),
      read: (address) => images.read(address),
    };
    const manage = new ManageProducts(catalog, refusing, new ImageSizeReader(), new ConfiguredExchangeRate('48.5'), { next: nextId }, new FixedClock());
    const uploads = { covers: [{ name: 'front.png', bytes: PNG }], smallCover: [{ name: 'cut.png', bytes: PNG }] };
    expect(await manage.create(admin, draft, uploads)()).toEqual(E.left(damaged));
    expect(images.addresses()).toEqual([]);
    expect(await catalog.count({})).toBe(0);
  });

  it('updates, deletes and recreates, each in the audit log with the product before and after', async () => {
    const { catalog, clock, manage } = setUp();
    const id = right(await manage.create(admin, draft)());
    clock.advance(60_000);
    right(await manage.update(admin, id, { ...draft, title: 'Guided Implant Surgery, 2nd edition', price: '30' })());
    expect(await catalog.findById(id)).toMatchObject({ title: 'Guided Implant Surgery, 2nd edition', price: usd(3000) });

    expect(await manage.recreate(admin, id)()).toEqual(E.left(conflict(NOT_DELETED)));
    expect(right(await manage.remove(admin, id)())).toBe('removed');
    expect(await catalog.findById(id)).toBeUndefined();
    expect(right(await manage.forEditing(admin, id)()).deleted).toBe(true);
    expect(right(await manage.remove(admin, id)())).toBe('unchanged');
    clock.advance(60_000);
    right(await manage.recreate(admin, id)());
    expect((await catalog.list({}, { page: 1, limit: 1 }))[0]).toMatchObject({ _id: id, createdAt: clock.now().toISOString() });

    const actions = (await catalog.audit.recent({ page: 1, limit: 10 })).map((e) => e.action);
    expect(actions).toEqual(['product-recreated', 'product-deleted', 'product-updated', 'product-created']);
    const updated = (await catalog.audit.recent({ page: 1, limit: 10 }))[2];
    expect(updated).toMatchObject({ before: expect.objectContaining({ price: '25.00' }), after: expect.objectContaining({ price: '30.00' }) });
  });

  it('reprices every EGP price from the USD price at the configured rate', async () => {
    const { catalog, manage } = setUp();
    const paid = right(await manage.create(admin, { ...draft, price: '19.99' })());
    const free = right(await manage.create(admin, { ...draft, price: '0', egpprice: '0' })());
    const { updated, rate } = right(await manage.repriceEgp(admin)());
    expect([updated, rate.egpPerUsd]).toEqual([2, '48.5']);
    expect((await catalog.findById(paid))?.egpprice).toEqual(egp(97000)); // 969.515 pounds, rounded
    expect((await catalog.findById(free))?.egpprice).toEqual(egp(0));
    expect((await catalog.audit.recent({ page: 1, limit: 1 }))[0]).toMatchObject({ action: 'egp-prices-updated', detail: { egpPerUsd: '48.5', updated: 2 } });
  });

  it('refuses, changing nothing, a reprice that would make a priced product free in EGP, and a form free in one currency only (DECISIONS 22)', async () => {
    const { catalog, manage } = setUp();
    // One cent at 48.5 pounds per dollar is 0.485 pounds: rounded to 0.
    const cent = right(await manage.create(admin, { ...draft, title: 'One-cent sampler', price: '0.01', egpprice: '1' })());
    const count = await catalog.audit.count();
    expect(await manage.repriceEgp(admin)()).toEqual(
      E.left(invalid(repriceWouldGiveAway('48.5', ['One-cent sampler'], 1))),
    );
    expect((await catalog.findById(cent))?.egpprice).toEqual(egp(100));
    expect(await catalog.audit.count()).toBe(count);

    for (const prices of [{ price: '29.99', egpprice: '0' }, { price: '0', egpprice: '1500' }]) {
      expect(await manage.create(admin, { ...draft, ...prices })()).toEqual(E.left(invalid(FREE_OR_PRICED)));
      expect(await manage.update(admin, cent, { ...draft, ...prices })()).toEqual(E.left(invalid(FREE_OR_PRICED)));
    }
    expect(await catalog.count({})).toBe(1);
    expect((await catalog.findById(cent))?.price).toEqual(usd(1));
    expect(await catalog.audit.count()).toBe(count);
  });

  it('answers 404 for an id of any shape', async () => {
    const { manage } = setUp();
    for (const id of ['', '../etc', 'ZZZZZZZZZZZZZZZZZZZZZZZZ', 'x'.repeat(10_000), nextId()]) {
      expect(await manage.forEditing(admin, id)()).toEqual(E.left(notFound(PRODUCT_NOT_FOUND)));
      expect(await manage.remove(admin, id)()).toEqual(E.left(notFound(PRODUCT_NOT_FOUND)));
      expect(await manage.recreate(admin, id)()).toEqual(E.left(notFound(PRODUCT_NOT_FOUND)));
      expect(await manage.update(admin, id, draft)()).toEqual(E.left(notFound(PRODUCT_NOT_FOUND)));
    }
  });

  it('is for admins only: 401 signed out, 403 for a shopper, and nothing changes', async () => {
    const { catalog, images, manage } = setUp();
    const id = right(await manage.create(admin, draft)());
    for (const [user, refusal] of [
      [undefined, unauthorized('Please sign in first')],
      [shopper, forbidden(ADMINS_ONLY)],
    ] as const) {
      expect(await manage.create(user, draft, { covers: [{ name: 'front.png', bytes: PNG }], smallCover: [] })()).toEqual(E.left(refusal));
      expect(await manage.forEditing(user, id)()).toEqual(E.left(refusal));
      expect(await manage.update(user, id, { ...draft, title: 'Changed' })()).toEqual(E.left(refusal));
      expect(await manage.remove(user, id)()).toEqual(E.left(refusal));
      expect(await manage.recreate(user, id)()).toEqual(E.left(refusal));
      expect(await manage.repriceEgp(user)()).toEqual(E.left(refusal));
    }
    expect(await catalog.findById(id)).toMatchObject({ title: 'Guided Implant Surgery', egpprice: egp(120000) });
    expect(images.addresses()).toEqual([]);
    expect(await catalog.audit.count()).toBe(1);
  });
});
