import { PaymentOutcome } from '../../../core/ordering/ports/payment-gateway';
import { egp } from '../../../core/shared/money';
import { FieldReader } from './hmac';

/**
 * What decides a Paymob transaction's outcome, read the same way from an inquiry (Paymob's
 * authenticated answer: every field) or a notification (its signed fields only, hmac.ts signedOnly).
 */
export interface TransactionFacts {
  readonly transactionId: string;
  readonly paymobOrderId: string;
  readonly merchantOrderId?: string;
  readonly success: boolean;
  readonly pending: boolean;
  readonly voided: boolean;
  readonly refunded: boolean;
  /** A refund, void or capture: a child of another transaction, never a payment of its own. */
  readonly child: boolean;
  /** The payment a child transaction belongs to (authenticated answers only). */
  readonly parentId?: string;
  readonly amountCents: number;
  readonly currency: string;
  /** card, wallet, aggregator (kiosk)... */
  readonly source?: string;
  /** The Paymob order's own amount: read from the inquiry only (the HMAC does not cover it). */
  readonly orderAmountCents?: number;
  /** How much of it was given back: read from Paymob's authenticated answers only. */
  readonly refundedCents?: number;
  readonly message?: string;
}

const flag = (text: string | undefined): boolean | undefined => (text === 'true' ? true : text === 'false' ? false : undefined);
export const cents = (text: string | undefined): number | undefined => {
  if (text === undefined || !/^\d+$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
};
const digits = (text: string | undefined): string | undefined => (text !== undefined && /^\d+$/.test(text) ? text : undefined);

/** The facts of a transaction, or undefined when a field the outcome depends on is missing or malformed. */
export const transactionFacts = (read: FieldReader): TransactionFacts | undefined => {
  const transactionId = digits(read('id'));
  const paymobOrderId = digits(read('order.id'));
  const [success, pending, voided, refunded] = ['success', 'pending', 'is_voided', 'is_refunded'].map((f) => flag(read(f)));
  const amountCents = cents(read('amount_cents'));
  const currency = read('currency');
  const orderAmount = read('order.amount_cents');
  const orderAmountCents = cents(orderAmount);
  if (transactionId === undefined || paymobOrderId === undefined || amountCents === undefined || currency === undefined) return undefined;
  if (success === undefined || pending === undefined || voided === undefined || refunded === undefined) return undefined;
  if (orderAmount !== undefined && orderAmountCents === undefined) return undefined;
  return {
    transactionId,
    paymobOrderId,
    merchantOrderId: read('order.merchant_order_id'),
    success,
    pending,
    voided,
    refunded,
    child: flag(read('has_parent_transaction')) === true,
    parentId: digits(read('parent_transaction')),
    amountCents,
    currency,
    source: read('source_data.type')?.toLowerCase(),
    orderAmountCents,
    refundedCents: cents(read('refunded_amount_cents')),
    message: read('data.message'),
  };
};

/** A refusal in the store's own words, by how the buyer paid (the signed source type). */
const declined = (source: string | undefined): string => {
  if (source === 'card') return 'The card was declined.';
  if (source === 'wallet') return 'The wallet did not approve the payment.';
  if (source === 'aggregator') return 'The kiosk reference was not paid in time.';
  return 'The payment was declined.';
};

/**
 * Paid only for a settled, successful, untouched transaction in EGP for the Paymob order's whole
 * amount; the amount returned is the transaction's, so the store can hold it against its own order.
 */
export const outcomeOf = (t: TransactionFacts): PaymentOutcome => {
  if (t.child) return { kind: 'declined', reason: 'A refund or a void is not a payment.' };
  if (t.voided) return { kind: 'declined', reason: 'The payment was voided at Paymob.' };
  if (t.refunded) return { kind: 'declined', reason: 'The payment was refunded at Paymob.' };
  if (t.pending) return { kind: 'pending', reason: t.source === 'aggregator' ? 'The buyer has not paid at the kiosk yet.' : 'Paymob is still processing the payment.' };
  // A kiosk reference that expired unpaid cannot be paid again: a new checkout makes a new one.
  if (!t.success) return { kind: 'declined', reason: t.message || declined(t.source), retry: t.source !== 'aggregator' };
  if (t.currency !== 'EGP') return { kind: 'declined', reason: `Paymob charged ${t.currency}, not EGP.` };
  if (t.orderAmountCents !== undefined && t.orderAmountCents !== t.amountCents)
    return { kind: 'declined', reason: `Paymob charged ${t.amountCents} piasters for an order of ${t.orderAmountCents}.` };
  return { kind: 'paid', paymentId: t.transactionId, amount: egp(t.amountCents) };
};
