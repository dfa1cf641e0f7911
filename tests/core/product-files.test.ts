import { MemoryDownloadLog } from '../../adapters/persistence/memory/memory-product-files';
import { MemoryStorage } from '../../adapters/storage/memory-storage';
import { ADMINS_ONLY } from '../../core/identity/domain/rights';
import { User } from '../../core/identity/domain/user';
import {
  DEFAULT_DOWNLOADS_PER_BUYER,
  DOWNLOAD_NOT_FOUND,
  LINE_REFUNDED,
  MAX_PARTIAL_RESPONSES_LOGGED,
  capReached,
  completesDownload,
  isLogged,
  withinCap,
} from '../../core/delivery/domain/downloads';
import {
  ArchiveListing,
  ContentEvidence,
  MAX_ARCHIVE_ENTRIES,
  NOT_AN_EPUB,
  NOT_AN_MP4,
  NOT_A_PDF,
  PROGRAM_NOT_A_DOCUMENT,
  ZIP_BOMB,
  ZIP_TOO_MANY_ENTRIES,
  contentProblem,
} from '../../core/delivery/domain/file-content';
import { FILE_NAME_HAS_PATH, FILE_TOO_LARGE, MAX_PRODUCT_FILE_BYTES, cleanFileName, sizeProblem, unsupportedExtension } from '../../core/delivery/domain/product-file';
import { UploadedFile } from '../../core/delivery/ports/uploaded-file';
import { Downloads } from '../../core/delivery/use-cases/downloads';
import { accountHolder } from '../../core/ordering/domain/order-access';
import { ManageProductFiles } from '../../core/delivery/use-cases/manage-files';
import { forbidden, gone, invalid, notFound, tooLarge } from '../../core/shared/errors';
import { left, right } from '../support/either';
import { SUPPORT, buyer, orderingOnMemory } from '../support/ordering';
import { aProduct, nextId } from '../support/products';

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
const A_PDF = bytes('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');
const AN_EXE = bytes('MZ\x90\x00\x03\x00\x00\x00This program cannot be run in DOS mode');
const evidence = (head: Uint8Array, archive?: ContentEvidence['archive']): ContentEvidence => ({ head, size: 1000, ...(archive ? { archive } : {}) });
const ZIP_HEAD = bytes('PK\x03\x04\x14\x00');

/** An upload as the edge hands it over, from memory. */
const anUpload = (name: string, content: Uint8Array, listing: ArchiveListing | { unreadable: string } = { unreadable: 'not a zip' }, size = content.length): UploadedFile => ({
  name,
  size,
  head: async (n) => content.slice(0, n),
  listing: async () => listing,
  content: () => (async function* () { yield content; })(),
});

