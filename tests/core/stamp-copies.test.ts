import { MemoryStampedCopies } from '../../adapters/persistence/memory/memory-stamped-copies';
import { samplePdf } from '../../adapters/persistence/seed/sample-files';
import { FileStamper } from '../../adapters/stamping/stamper';
import { MemoryStorage } from '../../adapters/storage/memory-storage';
import { MAX_STAMPED_BYTES, TOO_LARGE_TO_STAMP, stampedCopyKey } from '../../core/delivery/domain/stamped-copy';
import { ProductFile, productFileKey } from '../../core/delivery/domain/product-file';
import { StampCopies } from '../../core/delivery/use-cases/stamp-copies';
import { MAIL } from '../../core/ordering/domain/confirmation';
import { orderNumber } from '../../core/ordering/domain/order';
import { right } from '../support/either';
import { buyer, orderingOnMemory, STORE_URL, SUPPORT } from '../support/ordering';
import { encryptedPdf } from '../support/pdf-fixtures';
import { readPdf } from '../support/pdf-reading';
import { aProduct, nextId } from '../support/products';

const setUp = async () => {
  const s = orderingOnMemory();
  const storage = new MemoryStorage();
  const copies = new MemoryStampedCopies();
  const stamping = new StampCopies(s.orders, s.files, copies, storage, new FileStamper(), s.work, s.clock, { supportAddress: SUPPORT, storeUrl: STORE_URL });
  const book = aProduct({ title: 'Atlas', producturl: '', downloadpass: '' });
  await s.catalog.addMany([book]);
  const hana = await s.customer('Hana');
  const fileOf = async (bytes: Uint8Array, size = bytes.length): Promise<ProductFile> => {
    const id = nextId();
    const file: ProductFile = { id, productId: book._id, name: 'Atlas.pdf', kind: 'pdf', key: productFileKey(book._id, id, 'pdf'), size, uploadedAt: s.clock.now().toISOString() };
    await storage.put(file.key, (async function* () { yield bytes; })(), { contentType: 'application/pdf', visibility: 'private' });
    await s.files.add(file, { at: s.clock.now().toISOString(), actorId: hana.id, actorName: 'Owner', action: 'product-file-added', subject: book._id });
    return file;
  };
  const paidOrder = async () => {
    const { order, reference } = right(await s.checkout.start(hana, { productIds: [book._id], provider: 'paypal', ...buyer, language: 'en' })());
    s.paypal.approve(reference ?? '');
    return right(await s.confirm.capture(hana, { orderId: order.id })()).order;
  };
  const readyMails = (orderId: string) => s.orders.queued.filter((m) => m.id === MAIL.copiesReady(orderId));
  return { ...s, storage, copies, stamping, book, hana, fileOf, paidOrder, readyMails };
};

describe('the stamping job (StampCopies)', () => {
  it('makes the buyer\'s own copy of a paid PDF, with their e-mail and order number in it, and e-mails once', async () => {
    const s = await setUp();
    const file = await s.fileOf(await samplePdf({ title: 'Atlas', author: 'Nabil' }));
    const order = await s.paidOrder();

    expect(await s.stamping.run(order.id)).toEqual({ made: 1, unstamped: 0, mailed: true });
    const key = stampedCopyKey(order.id, file);
    expect(await s.copies.ofOrders([order.id])).toEqual([{ orderId: order.id, fileId: file.id, key, madeAt: s.clock.now().toISOString() }]);
    const stored = (await s.storage.read(key))!;
    const parts: Uint8Array[] = [];
    for await (const part of stored.body) parts.push(part);
    const pdf = await readPdf(new Uint8Array(Buffer.concat(parts)));
    for (const page of pdf.pages) expect(page.text).toContain(`Licensed to ${buyer.email} - order ${orderNumber(order.id)}`);
    expect(s.readyMails(order.id)).toHaveLength(1);
    expect(s.readyMails(order.id)[0].mail).toMatchObject({ to: buyer.email, subject: expect.stringContaining('are ready') });

    // Run again (a job retried, or a download asking): the same copy, still one e-mail.
    expect(await s.stamping.run(order.id)).toEqual({ made: 0, unstamped: 0, mailed: true });
    expect(await s.copies.ofOrders([order.id])).toHaveLength(1);
    expect(s.readyMails(order.id)).toHaveLength(1);
  });

  it('delivers a protected PDF, or one too large to stamp, as uploaded, and says why', async () => {
    const s = await setUp();
    const locked = await s.fileOf(await encryptedPdf());
    const huge = await s.fileOf(await samplePdf({ title: 'Atlas', author: 'Nabil' }), MAX_STAMPED_BYTES + 1);
    const order = await s.paidOrder();
    expect(await s.stamping.run(order.id)).toEqual({ made: 0, unstamped: 2, mailed: true });
    const copies = await s.copies.ofOrders([order.id]);
    expect(copies.find((c) => c.fileId === huge.id)).toMatchObject({ note: TOO_LARGE_TO_STAMP });
    expect(copies.find((c) => c.fileId === locked.id)?.note).toMatch(/protect|encrypt/i);
    expect(copies.every((c) => c.key === undefined)).toBe(true);
  });

  it('does nothing for an unpaid order, an unknown one, or one without PDFs or EPUBs', async () => {
    const s = await setUp();
    await s.fileOf(await samplePdf({ title: 'Atlas', author: 'Nabil' }));
    const { order } = right(await s.checkout.start(s.hana, { productIds: [s.book._id], provider: 'paypal', ...buyer, language: 'en' })());
    expect(await s.stamping.run(order.id)).toEqual({ made: 0, unstamped: 0, mailed: false });
    expect(await s.stamping.run(nextId())).toEqual({ made: 0, unstamped: 0, mailed: false });
    expect(s.readyMails(order.id)).toEqual([]);
  });

  it('fails the run, to be tried again, when a file\'s bytes are missing from the storage', async () => {
    const s = await setUp();
    const file = await s.fileOf(await samplePdf({ title: 'Atlas', author: 'Nabil' }));
    await s.storage.remove(file.key);
    const order = await s.paidOrder();
    await expect(s.stamping.run(order.id)).rejects.toThrow(/missing/);
    expect(await s.copies.ofOrders([order.id])).toEqual([]);
    expect(s.readyMails(order.id)).toEqual([]);
  });
});
