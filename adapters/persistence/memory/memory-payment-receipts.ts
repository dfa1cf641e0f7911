import { PaymentReceipt, PaymentReceipts } from '../../../core/ordering/ports/payment-receipts';

/** The in-memory twin of KnexPaymentReceipts; `orderExists` stands for the database's reference to orders. */
export class MemoryPaymentReceipts implements PaymentReceipts {
  private readonly receipts = new Map<string, PaymentReceipt>();

  constructor(private readonly orderExists: (orderId: string) => Promise<boolean> = async () => true) {}

  async keep(receipt: PaymentReceipt): Promise<PaymentReceipt | undefined> {
    if (!(await this.orderExists(receipt.orderId))) throw new Error(`No order ${receipt.orderId} to keep a receipt for`);
    const before = this.receipts.get(receipt.orderId);
    this.receipts.set(receipt.orderId, { ...receipt });
    return before;
  }

  async of(orderId: string): Promise<PaymentReceipt | undefined> {
    return this.receipts.get(orderId);
  }

  async ofOrders(orderIds: readonly string[]): Promise<readonly PaymentReceipt[]> {
    return orderIds.flatMap((id) => this.receipts.get(id) ?? []);
  }
}