describe('product file rules', () => {
  it('cleans the shown name, and refuses a path, a missing or unsupported extension', () => {
    expect(cleanFileName('  Atlas  of   Perio.PDF ')).toEqual({ name: 'Atlas of Perio.PDF', kind: 'pdf' });
    expect(cleanFileName('كتاب.epub')).toEqual({ name: 'كتاب.epub', kind: 'epub' });
    expect(cleanFileName('../../etc/passwd.pdf')).toBe(FILE_NAME_HAS_PATH);
    expect(cleanFileName('C:\\Users\\me\\book.pdf')).toBe(FILE_NAME_HAS_PATH);
    expect(cleanFileName('book.exe')).toBe(unsupportedExtension('book.exe'));
    expect(cleanFileName('book')).toBe(unsupportedExtension('book'));
    // U+202E would show "fdp.exe" as "exe.pdf": the one text rule refuses it.
    expect(cleanFileName('book\u202Efdp.exe')).toEqual(expect.stringContaining('The file name'));
  });

  it('takes files up to 2 GB, in decimal units as the issue writes them: 2.1 GB is refused, and says so', () => {
    expect(sizeProblem(2_000_000_000)).toBeUndefined();
    expect(sizeProblem(2_000_000_001)).toBe(FILE_TOO_LARGE);
    expect(sizeProblem(2_100_000_000)).toBe(FILE_TOO_LARGE);
    expect(FILE_TOO_LARGE).toContain('2 GB');
  });

  it('knows each kind by its content, and an executable is never a document', () => {
    expect(contentProblem('pdf', evidence(A_PDF))).toBeUndefined();
    expect(contentProblem('pdf', evidence(bytes('<html>%PDF-')))).toBe(NOT_A_PDF);
    expect(contentProblem('pdf', evidence(AN_EXE))).toBe(PROGRAM_NOT_A_DOCUMENT);
    expect(contentProblem('pdf', evidence(bytes('\x7fELF\x02\x01')))).toBe(PROGRAM_NOT_A_DOCUMENT);
    expect(contentProblem('mp4', evidence(bytes('\x00\x00\x00\x18ftypmp42')))).toBeUndefined();
    expect(contentProblem('mp4', evidence(A_PDF))).toBe(NOT_AN_MP4);
    const epub = { entries: [{ name: 'mimetype', compressedSize: 20, uncompressedSize: 20 }, { name: 'OEBPS/a.xhtml', compressedSize: 400, uncompressedSize: 1200 }], firstEntryText: 'application/epub+zip' };
    expect(contentProblem('epub', evidence(ZIP_HEAD, epub))).toBeUndefined();
    expect(contentProblem('epub', evidence(ZIP_HEAD, { ...epub, firstEntryText: 'application/zip' }))).toBe(NOT_AN_EPUB);
    expect(contentProblem('epub', evidence(ZIP_HEAD, { entries: [...epub.entries].reverse(), firstEntryText: 'application/epub+zip' }))).toBe(NOT_AN_EPUB);
    expect(contentProblem('zip', evidence(ZIP_HEAD, epub))).toBeUndefined();
  });

  it('refuses a ZIP bomb by its ratio and its total, and an archive of too many entries', () => {
    const bomb = { entries: [{ name: 'zeros', compressedSize: 50_000, uncompressedSize: 50 * 1024 ** 2 }] };
    expect(contentProblem('zip', { head: ZIP_HEAD, size: 50_100, archive: bomb })).toBe(ZIP_BOMB);
    const huge = { entries: Array.from({ length: 9 }, (_, i) => ({ name: `${i}`, compressedSize: 1024 ** 3, uncompressedSize: 1024 ** 3 })) };
    expect(contentProblem('zip', { head: ZIP_HEAD, size: 9 * 1024 ** 3, archive: huge })).toBe(ZIP_BOMB);
    const many = { entries: Array.from({ length: MAX_ARCHIVE_ENTRIES + 1 }, (_, i) => ({ name: `${i}`, compressedSize: 1, uncompressedSize: 1 })) };
    expect(contentProblem('zip', { head: ZIP_HEAD, size: 100_000, archive: many })).toBe(ZIP_TOO_MANY_ENTRIES);
  });

  it('counts a download when the response carrying the last byte wrote all of it, never a cut or middle part', () => {
    const whole = { start: 0, end: 999, fileSize: 1000, bytesSent: 1000, finished: true };
    expect(completesDownload(whole)).toBe(true);
    expect(completesDownload({ ...whole, bytesSent: 600, finished: false })).toBe(false);
    expect(completesDownload({ ...whole, finished: false })).toBe(false);
    expect(completesDownload({ start: 0, end: 499, fileSize: 1000, bytesSent: 500, finished: true })).toBe(false);
    expect(completesDownload({ start: 500, end: 999, fileSize: 1000, bytesSent: 500, finished: true })).toBe(true);
    expect([withinCap(4, 5), withinCap(5, 5)]).toEqual([true, false]);
  });
});

const setUp = async () => {
  const s = orderingOnMemory();
  const files = s.files;
  const log = new MemoryDownloadLog(s.audit);
  const storage = new MemoryStorage();
  const manage = new ManageProductFiles(files, storage, { forEditing: async (id) => { const p = await s.catalog.findById(id); return p && { ...p, producturl: '', downloadpass: '', deleted: false, keepEgpPrice: false, version: 0 }; } }, { next: nextId }, s.clock);
  const downloads = new Downloads(s.orders, files, log, storage, s.clock, { supportAddress: SUPPORT });
  const book = aProduct({ title: 'Atlas', producturl: '', downloadpass: '' });
  await s.catalog.addMany([book]);
  const admin: User = { ...(await s.customer('Owner')), role: 'Admin' };
  const hana = await s.customer('Hana');
  return { ...s, log, storage, manage, downloads, book, admin, hana };
};

