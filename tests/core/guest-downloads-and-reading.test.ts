import { MemoryDownloadLog } from '../../adapters/persistence/memory/memory-product-files';
import { MemoryReadingPositions } from '../../adapters/persistence/memory/memory-reading-positions';
import { MemoryStorage } from '../../adapters/storage/memory-storage';
import { DOWNLOAD_NOT_FOUND, capReached, downloaderOf, holderKey, mayDownload } from '../../core/delivery/domain/downloads';
import { ONLY_PDF_READS, PAGE_RULE, isPage } from '../../core/delivery/domain/reading';
import { UploadedFile } from '../../core/delivery/ports/uploaded-file';
import { Downloads } from '../../core/delivery/use-cases/downloads';
import { ManageProductFiles } from '../../core/delivery/use-cases/manage-files';
import { Reading } from '../../core/delivery/use-cases/reading';
import { User } from '../../core/identity/domain/user';
import { NOT_SIGNED_IN } from '../../core/identity/domain/user';
import { OrderHolder, accountHolder } from '../../core/ordering/domain/order-access';
import { gone, invalid, notFound, unauthorized } from '../../core/shared/errors';
import { left, right } from '../support/either';
import { SUPPORT, orderingOnMemory } from '../support/ordering';
import { aProduct, free, nextId } from '../support/products';

const guestOrder = { id: 'a1', userId: undefined, buyerEmail: 'hana@mail.test' };
const accountOrder = { id: 'a2', userId: 'u1', buyerEmail: 'hana@mail.test' };

describe('who may download or read (the one rule, built on mayReach)', () => {
  it.each<[string, OrderHolder | undefined, typeof guestOrder | typeof accountOrder, boolean]>([
    ['its account', { kind: 'account', userId: 'u1' }, accountOrder, true],
    ['another account', { kind: 'account', userId: 'u2' }, accountOrder, false],
    ['the library of its address', { kind: 'library', email: 'hana@mail.test' }, guestOrder, true],
    ['the library of another address', { kind: 'library', email: 'omar@mail.test' }, guestOrder, false],
    ['the library of its address, once attached to an account', { kind: 'library', email: 'hana@mail.test' }, accountOrder, false],
    ['the pass of its own checkout (proves no mailbox)', { kind: 'checkout', orderId: 'a1' }, guestOrder, false],
    ['no one', undefined, guestOrder, false],
  ])('%s: %s', (_, holder, order, may) => expect(mayDownload(holder, order)).toBe(may));

  it("picks, of a request's holders, the one whose order it is, and keys each apart", () => {
    const account = { kind: 'account', userId: 'u1' } as const;
    const library = { kind: 'library', email: 'hana@mail.test' } as const;
    expect(downloaderOf([account, library], guestOrder)).toEqual(library);
    expect(downloaderOf([library, account], accountOrder)).toEqual(account);
    expect(downloaderOf([{ kind: 'checkout', orderId: 'a1' }], guestOrder)).toBeUndefined();
    expect([holderKey(account), holderKey(library)]).toEqual(['account:u1', 'library:hana@mail.test']);
  });

  it('a page is a whole number from 1 to 100000', () => {
    expect([1, 250, 100_000].map(isPage)).toEqual([true, true, true]);
    expect([0, -3, 1.5, 100_001, Number.NaN].map(isPage)).toEqual([false, false, false, false, false]);
  });
});

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
const A_PDF = bytes('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');
const anUpload = (name: string, content: Uint8Array): UploadedFile => ({
  name,
  size: content.length,
  head: async (n) => content.slice(0, n),
  listing: async () => ({ unreadable: 'not a zip' }),
  content: () => (async function* () { yield content; })(),
});

const setUp = async () => {
  const s = orderingOnMemory();
  const log = new MemoryDownloadLog(s.audit);
  const storage = new MemoryStorage();
  const manage = new ManageProductFiles(s.files, storage, { forEditing: async (id) => { const p = await s.catalog.findById(id); return p && { ...p, producturl: '', downloadpass: '', deleted: false, keepEgpPrice: false, version: 0 }; } }, { next: nextId }, s.clock);
  const downloads = new Downloads(s.orders, s.files, log, storage, s.clock, { supportAddress: SUPPORT });
  const positions = new MemoryReadingPositions();
  const reading = new Reading(downloads, positions, s.clock);
  const book = free(aProduct({ title: 'Atlas', producturl: '', downloadpass: '' }));
  await s.catalog.addMany([book]);
  const admin: User = { ...(await s.customer('Owner')), role: 'Admin' };
  const pdf = right(await manage.add(admin, book._id, anUpload('Atlas.pdf', A_PDF))());
  const guest = { kind: 'library', email: 'hana@mail.test' } as const;
  const { order } = right(await s.checkout.startAsGuest({ name: 'Hana', email: 'hana@mail.test', provider: 'paypal', address: '10.0.0.1', productIds: [book._id], language: 'en' })());
  return { ...s, log, manage, downloads, reading, positions, book, admin, pdf, guest, order };
};

