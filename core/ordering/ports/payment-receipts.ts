import { ImageFormat } from '../../catalog/domain/images';
import { Id } from '../../shared/ids';

/** The buyer's proof of a payment made by hand (an InstaPay or wallet transfer): an image, kept privately. */
export interface PaymentReceipt {
  readonly orderId: Id;
  /** Where the receipts' own image storage keeps it: never an address the store serves to the public. */
  readonly address: string;
  readonly format: ImageFormat;
  /** ISO time, from the store's clock. */
  readonly uploadedAt: string;
}

/** The receipts of orders paid by hand: one per order, a new upload replacing the one before. */
export interface PaymentReceipts {
  /** Keeps `receipt` as its order's receipt; answers the one it replaced, whose image is no longer needed. */
  keep(receipt: PaymentReceipt): Promise<PaymentReceipt | undefined>;
  of(orderId: Id): Promise<PaymentReceipt | undefined>;
  /** The receipts of those of `orderIds` that have one (a page of Customer Orders). */
  ofOrders(orderIds: readonly Id[]): Promise<readonly PaymentReceipt[]>;
}
