import { IncomingNotification, PaymentNotice, PaymentOutcome } from '../../../core/ordering/ports/payment-gateway';
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
    case 'PAYMENT.CAPTURE.REFUNDED':
    case 'PAYMENT.CAPTURE.REVERSED':
      return { kind: 'declined', reason: 'refunded' };
    case 'PAYMENT.CAPTURE.PENDING': {
      const why = readRecord(resource.status_details)?.reason;
      return { kind: 'pending', reason: `PayPal holds the capture${typeof why === 'string' ? ` (${why})` : ''}` };
    }
    default:
      return undefined;
  }
};

/** PayPal's order id for the event: on the capture itself, or (refunds) the capture the resource points up to. */
const referenceOf = (resource: Record<string, unknown>): string | undefined => {
  const orderId = readRecord(readRecord(resource.supplementary_data)?.related_ids)?.order_id;
  if (typeof orderId === 'string') return orderId;
  return linkOf(resource, 'up')?.split('/').pop();
};

/** A webhook delivery as a verified notice, or undefined when it is forged, altered, malformed or not about a capture. */
export const verifyWebhook = async (client: PayPalClient, webhookId: string, notification: IncomingNotification): Promise<PaymentNotice | undefined> => {
  const event = parseObject(notification.rawBody);
  const resource = readRecord(event?.resource);
  if (!event || !resource || typeof event.id !== 'string') return undefined;
  const outcome = outcomeOf(event.event_type, resource);
  const reference = referenceOf(resource);
  if (!outcome || !reference) return undefined;
  if (!(await signedByPayPal(client, webhookId, notification))) return undefined;
  const customId = resource.custom_id;
  return { reference, orderId: typeof customId === 'string' && isId(customId) ? customId : undefined, outcome };
};