describe("a guest's library downloads and reads (Downloads, Reading)", () => {
  it("lists the guest order's files for its library, and signs its link for the library", async () => {
    const s = await setUp();
    expect([...(await s.downloads.library(s.guest)).values()]).toEqual([{ files: [{ ...s.pdf, preparing: false }], used: 0, limit: 5 }]);
    expect((await s.downloads.library({ kind: 'library', email: 'omar@mail.test' })).size).toBe(0);
    expect(right(await s.downloads.ask([s.guest], s.order.id, s.book._id, s.pdf.id)())).toMatchObject({ holder: s.guest, file: s.pdf });
    expect(left(await s.downloads.ask([{ kind: 'library', email: 'omar@mail.test' }], s.order.id, s.book._id, s.pdf.id)())).toEqual(notFound(DOWNLOAD_NOT_FOUND));
    expect(left(await s.downloads.ask([{ kind: 'checkout', orderId: s.order.id }], s.order.id, s.book._id, s.pdf.id)())).toEqual(notFound(DOWNLOAD_NOT_FOUND));
    expect(left(await s.downloads.ask([], s.order.id, s.book._id, s.pdf.id)())).toEqual(unauthorized(NOT_SIGNED_IN));
  });

  it("logs the guest's address as who; reading is logged as reading, never counts, and works past the cap", async () => {
    const s = await setUp();
    right(await s.manage.setDownloadsPerBuyer(s.admin, s.book._id, 1)());
    const size = A_PDF.length;
    const whole = { start: 0, end: size - 1, fileSize: size, bytesSent: size, finished: true };
    await right(await s.downloads.open(s.guest, s.order.id, s.book._id, s.pdf.id, '10.0.0.1', 'read')()).served(whole);
    expect(await s.log.completed(s.order.id, s.book._id)).toBe(0);
    await right(await s.downloads.open(s.guest, s.order.id, s.book._id, s.pdf.id, '10.0.0.1')()).served(whole);
    expect(left(await s.downloads.ask([s.guest], s.order.id, s.book._id, s.pdf.id)())).toEqual(gone(capReached(1, SUPPORT)));
    right(await s.downloads.ask([s.guest], s.order.id, s.book._id, s.pdf.id, 'read')());
    expect((await s.log.ofOrder(s.order.id)).map((d) => [d.holder, d.purpose, d.completed])).toEqual([
      [s.guest, 'download', true],
      [s.guest, 'read', true],
    ]);
  });

  it('reopens on the first page, then on the last page kept; refuses a bad page, another holder, and a file not a PDF', async () => {
    const s = await setUp();
    const at = [s.order.id, s.book._id, s.pdf.id] as const;
    expect(right(await s.reading.pageOf([s.guest], ...at)())).toBe(1);
    expect(right(await s.reading.remember([s.guest], ...at, 7)())).toBe(7);
    expect(right(await s.reading.pageOf([s.guest], ...at)())).toBe(7);
    expect(left(await s.reading.remember([s.guest], ...at, 0)())).toEqual(invalid(PAGE_RULE));
    expect(left(await s.reading.remember([s.guest], ...at, 2.5)())).toEqual(invalid(PAGE_RULE));
    const omar = accountHolder(await s.customer('Omar'));
    expect(left(await s.reading.pageOf([omar], ...at)())).toEqual(notFound(DOWNLOAD_NOT_FOUND));
    expect(left(await s.reading.remember([omar], ...at, 3)())).toEqual(notFound(DOWNLOAD_NOT_FOUND));
    expect(await s.positions.pageOf(s.guest, s.order.id, s.pdf.id)).toBe(7);

    const video = right(await s.manage.add(s.admin, s.book._id, anUpload('lecture.mp4', bytes('\x00\x00\x00\x18ftypmp42')))());
    expect(left(await s.reading.pageOf([s.guest], s.order.id, s.book._id, video.id)())).toEqual(invalid(ONLY_PDF_READS));
  });
});
