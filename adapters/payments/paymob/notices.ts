import { IncomingNotification, PaymentNotice, RefundNotice } from '../../../core/ordering/ports/payment-gateway';
import { isId } from '../../../core/shared/ids';
import { egp } from '../../../core/shared/money';
import { PaymobApi } from './api';
import { FieldReader, flatFields, hmacMatches, hmacMessage, intentionHmacMessage, nestedFields, signedOnly } from './hmac';
import { field } from './http';
import { Intention } from './intention';
import { cents, outcomeOf, TransactionFacts, transactionFacts } from './outcome';
import { latestPaymentOf, transactionById } from './reads';

export interface NoticeContext {
  readonly hmacSecret: string;
  readonly api: PaymobApi;
  /** The intention of that id, when this process made it (bounded memory: after a restart, none). */
  intention(id: string): Intention | undefined;
}

type Notice = PaymentNotice | RefundNotice;

const digits = (value: unknown): string | undefined =>
  (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) || (typeof value === 'string' && /^\d{1,18}$/.test(value)) ? String(value) : undefined;
const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A refund is told by a signed transaction that says it was refunded, or that is itself a refund (a
 * child). How much was given back is outside the HMAC: it is read from Paymob's authenticated
 * answer about the payment, which must be of the same Paymob order. `claimed` is what the
 * notification says, unsigned: it never sets the amount, but a notification claiming more than
 * Paymob says was refunded (refunds only grow) was altered, and is refused.
 */
const refundNotice = async (signed: TransactionFacts, claimed: number | undefined, api: PaymobApi): Promise<RefundNotice | undefined> => {
  let payment = await transactionById(api, signed.transactionId);
  if (payment.kind === 'found' && payment.facts.child && payment.facts.parentId) payment = await transactionById(api, payment.facts.parentId);
  if (payment.kind !== 'found') return undefined;
  return refundOf(payment.facts, signed.paymobOrderId, claimed);
};

const refundOf = (payment: TransactionFacts, paymobOrderId: string, claimed: number | undefined): RefundNotice | undefined => {
  if (payment.child || !payment.refunded || payment.paymobOrderId !== paymobOrderId) return undefined;
  const soFar = payment.refundedCents;
  if (claimed !== undefined && claimed > (soFar ?? payment.amountCents)) return undefined;
  return { kind: 'refund', paymentId: payment.transactionId, ...(soFar !== undefined ? { refundedSoFar: egp(Math.min(soFar, payment.amountCents)) } : {}) };
};

/**
 * The transaction callback and the browser's way back: the outcome comes from the 20 signed fields
 * alone, and the order from the signed Paymob order id (the store's reference). merchant_order_id
 * is outside the HMAC: passed on as an unsigned claim, which never finds an order.
 */
const transactionNotice = async (read: FieldReader, hmac: string | undefined, context: NoticeContext): Promise<Notice | undefined> => {
  const message = hmacMessage(read);
  if (!message || !hmacMatches(context.hmacSecret, message, hmac)) return undefined;
  const facts = transactionFacts(signedOnly(read));
  if (!facts) return undefined;
  if (facts.child || facts.refunded) return refundNotice(facts, facts.child ? undefined : cents(read('refunded_amount_cents')), context.api);
  const claimed = read('order.merchant_order_id');
  return { reference: facts.paymobOrderId, ...(claimed ? { unsignedOrderId: claimed } : {}), outcome: outcomeOf(facts) };
};

/**
 * The intention ("flash") callback signs the intention's amount and id, nothing else: its
 * `transaction` decides nothing. The outcome is Paymob's own answer (the transaction inquiry) for
 * the intention's order, which must be for the signed amount. The order is the one this process
 * made the intention for; after a restart, the one the callback names, which Paymob's answer must
 * bear out: a callback altered to name another order gets that order's true state, for the
 * store to hold against its own.
 */
const intentionNotice = async (body: Record<string, unknown>, context: NoticeContext): Promise<Notice | undefined> => {
  const intention = body.intention;
  if (!isObject(intention)) return undefined;
  const id = intention.id;
  const amount = field(intention.intention_detail, 'amount');
  if (typeof id !== 'string' || typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 0) return undefined;
  if (!hmacMatches(context.hmacSecret, intentionHmacMessage(amount, id), typeof body.hmac === 'string' ? body.hmac : undefined)) return undefined;

  const known = context.intention(id);
  const claimed = digits(intention.intention_order_id) ?? digits(field(field(body.transaction, 'order'), 'id'));
  if (known && (known.amountCents !== amount || (claimed !== undefined && claimed !== known.paymobOrderId))) return undefined;
  const paymobOrderId = known?.paymobOrderId ?? claimed;
  if (!paymobOrderId) return undefined;
  const read = await latestPaymentOf(context.api, paymobOrderId);
  if (read.kind !== 'found') return undefined;
  const facts = read.facts;
  if (facts.paymobOrderId !== paymobOrderId || facts.orderAmountCents !== amount) return undefined;
  if (known && facts.merchantOrderId !== undefined && facts.merchantOrderId !== known.orderId) return undefined;
  if (facts.refunded) return refundOf(facts, paymobOrderId, cents(digits(field(body.transaction, 'refunded_amount_cents'))));

  // Paymob's authenticated answer names the store's order (the intention's special_reference).
  const orderId = facts.merchantOrderId !== undefined && isId(facts.merchantOrderId) ? facts.merchantOrderId : undefined;
  const claimedOrder = typeof intention.special_reference === 'string' ? intention.special_reference : undefined;
  return {
    reference: paymobOrderId,
    ...(orderId ? { orderId } : {}),
    ...(claimedOrder ? { unsignedOrderId: claimedOrder } : {}),
    outcome: outcomeOf(facts),
  };
};

/** Both callback shapes and the browser's way back; undefined when forged, malformed or not about a payment. */
export const verifyNotice = async (notification: IncomingNotification, context: NoticeContext): Promise<Notice | undefined> => {
  const { rawBody, query } = notification;
  if (rawBody.trim() === '') return query.id !== undefined ? transactionNotice(flatFields(query), query.hmac, context) : undefined;
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return undefined;
  }
  if (!isObject(body)) return undefined;
  if (body.type === 'TRANSACTION') return isObject(body.obj) ? transactionNotice(nestedFields(body.obj), query.hmac, context) : undefined;
  return isObject(body.intention) ? intentionNotice(body, context) : undefined;
};
