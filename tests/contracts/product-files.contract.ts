import { AuditLog } from '../../core/audit/ports';
import { AuditEntry } from '../../core/audit/domain/audit';
import { DEFAULT_DOWNLOADS_PER_BUYER, DownloadEntry } from '../../core/delivery/domain/downloads';
import { ProductFile } from '../../core/delivery/domain/product-file';
import { DownloadLog } from '../../core/delivery/ports/download-log';
import { ProductFiles } from '../../core/delivery/ports/product-files';
import { nextId } from '../support/products';

export interface ProductFilesUnderTest {
  files: ProductFiles;
  log: DownloadLog;
  audit: AuditLog;
  /** A product, an account and an order of it, as the database's references want them. */
  addOrder(orderId: string, userId: string, productIds: readonly string[]): Promise<void>;
  addProduct(productId: string): Promise<void>;
  /** An account that can act (the database checks that an audit entry's actor exists). */
  addUser(id: string): Promise<void>;
  close(): Promise<void>;
}

/** What every ProductFiles and DownloadLog adapter keeps and answers: memory, PGlite, PostgreSQL. */
export const productFilesContract = (name: string, open: () => Promise<ProductFilesUnderTest>) =>
  describe(`ProductFiles and DownloadLog contract: ${name}`, () => {
    let s: ProductFilesUnderTest;
    const actor = { actorId: '', actorName: 'Owner' };
    const entry = (action: AuditEntry['action'], subject: string): AuditEntry => ({ ...actor, at: new Date(Date.UTC(2026, 10, 21, 10)).toISOString(), action, subject });
    const aFile = (productId: string, minute: number, overrides: Partial<ProductFile> = {}): ProductFile => {
      const id = nextId();
      return { id, productId, name: `Atlas ${minute}.pdf`, kind: 'pdf', key: `products/${productId}/${id}.pdf`, size: 3 * 1024 ** 3, uploadedAt: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(), ...overrides };
    };

    beforeAll(async () => {
      s = await open();
      actor.actorId = nextId();
      await s.addUser(actor.actorId);
    });
    afterAll(() => s.close());

    it('keeps files per product, oldest first, with sizes past 2 GiB exact, and each addition audited', async () => {
      const [atlas, course] = [nextId(), nextId()];
      await s.addProduct(atlas);
      await s.addProduct(course);
      const later = aFile(atlas, 5);
      const earlier = aFile(atlas, 1, { name: 'كتاب "one".epub', kind: 'epub' });
      const video = aFile(course, 2, { kind: 'mp4', size: 2 * 1024 ** 3 });
      const before = await s.audit.count();
      for (const file of [later, earlier, video]) await s.files.add(file, entry('product-file-added', file.productId));
      expect(await s.files.ofProduct(atlas)).toEqual([earlier, later]);
      expect(await s.files.ofProducts([course, atlas])).toEqual([earlier, video, later]);
      expect(await s.files.ofProducts([])).toEqual([]);
      expect(await s.files.find(video.id)).toEqual(video);
      expect(await s.files.find(nextId())).toBeUndefined();
      expect(await s.audit.count()).toBe(before + 3);
    });

    it('removes a file once, with its entry; the second time finds nothing and writes nothing', async () => {
      const product = nextId();
      await s.addProduct(product);
      const file = aFile(product, 1);
      await s.files.add(file, entry('product-file-added', product));
      const before = await s.audit.count();
      expect(await s.files.remove(file.id, entry('product-file-removed', product))).toEqual(file);
      expect(await s.files.remove(file.id, entry('product-file-removed', product))).toBeUndefined();
      expect(await s.files.ofProduct(product)).toEqual([]);
      expect(await s.audit.count()).toBe(before + 1);
    });

    it('answers the default downloads per buyer until set, then the set number', async () => {
      const product = nextId();
      await s.addProduct(product);
      expect(await s.files.downloadsPerBuyer(product)).toBe(DEFAULT_DOWNLOADS_PER_BUYER);
      await s.files.setDownloadsPerBuyer(product, 3, entry('downloads-per-buyer-set', product));
      await s.files.setDownloadsPerBuyer(product, 7, entry('downloads-per-buyer-set', product));
      expect(await s.files.downloadsPerBuyer(product)).toBe(7);
    });

    it('logs every response, counts the completed ones per line until a reset, and keeps them all', async () => {
      const [orderId, userId, product, other] = [nextId(), nextId(), nextId(), nextId()];
      await s.addProduct(product);
      await s.addProduct(other);
      await s.addOrder(orderId, userId, [product, other]);
      const at = (minute: number) => new Date(Date.UTC(2026, 1, 1, 0, minute));
      const served = (minute: number, completed: boolean, productId = product): DownloadEntry => ({
        orderId, productId, fileId: nextId(), holder: { kind: 'account', userId }, purpose: 'download', at: at(minute), address: '203.0.113.9', bytes: completed ? 5 * 1024 ** 3 : 100, completed,
      });
      const entries = [served(1, false), served(2, true), served(3, true), served(4, true, other)];
      for (const e of entries) await s.log.record(e);
      expect(await s.log.completed(orderId, product)).toBe(2);
      expect(await s.log.completed(orderId, other)).toBe(1);
      expect([await s.log.partials(orderId, product), await s.log.partials(orderId, other)]).toEqual([1, 0]);
      expect(await s.log.ofOrder(orderId)).toEqual([...entries].reverse().map((e) => ({ ...e, counted: true })));

      const before = await s.audit.count();
      expect(await s.log.reset(orderId, product, entry('downloads-reset', orderId))).toBe(2);
      expect(await s.audit.count()).toBe(before + 1);
      expect(await s.log.completed(orderId, product)).toBe(0);
      expect(await s.log.completed(orderId, other)).toBe(1);
      const after = await s.log.ofOrder(orderId);
      expect(after.map((e) => [e.productId === product, e.completed, e.counted])).toEqual([
        [false, true, true],
        [true, true, false],
        [true, true, false],
        [true, false, true],
      ]);
      await s.log.record(served(5, true));
      expect(await s.log.completed(orderId, product)).toBe(1);
      // A reset stops completed downloads counting; they stay completed, not partial.
      expect(await s.log.partials(orderId, product)).toBe(1);
      expect(await s.log.ofOrder(nextId())).toEqual([]);
    });

    it("keeps who as the account or the guest's address, and counts no read toward the cap, nor resets one", async () => {
      const [orderId, userId, product] = [nextId(), nextId(), nextId()];
      await s.addProduct(product);
      await s.addOrder(orderId, userId, [product]);
      const served = (minute: number, holder: DownloadEntry['holder'], purpose: DownloadEntry['purpose']): DownloadEntry => ({
        orderId, productId: product, fileId: nextId(), holder, purpose, at: new Date(Date.UTC(2026, 1, 2, 0, minute)), address: '198.51.100.4', bytes: 100, completed: true,
      });
      const guest = { kind: 'library', email: 'hana@mail.test' } as const;
      const entries = [served(1, guest, 'download'), served(2, guest, 'read'), served(3, { kind: 'account', userId }, 'read')];
      for (const e of entries) await s.log.record(e);
      expect(await s.log.completed(orderId, product)).toBe(1);
      expect(await s.log.ofOrder(orderId)).toEqual([...entries].reverse().map((e) => ({ ...e, counted: true })));
      expect(await s.log.reset(orderId, product, entry('downloads-reset', orderId))).toBe(1);
      expect((await s.log.ofOrder(orderId)).map((e) => [e.purpose, e.counted])).toEqual([
        ['read', true],
        ['read', true],
        ['download', false],
      ]);
    });
  });
