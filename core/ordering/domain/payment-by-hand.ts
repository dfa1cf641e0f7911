import { Id } from '../../shared/ids';
import { MethodName } from '../ports/payment-gateway';
import { Order } from './order';

/**
 * A payment made by hand (issue 18, item 4): the buyer transfers the money away from the store
 * (InstaPay, wallet to wallet), sends a picture of the receipt, and the admin's approval is the
 * settlement. The core knows it by its method, whichever registered provider offers it.
 */
export const BY_HAND: MethodName = 'transfer';

/** The payment id an approval settles the order with: one per order, so one approval pays once. */
export const approvedPaymentId = (orderId: Id): string => `transfer:${orderId}`;

export const NOT_PAID_BY_HAND = 'This order is not paid by transfer';
export const NOT_WAITING = 'This order is no longer waiting for its transfer';
export const NO_RECEIPT = 'No receipt was sent for this order';
export const REASON_NEEDED = 'Say why the transfer is rejected';
export const REASON_MAX = 500;
export const REASON_TOO_LONG = `The reason must be at most ${REASON_MAX} characters`;

export const isPaidByHand = (order: Pick<Order, 'paymentMethod'>): boolean => order.paymentMethod === BY_HAND;

/** Whether the order still waits for its transfer: a receipt may be sent, the admin may decide. */
export const awaitsTransfer = (order: Pick<Order, 'paymentMethod' | 'status'>): boolean => isPaidByHand(order) && order.status === 'pending';

/** The reason a buyer reads in the rejection letter: said, on a few lines at most. */
export const rejectionReasonOf = (text: string): string | undefined => {
  const reason = text.trim();
  return reason.length > 0 && reason.length <= REASON_MAX ? reason : undefined;
};