describe('the Files section (ManageProductFiles)', () => {
  it('keeps a checked file privately under its ids, and lists it with the downloads per buyer', async () => {
    const { manage, storage, admin, book, audit } = await setUp();
    const file = right(await manage.add(admin, book._id, anUpload(' Atlas 2nd ed.pdf', A_PDF))());
    expect(file).toMatchObject({ name: 'Atlas 2nd ed.pdf', kind: 'pdf', size: A_PDF.length, key: `products/${book._id}/${file.id}.pdf` });
    expect(await storage.stat(file.key)).toMatchObject({ visibility: 'private', contentType: 'application/pdf', size: A_PDF.length });
    expect(right(await manage.list(admin, book._id)())).toEqual({ files: [file], downloadsPerBuyer: DEFAULT_DOWNLOADS_PER_BUYER });
    expect((await audit.recent({ page: 1, limit: 1 }))[0]).toMatchObject({ action: 'product-file-added', subject: book._id });
  });

  it('refuses anyone but an admin, and every bad upload, leaving no row and no file', async () => {
    const { manage, storage, files, admin, hana, book } = await setUp();
    expect(left(await manage.add(hana, book._id, anUpload('a.pdf', A_PDF))())).toEqual(forbidden(ADMINS_ONLY));
    expect(left(await manage.add(admin, book._id, anUpload('a.pdf', AN_EXE))())).toEqual(invalid(PROGRAM_NOT_A_DOCUMENT));
    expect(left(await manage.add(admin, book._id, anUpload('dir/a.pdf', A_PDF))())).toEqual(invalid(FILE_NAME_HAS_PATH));
    expect(left(await manage.add(admin, book._id, anUpload('a.pdf', A_PDF, undefined, MAX_PRODUCT_FILE_BYTES + 1))())).toEqual(tooLarge(FILE_TOO_LARGE));
    expect(left(await manage.add(admin, nextId(), anUpload('a.pdf', A_PDF))()).kind).toBe('not-found');
    expect(await files.ofProduct(book._id)).toEqual([]);
    expect(await storage.stat(`products/${book._id}`)).toBeUndefined();
  });

  it('removes a file and its bytes; sets the downloads per buyer within 1..1000', async () => {
    const { manage, storage, admin, book } = await setUp();
    const file = right(await manage.add(admin, book._id, anUpload('a.pdf', A_PDF))());
    right(await manage.remove(admin, book._id, file.id)());
    expect(await storage.stat(file.key)).toBeUndefined();
    expect(right(await manage.list(admin, book._id)()).files).toEqual([]);
    expect(left(await manage.setDownloadsPerBuyer(admin, book._id, 0)()).kind).toBe('invalid');
    expect(right(await manage.setDownloadsPerBuyer(admin, book._id, 2)())).toBe(2);
    expect(right(await manage.list(admin, book._id)()).downloadsPerBuyer).toBe(2);
  });
});

