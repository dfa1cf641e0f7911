import { PaymentReceipt, PaymentReceipts } from '../../core/ordering/ports/payment-receipts';
import { nextId } from '../support/products';

export interface PaymentReceiptsUnderTest {
  readonly receipts: PaymentReceipts;
  /** A pending order, stored (a receipt belongs to an order); its id. */
  anOrder(): Promise<string>;
  close(): Promise<void>;
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 13, minute)).toISOString();
const receiptOf = (orderId: string, minute: number, format: PaymentReceipt['format'] = 'png'): PaymentReceipt => ({
  orderId,
  address: `/uploads/${'ab'.repeat(11)}${String(minute).padStart(2, '0')}.${format}`,
  format,
  uploadedAt: at(minute),
});

/** The receipts of orders paid by hand: the same behaviour on every adapter. */
export const paymentReceiptsContract = (name: string, open: () => Promise<PaymentReceiptsUnderTest>) =>
  describe(`PaymentReceipts contract: ${name}`, () => {
    let s: PaymentReceiptsUnderTest;
    beforeAll(async () => {
      s = await open();
    });
    afterAll(() => s.close());

    it('keeps a receipt for its order, and has none for an order that sent none', async () => {
      const orderId = await s.anOrder();
      expect(await s.receipts.of(orderId)).toBeUndefined();
      expect(await s.receipts.keep(receiptOf(orderId, 1))).toBeUndefined();
      expect(await s.receipts.of(orderId)).toEqual(receiptOf(orderId, 1));
      expect(await s.receipts.of(await s.anOrder())).toBeUndefined();
    });

    it('replaces an order\'s receipt with a new one, answering the one it replaced', async () => {
      const orderId = await s.anOrder();
      await s.receipts.keep(receiptOf(orderId, 2));
      expect(await s.receipts.keep(receiptOf(orderId, 3, 'webp'))).toEqual(receiptOf(orderId, 2));
      expect(await s.receipts.of(orderId)).toEqual(receiptOf(orderId, 3, 'webp'));
    });

    it('answers the receipts of a page of orders, leaving out those without one', async () => {
      const [first, second, without] = [await s.anOrder(), await s.anOrder(), await s.anOrder()];
      await s.receipts.keep(receiptOf(first, 4));
      await s.receipts.keep(receiptOf(second, 5, 'jpg'));
      const found = await s.receipts.ofOrders([first, second, without]);
      expect([...found].sort((a, b) => a.uploadedAt.localeCompare(b.uploadedAt))).toEqual([receiptOf(first, 4), receiptOf(second, 5, 'jpg')]);
      expect(await s.receipts.ofOrders([])).toEqual([]);
    });

    it('keeps no receipt for an order that does not exist', async () => {
      const nobody = nextId();
      await expect(s.receipts.keep(receiptOf(nobody, 6))).rejects.toThrow();
      expect(await s.receipts.of(nobody)).toBeUndefined();
    });
  });
