import { Knex } from 'knex';
import { ImageFormat } from '../../core/catalog/domain/images';
import { PaymentReceipt, PaymentReceipts } from '../../core/ordering/ports/payment-receipts';

interface ReceiptRow {
  order_id: string;
  address: string;
  format: ImageFormat;
  uploaded_at: Date | string;
}

const toReceipt = (row: ReceiptRow): PaymentReceipt => ({
  orderId: row.order_id,
  address: row.address,
  format: row.format,
  uploadedAt: new Date(row.uploaded_at).toISOString(),
});

/** Receipts in PostgreSQL: one row per order, replaced in one statement that also answers the row it replaced. */
export class KnexPaymentReceipts implements PaymentReceipts {
  constructor(private readonly db: Knex) {}

  async keep(receipt: PaymentReceipt): Promise<PaymentReceipt | undefined> {
    // The row before the upsert, read in the same statement, so two uploads at once each learn what they replaced.
    const { rows } = await this.db.raw(
      `with before as (select * from payment_receipts where order_id = ? for update),
       kept as (
         insert into payment_receipts (order_id, address, format, uploaded_at) values (?, ?, ?, ?)
         on conflict (order_id) do update set address = excluded.address, format = excluded.format, uploaded_at = excluded.uploaded_at
         returning order_id)
       select before.* from before, kept`,
      [receipt.orderId, receipt.orderId, receipt.address, receipt.format, receipt.uploadedAt],
    );
    const row = (rows as ReceiptRow[])[0];
    return row && toReceipt(row);
  }

  async of(orderId: string): Promise<PaymentReceipt | undefined> {
    const row: ReceiptRow | undefined = await this.db('payment_receipts').where({ order_id: orderId }).first();
    return row && toReceipt(row);
  }

  async ofOrders(orderIds: readonly string[]): Promise<readonly PaymentReceipt[]> {
    if (orderIds.length === 0) return [];
    const rows: ReceiptRow[] = await this.db('payment_receipts').whereIn('order_id', [...orderIds]);
    return rows.map(toReceipt);
  }
}
