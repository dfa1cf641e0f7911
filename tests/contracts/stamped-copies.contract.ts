import { StampedCopies } from '../../core/delivery/ports/stamped-copies';
import { nextId } from '../support/products';

export interface StampedCopiesUnderTest {
  copies: StampedCopies;
  /** An order, as the database's reference wants it. */
  addOrder(orderId: string): Promise<void>;
  close(): Promise<void>;
}

/** What every StampedCopies adapter keeps and answers: memory, PGlite, PostgreSQL. */
export const stampedCopiesContract = (name: string, open: () => Promise<StampedCopiesUnderTest>) =>
  describe(`StampedCopies contract: ${name}`, () => {
    let s: StampedCopiesUnderTest;
    beforeAll(async () => {
      s = await open();
    });
    afterAll(() => s.close());
    const at = new Date(Date.UTC(2026, 10, 24, 12)).toISOString();

    it('keeps each order\'s copies, stamped or delivered as uploaded with why, and only those orders\'', async () => {
      const [order, other] = [nextId(), nextId()];
      await s.addOrder(order);
      await s.addOrder(other);
      const [pdf, epub, big] = [nextId(), nextId(), nextId()];
      expect(await s.copies.record({ orderId: order, fileId: pdf, key: `stamped/${order}/${pdf}.pdf`, madeAt: at })).toBe(true);
      expect(await s.copies.record({ orderId: order, fileId: big, note: 'Too large', madeAt: at })).toBe(true);
      expect(await s.copies.record({ orderId: other, fileId: epub, key: `stamped/${other}/${epub}.epub`, madeAt: at })).toBe(true);

      const mine = await s.copies.ofOrders([order]);
      expect(mine).toHaveLength(2);
      expect(mine).toEqual(
        expect.arrayContaining([
          { orderId: order, fileId: pdf, key: `stamped/${order}/${pdf}.pdf`, madeAt: at },
          { orderId: order, fileId: big, note: 'Too large', madeAt: at },
        ]),
      );
      expect(await s.copies.ofOrders([order, other])).toHaveLength(3);
      expect(await s.copies.ofOrders([])).toEqual([]);
    });

    it('keeps the first copy of an order\'s file: a second record (a job run twice) changes nothing', async () => {
      const [order, file] = [nextId(), nextId()];
      await s.addOrder(order);
      expect(await s.copies.record({ orderId: order, fileId: file, key: `stamped/${order}/${file}.pdf`, madeAt: at })).toBe(true);
      expect(await s.copies.record({ orderId: order, fileId: file, note: 'later', madeAt: at })).toBe(false);
      expect(await s.copies.ofOrders([order])).toEqual([{ orderId: order, fileId: file, key: `stamped/${order}/${file}.pdf`, madeAt: at }]);
    });
  });
