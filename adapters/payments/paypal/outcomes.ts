import { PaymentOutcome } from '../../../core/ordering/ports/payment-gateway';
import { issueOf, linkOf, moneyOf, readRecord } from './wire';

/**
 * PayPal's answers as the port's outcomes. PayPal is trusted for what it says of an order only when
 * it said it over the authenticated API; the amount is reported as PayPal captured it, and the
 * store compares it with its own order before it counts anything as paid.
 */

const captureOf = (order: Record<string, unknown>): Record<string, unknown> | undefined => {
  const units = Array.isArray(order.purchase_units) ? order.purchase_units : [];
  const captures = units.flatMap((u) => {
    const list = readRecord(readRecord(u)?.payments)?.captures;
    return Array.isArray(list) ? list.map(readRecord).filter((c) => c !== undefined) : [];
  });
  // One capture per order with intent CAPTURE; should PayPal ever list more, a completed one is what paid.
  return captures.find((c) => c.status === 'COMPLETED') ?? captures[captures.length - 1];
};

const ofCapture = (capture: Record<string, unknown>): PaymentOutcome => {
  const status = String(capture.status);
  switch (status) {
    case 'COMPLETED':
    case 'PARTIALLY_REFUNDED': {
      const amount = moneyOf(capture.amount);
      if (typeof capture.id !== 'string' || !amount) return { kind: 'pending', reason: 'PayPal reported a capture the store cannot read' };
      return { kind: 'paid', paymentId: capture.id, amount };
    }
    case 'DECLINED':
    case 'FAILED':
      return { kind: 'declined', reason: `The payment was declined (capture ${status})`, retry: true };
    case 'REFUNDED':
      return { kind: 'declined', reason: 'refunded' };
    default: {
      const why = readRecord(capture.status_details)?.reason;
      return { kind: 'pending', reason: `The capture is ${status}${typeof why === 'string' ? ` (${why})` : ''}` };
    }
  }
};

/** An order as PayPal returns it from capture or from reading it. */
export const outcomeOfOrder = (body: unknown): PaymentOutcome => {
  const order = readRecord(body);
  if (!order) return { kind: 'unavailable', reason: 'PayPal answered something that is not an order' };
  const capture = captureOf(order);
  if (capture) return ofCapture(capture);
  switch (order.status) {
    case 'VOIDED':
      return { kind: 'declined', reason: 'The PayPal order was voided' };
    case 'PAYER_ACTION_REQUIRED':
      return { kind: 'pending', reason: 'The buyer must finish a step at PayPal', redirectUrl: linkOf(order, 'payer-action') };
    default:
      return { kind: 'pending', reason: `The PayPal order is ${String(order.status)}` };
  }
};

/**
 * A 4xx from capture. `readOrder` asks PayPal for the order when the answer itself does not say how
 * it ended (already captured by an earlier call, or a payer step whose link is on the order).
 */
export const outcomeOfCaptureError = async (status: number, body: unknown, readOrder: () => Promise<PaymentOutcome>): Promise<PaymentOutcome> => {
  const issue = issueOf(body);
  switch (issue) {
    case 'INSTRUMENT_DECLINED':
      return { kind: 'declined', reason: 'The card or account was declined (INSTRUMENT_DECLINED)', retry: true };
    case 'TRANSACTION_REFUSED':
      return { kind: 'declined', reason: 'PayPal refused the payment (TRANSACTION_REFUSED)' };
    case 'ORDER_NOT_APPROVED':
      return { kind: 'pending', reason: 'The buyer has not approved the payment yet' };
    case 'PAYER_ACTION_REQUIRED': {
      const redirectUrl = linkOf(body, 'payer-action');
      return redirectUrl ? { kind: 'pending', reason: 'The buyer must finish a step at PayPal', redirectUrl } : readOrder();
    }
    case 'ORDER_ALREADY_CAPTURED':
      return readOrder();
    default:
      if (status === 404) return { kind: 'declined', reason: 'PayPal has no such order' };
      return { kind: 'unavailable', reason: `PayPal refused the capture (${issue ?? readRecord(body)?.name ?? status})` };
  }
};
