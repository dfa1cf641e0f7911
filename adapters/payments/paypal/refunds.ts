import { createHash } from 'node:crypto';
import { RefundOutcome, RefundRequest } from '../../../core/ordering/ports/payment-gateway';
import { toDecimalString } from '../../../core/shared/money';
import { Answer } from './client';
import { issueOf, readRecord } from './wire';

/**
 * The same refund always sends the same PayPal-Request-Id, so asking again after a time-out gets
 * PayPal's first answer instead of a second refund. Hashed: the store's key may be of any length or
 * alphabet, and a header takes neither.
 */
export const refundRequestId = (refundKey: string): string => `store-refund-${createHash('sha256').update(refundKey).digest('base64url')}`;

/** Always the amount, even for the whole of what is left: a repeat then asks for exactly the same thing. */
export const refundBody = (request: RefundRequest) => ({
  amount: { currency_code: request.amount.currency, value: toDecimalString(request.amount) },
});

/** PayPal's refusals of a refund (Payments v2 errors), in the words the admin reads. */
const REFUSALS: Readonly<Record<string, string>> = {
  INVALID_RESOURCE_ID: 'PayPal has no such payment (capture)',
  REFUND_AMOUNT_EXCEEDED: 'The refund is more than is left of the PayPal payment',
  CAPTURE_FULLY_REFUNDED: 'The PayPal payment is already refunded in full',
  REFUND_NOT_ALLOWED: 'PayPal does not allow refunding this payment',
  PERMISSION_DENIED: "The store's PayPal account may not refund this payment",
  REFUND_TIME_LIMIT_EXCEEDED: 'The payment is too old for PayPal to refund it',
  REFUND_NOT_PERMITTED_DUE_TO_CHARGEBACK: 'The buyer charged the payment back through their bank or card: PayPal refunds nothing more of it',
  TRANSACTION_DISPUTED: 'The buyer opened a dispute at PayPal: settle it there',
  REFUND_FAILED_INSUFFICIENT_FUNDS: "The store's PayPal balance cannot cover the refund",
  REFUND_CAPTURE_CURRENCY_MISMATCH: 'The refund is not in the currency of the payment',
  MAX_NUMBER_OF_REFUNDS_EXCEEDED: 'PayPal takes no more refunds of this payment',
  PARTIAL_REFUND_NOT_ALLOWED: 'PayPal refunds this payment only in full',
};

const refused = (issue: string): RefundOutcome => ({ kind: 'refused', reason: `${REFUSALS[issue] ?? 'PayPal refused the refund'} (${issue})` });

/**
 * PayPal's answer to `POST /v2/payments/captures/{id}/refund` as the port's outcome. A 2xx that the
 * store cannot read may still have refunded: it is `unavailable`, and asking again with the same
 * key reads PayPal's first answer.
 */
export const outcomeOfRefund = (answer: Answer): RefundOutcome => {
  if (answer.kind !== 'answer') return { kind: 'unavailable', reason: answer.reason };
  const body = readRecord(answer.body);
  if (answer.status === 200 || answer.status === 201) {
    if (typeof body?.id !== 'string') return { kind: 'unavailable', reason: 'PayPal answered a refund the store cannot read' };
    // A PENDING refund (an eCheck payment, a balance topping up) completes at PayPal without the store.
    if (body.status === 'COMPLETED' || body.status === 'PENDING') return { kind: 'refunded', refundId: body.id };
    return { kind: 'refused', reason: `PayPal did not complete the refund (${String(body.status)})` };
  }
  // 409: the same PayPal-Request-Id is still being worked on; 429: too many calls. Both pass.
  if (answer.status === 401 || answer.status === 409 || answer.status === 429) return { kind: 'unavailable', reason: `PayPal did not take the refund now (${answer.status})` };
  const issue = issueOf(body);
  if (issue) return refused(issue);
  if (answer.status === 404) return { kind: 'refused', reason: 'PayPal has no such payment (capture)' };
  return { kind: 'refused', reason: `PayPal refused the refund (${String(body?.name ?? answer.status)})` };
};
