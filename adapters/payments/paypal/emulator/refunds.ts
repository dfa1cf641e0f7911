import { minorOf, readRecord } from '../wire';
import { Issue, paypalError, Reply } from './errors';
import { EmulatedOrder, EmulatedRefund, paypalId, refundResource } from './orders';

/**
 * Refunds of a capture as PayPal's Payments v2 makes them: never more than is left, the capture
 * PARTIALLY_REFUNDED then REFUNDED, and a chargeback (reversal) that takes back what is left and
 * closes the capture to refunds.
 */

const capturedMinor = (order: EmulatedOrder): number => minorOf(order.capture?.amount.value) ?? 0;

const refundedMinor = (order: EmulatedOrder): number => order.refunds.reduce((total, r) => total + r.minor, 0);

/** Why the capture takes no refund of `minor` now, or undefined when it does. */
const refusal = (order: EmulatedOrder, minor: number): Issue | undefined => {
  const status = order.capture?.status;
  if (order.reversed) return 'REFUND_NOT_PERMITTED_DUE_TO_CHARGEBACK';
  if (status === 'REFUNDED') return 'CAPTURE_FULLY_REFUNDED';
  if (status !== 'COMPLETED' && status !== 'PARTIALLY_REFUNDED') return 'REFUND_NOT_ALLOWED';
  if (minor > capturedMinor(order) - refundedMinor(order)) return 'REFUND_AMOUNT_EXCEEDED';
  return undefined;
};

const record = (order: EmulatedOrder, minor: number, reversal: boolean): EmulatedRefund => {
  const now = new Date().toISOString();
  const refund: EmulatedRefund = {
    id: paypalId(),
    status: reversal ? 'COMPLETED' : order.refundAs,
    minor,
    totalMinor: refundedMinor(order) + minor,
    reversal,
    createTime: now,
  };
  order.refunds.push(refund);
  if (order.capture) order.capture = { ...order.capture, status: refund.totalMinor >= capturedMinor(order) ? 'REFUNDED' : 'PARTIALLY_REFUNDED', update_time: now };
  order.updateTime = now;
  return refund;
};

const refuse = (status: 400 | 422, issue: Issue, field?: string, value?: string): { reply: Reply } => ({
  reply: paypalError(status, issue, { field, value, api: 'payments' }),
});

/**
 * `POST /v2/payments/captures/{id}/refund` with `body` (`{ amount? }`; none refunds all that is left).
 * `refund` is set when money went back (or will: a PENDING refund).
 */
export const refundCapture = (order: EmulatedOrder, body: unknown, base: string): { reply: Reply; refund?: EmulatedRefund } => {
  const request = readRecord(body);
  if (!request) return refuse(400, 'MALFORMED_REQUEST_JSON');
  let minor = capturedMinor(order) - refundedMinor(order);
  if (request.amount !== undefined) {
    const amount = readRecord(request.amount);
    if (!amount || typeof amount.currency_code !== 'string' || !/^[A-Z]{3}$/.test(amount.currency_code)) return refuse(400, 'INVALID_PARAMETER_VALUE', '/amount/currency_code');
    if (typeof amount.value !== 'string') return refuse(400, 'MISSING_REQUIRED_PARAMETER', '/amount/value');
    const asked = minorOf(amount.value);
    if (/^\d+\.\d{3,}$/.test(amount.value)) return refuse(422, 'DECIMAL_PRECISION', '/amount/value', amount.value);
    if (asked === undefined) return refuse(400, 'INVALID_PARAMETER_SYNTAX', '/amount/value', amount.value);
    if (asked === 0) return refuse(422, 'CANNOT_BE_ZERO_OR_NEGATIVE', '/amount/value', amount.value);
    if (amount.currency_code !== order.capture?.amount.currency_code) return refuse(422, 'REFUND_CAPTURE_CURRENCY_MISMATCH', '/amount/currency_code', amount.currency_code);
    minor = asked;
  }
  const issue = refusal(order, minor);
  if (issue) return refuse(422, issue);
  const refund = record(order, minor, false);
  return { reply: { status: 201, body: refundResource(order, refund, base) }, refund };
};

/** A refund the merchant makes at PayPal's site (its dashboard), of `value` or all that is left. */
export const refundAtDashboard = (order: EmulatedOrder, value?: string): EmulatedRefund => {
  const minor = value === undefined ? capturedMinor(order) - refundedMinor(order) : minorOf(value);
  if (minor === undefined || minor === 0) throw new Error(`Not an amount to refund: ${value}`);
  const issue = refusal(order, minor);
  if (issue) throw new Error(`PayPal refuses to refund order ${order.id}: ${issue}`);
  return record(order, minor, false);
};

/** The buyer's bank or card takes the payment back (a chargeback): all that is left, and no refund after. */
export const reverse = (order: EmulatedOrder): EmulatedRefund => {
  const left = capturedMinor(order) - refundedMinor(order);
  const issue = left === 0 ? 'CAPTURE_FULLY_REFUNDED' : refusal(order, left);
  if (issue) throw new Error(`Order ${order.id} has nothing to reverse: ${issue}`);
  const refund = record(order, left, true);
  order.reversed = true;
  return refund;
};