describe('downloads per buyer (Downloads)', () => {
  const bought = async (s: Awaited<ReturnType<typeof setUp>>) => {
    const { order, reference } = right(await s.checkout.start(s.hana, { productIds: [s.book._id], provider: 'paypal', ...buyer, language: 'en' })());
    s.paypal.approve(reference ?? '');
    return right(await s.confirm.capture(s.hana, { orderId: order.id })()).order;
  };

  it('a product with a file is delivered at payment; its line lists the file with used and limit', async () => {
    const s = await setUp();
    const file = right(await s.manage.add(s.admin, s.book._id, anUpload('a.pdf', A_PDF))());
    const order = await bought(s);
    expect((await s.orders.findById(order.id))?.delivered).toBe(true);
    const library = await s.downloads.library(accountHolder(s.hana));
    expect([...library.values()]).toEqual([{ files: [{ ...file, preparing: false }], used: 0, limit: DEFAULT_DOWNLOADS_PER_BUYER }]);
    // Nobody else's library shows it.
    expect((await s.downloads.library(accountHolder(s.admin))).size).toBe(0);
  });

  it('counts completed downloads only, and refuses past the cap (410 naming the limit and support)', async () => {
    const s = await setUp();
    const file = right(await s.manage.add(s.admin, s.book._id, anUpload('a.pdf', A_PDF))());
    right(await s.manage.setDownloadsPerBuyer(s.admin, s.book._id, 2)());
    const order = await bought(s);
    const size = A_PDF.length;
    const open = async () => right(await s.downloads.open(accountHolder(s.hana), order.id, s.book._id, file.id, '127.0.0.1')());
    await (await open()).served({ start: 0, end: size - 1, fileSize: size, bytesSent: 10, finished: false });
    await (await open()).served({ start: 0, end: 9, fileSize: size, bytesSent: 10, finished: true });
    expect(await s.log.completed(order.id, s.book._id)).toBe(0);
    await (await open()).served({ start: 10, end: size - 1, fileSize: size, bytesSent: size - 10, finished: true });
    await (await open()).served({ start: 0, end: size - 1, fileSize: size, bytesSent: size, finished: true });
    expect(left(await s.downloads.open(accountHolder(s.hana), order.id, s.book._id, file.id, '127.0.0.1')())).toEqual(gone(capReached(2, SUPPORT)));
    expect(left(await s.downloads.ask([accountHolder(s.hana)], order.id, s.book._id, file.id)())).toEqual(gone(capReached(2, SUPPORT)));
    // The admin gives them back; the log keeps all four responses.
    expect(right(await s.downloads.reset(s.admin, order.id, s.book._id)())).toBe(2);
    right(await s.downloads.ask([accountHolder(s.hana)], order.id, s.book._id, file.id)());
    expect(right(await s.downloads.ofOrder(s.admin, order.id)()).downloads.map((d) => [d.completed, d.counted])).toEqual([
      [true, false],
      [true, false],
      [false, true],
      [false, true],
    ]);
  });

  it('logs at most 1000 responses per line that complete nothing, and every completed download after them', async () => {
    const s = await setUp();
    const file = right(await s.manage.add(s.admin, s.book._id, anUpload('a.pdf', A_PDF))());
    const order = await bought(s);
    const size = A_PDF.length;
    const opened = right(await s.downloads.open(accountHolder(s.hana), order.id, s.book._id, file.id, '127.0.0.1')());
    for (let i = 0; i < MAX_PARTIAL_RESPONSES_LOGGED + 5; i++) await opened.served({ start: 0, end: 9, fileSize: size, bytesSent: 10, finished: true });
    expect(await s.log.partials(order.id, s.book._id)).toBe(MAX_PARTIAL_RESPONSES_LOGGED);
    await opened.served({ start: 0, end: size - 1, fileSize: size, bytesSent: size, finished: true });
    expect(await s.log.completed(order.id, s.book._id)).toBe(1);
    expect(isLogged(false, MAX_PARTIAL_RESPONSES_LOGGED - 1)).toBe(true);
    expect(isLogged(false, MAX_PARTIAL_RESPONSES_LOGGED)).toBe(false);
    expect(isLogged(true, MAX_PARTIAL_RESPONSES_LOGGED)).toBe(true);
  });

  it("another buyer's order is 404, a refunded line 410", async () => {
    const s = await setUp();
    const file = right(await s.manage.add(s.admin, s.book._id, anUpload('a.pdf', A_PDF))());
    const order = await bought(s);
    const omar = await s.customer('Omar');
    expect(left(await s.downloads.ask([accountHolder(omar)], order.id, s.book._id, file.id)())).toEqual(notFound(DOWNLOAD_NOT_FOUND));
    right(await s.refunds.refund(s.admin, order.id, [s.book._id])());
    expect(left(await s.downloads.ask([accountHolder(s.hana)], order.id, s.book._id, file.id)())).toEqual(gone(LINE_REFUNDED));
  });

  it('the delivery notice of an order with nothing to download promises no downloads', async () => {
    const s = await setUp();
    const order = await bought(s);
    expect((await s.orders.findById(order.id))?.delivered).toBe(false);
    right(await s.customerOrders.markDelivered(s.admin, order.id)());
    const [notice] = s.orders.queued.filter((q) => q.id === `order-delivered-${order.id}`);
    expect(notice?.mail.text).toContain('Your order is in the Orders section of your profile');
    expect(notice?.mail.text).not.toContain('downloads');
  });
});
