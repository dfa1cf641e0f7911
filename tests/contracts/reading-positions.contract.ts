import { DownloadHolder } from '../../core/delivery/domain/downloads';
import { ReadingPositions } from '../../core/delivery/ports/reading-positions';
import { nextId } from '../support/products';

export interface ReadingPositionsUnderTest {
  positions: ReadingPositions;
  /** An order the database's reference wants, with an account when the holder is one. */
  addOrder(orderId: string, holder: DownloadHolder): Promise<void>;
  close(): Promise<void>;
}

/** What every ReadingPositions adapter keeps and answers: memory, PGlite, PostgreSQL. */
export const readingPositionsContract = (name: string, open: () => Promise<ReadingPositionsUnderTest>) =>
  describe(`ReadingPositions contract: ${name}`, () => {
    let s: ReadingPositionsUnderTest;
    beforeAll(async () => {
      s = await open();
    });
    afterAll(() => s.close());
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 12, minute));

    it('answers nothing before a page is saved, then the last page saved', async () => {
      const [orderId, fileId] = [nextId(), nextId()];
      const holder: DownloadHolder = { kind: 'account', userId: nextId() };
      await s.addOrder(orderId, holder);
      expect(await s.positions.pageOf(holder, orderId, fileId)).toBeUndefined();
      await s.positions.save({ holder, orderId, fileId, page: 12, updatedAt: at(1) });
      await s.positions.save({ holder, orderId, fileId, page: 3, updatedAt: at(2) });
      expect(await s.positions.pageOf(holder, orderId, fileId)).toBe(3);
    });

    it("keeps each holder's and each file's page apart: an account's, a library's, another file's", async () => {
      const [orderId, fileId, other] = [nextId(), nextId(), nextId()];
      const guest: DownloadHolder = { kind: 'library', email: 'hana@mail.test' };
      const account: DownloadHolder = { kind: 'account', userId: nextId() };
      await s.addOrder(orderId, guest);
      await s.addOrder(nextId(), account);
      await s.positions.save({ holder: guest, orderId, fileId, page: 40, updatedAt: at(1) });
      await s.positions.save({ holder: guest, orderId, fileId: other, page: 2, updatedAt: at(1) });
      expect(await s.positions.pageOf(guest, orderId, fileId)).toBe(40);
      expect(await s.positions.pageOf(guest, orderId, other)).toBe(2);
      expect(await s.positions.pageOf(account, orderId, fileId)).toBeUndefined();
      expect(await s.positions.pageOf({ kind: 'library', email: 'omar@mail.test' }, orderId, fileId)).toBeUndefined();
    });
  });
