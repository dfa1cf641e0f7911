import { IncomingNotification, PaymentNotice, PaymentOutcome, RefundNotice } from '../../../core/ordering/ports/payment-gateway';
import { isId } from '../../../core/shared/ids';
import { PayPalClient } from './client';
import { linkOf, moneyOf, readRecord, TRANSMISSION_HEADERS } from './wire';

const header = (headers: IncomingNotification['headers'], name: string): string | undefined => {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return value ? value : undefined;
};

const parseObject = (raw: string): Record<string, unknown> | undefined => {
  try {
    return readRecord(JSON.parse(raw));
  } catch {
    return undefined;
  }
};

/**
 * Asks PayPal whether it signed this delivery. The event goes back as the exact bytes received,
 * spliced into the request rather than parsed and serialised again: PayPal checks a CRC32 of the
 * body, and a re-serialised body (other spacing, escapes or number forms) would fail it.
 */
const signedByPayPal = async (client: PayPalClient, webhookId: string, notification: IncomingNotification): Promise<boolean> => {
  const fields = {
    auth_algo: header(notification.headers, TRANSMISSION_HEADERS.authAlgo),
    cert_url: header(notification.headers, TRANSMISSION_HEADERS.certUrl),
    transmission_id: header(notification.headers, TRANSMISSION_HEADERS.id),
    transmission_sig: header(notification.headers, TRANSMISSION_HEADERS.sig),
    transmission_time: header(notification.headers, TRANSMISSION_HEADERS.time),
    webhook_id: webhookId,
  };
  if (Object.values(fields).some((v) => v === undefined)) return false;
  const json = `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${notification.rawBody}}`;
  const answer = await client.call('POST', '/v1/notifications/verify-webhook-signature', { json });
  return answer.kind === 'answer' && answer.status === 200 && readRecord(answer.body)?.verification_status === 'SUCCESS';
};

const outcomeOf = (eventType: unknown, resource: Record<string, unknown>): PaymentOutcome | undefined => {
  switch (eventType) {
    case 'PAYMENT.CAPTURE.COMPLETED': {
      const amount = moneyOf(resource.amount);
      return typeof resource.id === 'string' && amount ? { kind: 'paid', paymentId: resource.id, amount } : undefined;
    }
    case 'PAYMENT.CAPTURE.DENIED':
    case 'PAYMENT.CAPTURE.DECLINED':
      return { kind: 'declined', reason: `PayPal reported ${eventType}` };
    case 'PAYMENT.CAPTURE.PENDING': {
      const why = readRecord(resource.status_details)?.reason;
      return { kind: 'pending', reason: `PayPal holds the capture${typeof why === 'string' ? ` (${why})` : ''}` };
    }
    default:
      return undefined;
  }
};

/** PayPal's order id for a capture event: in the supplementary data, or the order the capture points up to. */
const referenceOf = (resource: Record<string, unknown>): string | undefined => {
  const orderId = readRecord(readRecord(resource.supplementary_data)?.related_ids)?.order_id;
  if (typeof orderId === 'string') return orderId;
  return linkOf(resource, 'up')?.split('/').pop();
};

const CAPTURE_LINK = /\/v2\/payments\/captures\/([A-Z0-9-]{1,64})$/;

/**
 * PAYMENT.CAPTURE.REFUNDED and REVERSED carry the refund (resource_type 'refund'): its own id, and
 * the capture it gives back only in its `up` link, which is the payment id the order recorded.
 * A refund says all refunded of the capture so far (`total_refunded_amount`; its own amount, a
 * lower bound, should PayPal leave the total out); a reversal (a chargeback) takes the whole back.
 * A refund not COMPLETED has given nothing back yet, and PayPal announces it again when it is.
 */
export const refundNoticeOf = (eventType: unknown, resource: Record<string, unknown>): RefundNotice | undefined => {
  if (eventType !== 'PAYMENT.CAPTURE.REFUNDED' && eventType !== 'PAYMENT.CAPTURE.REVERSED') return undefined;
  const paymentId = CAPTURE_LINK.exec(linkOf(resource, 'up') ?? '')?.[1];
  if (!paymentId || (resource.status !== undefined && resource.status !== 'COMPLETED')) return undefined;
  if (eventType === 'PAYMENT.CAPTURE.REVERSED') return { kind: 'refund', paymentId };
  const refundedSoFar = moneyOf(readRecord(resource.seller_payable_breakdown)?.total_refunded_amount) ?? moneyOf(resource.amount);
  return refundedSoFar ? { kind: 'refund', paymentId, refundedSoFar } : undefined;
};

/** What a webhook event tells the store, before its signature is checked; undefined when nothing. */
export const noticeOfEvent = (event: Record<string, unknown>): PaymentNotice | RefundNotice | undefined => {
  const resource = readRecord(event.resource);
  if (!resource || typeof event.id !== 'string') return undefined;
  const refund = refundNoticeOf(event.event_type, resource);
  if (refund) return refund;
  const outcome = outcomeOf(event.event_type, resource);
  const reference = referenceOf(resource);
  if (!outcome || !reference) return undefined;
  const customId = resource.custom_id;
  return { reference, orderId: typeof customId === 'string' && isId(customId) ? customId : undefined, outcome };
};

/** A webhook delivery as a verified notice, or undefined when it is forged, altered, malformed or not about a capture. */
export const verifyWebhook = async (client: PayPalClient, webhookId: string, notification: IncomingNotification): Promise<PaymentNotice | RefundNotice | undefined> => {
  const event = parseObject(notification.rawBody);
  const notice = event && noticeOfEvent(event);
  if (!notice) return undefined;
  return (await signedByPayPal(client, webhookId, notification)) ? notice : undefined;
};
