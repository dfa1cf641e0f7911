import {
  IncomingNotification,
  PaymentGateway,
  PaymentNotice,
  RefundNotice,
  PaymentOutcome,
  PaymentRequest,
  PaymentStart,
  RefundOutcome,
  RefundRequest,
} from '../../../core/ordering/ports/payment-gateway';
import { Clock, Id } from '../../../core/shared/ids';
import { Money, sum, toDecimalString } from '../../../core/shared/money';
import { PayPalClient } from './client';
import { PayPalConfig } from './config';
import { outcomeOfCaptureError, outcomeOfOrder } from './outcomes';
import { outcomeOfRefund, refundBody, refundRequestId } from './refunds';
import { verifyWebhook } from './webhook';
import { issueOf, readRecord } from './wire';

/** PayPal's order and capture ids are short upper-case codes; anything else never reaches a URL path. */
const PAYPAL_ORDER_ID = /^[A-Z0-9-]{1,64}$/;
const PAYPAL_CAPTURE_ID = PAYPAL_ORDER_ID;
/** PayPal cuts item names at 127 characters and refuses longer ones. */
const NAME_LIMIT = 127;

const amountOf = (m: Money) => ({ currency_code: m.currency, value: toDecimalString(m) });

/**
 * The same store order and operation always send the same PayPal-Request-Id, so a retry after a
 * time-out is answered with the first result instead of making a second order or capture.
 */
export const requestIdFor = (orderId: Id, operation: 'create' | 'capture', reference?: string): string =>
  ['store-order', orderId, operation, reference].filter(Boolean).join('-');

const orderBody = (request: PaymentRequest) => ({
  intent: 'CAPTURE',
  purchase_units: [
    {
      custom_id: request.orderId,
      amount: {
        ...amountOf(request.amount),
        breakdown: { item_total: amountOf(sum(request.items.map((i) => i.price), request.amount.currency)) },
      },
      items: request.items.map((item) => ({
        name: item.name.slice(0, NAME_LIMIT),
        unit_amount: amountOf(item.price),
        quantity: '1',
        category: 'DIGITAL_GOODS',
      })),
    },
  ],
  // Books are downloads: PayPal must not ask the buyer for a delivery address.
  payment_source: { paypal: { experience_context: { shipping_preference: 'NO_SHIPPING' } } },
});

/** The PaymentGateway port over PayPal's REST API, Orders v2 with intent CAPTURE, in USD. */
export class PayPalGateway implements PaymentGateway {
  readonly provider = 'paypal' as const;
  readonly currency = 'USD' as const;
  readonly methods = ['paypal'] as const;
  private readonly client: PayPalClient;

  constructor(
    private readonly config: PayPalConfig,
    clock?: Clock,
  ) {
    this.client = new PayPalClient(config, clock ? () => clock.now().getTime() : Date.now);
  }

  async start(request: PaymentRequest): Promise<PaymentStart> {
    if ([request.amount, ...request.items.map((i) => i.price)].some((m) => m.currency !== this.currency)) {
      return { kind: 'unavailable', reason: `PayPal charges this store in ${this.currency} only` };
    }
    const answer = await this.client.call('POST', '/v2/checkout/orders', {
      json: JSON.stringify(orderBody(request)),
      requestId: requestIdFor(request.orderId, 'create'),
    });
    if (answer.kind !== 'answer') return { kind: 'unavailable', reason: answer.reason };
    const order = readRecord(answer.body);
    if ((answer.status === 200 || answer.status === 201) && typeof order?.id === 'string') return { kind: 'started', reference: order.id, next: { kind: 'buttons' } };
    return { kind: 'unavailable', reason: `PayPal refused the order (${String(issueOf(order) ?? order?.name ?? answer.status)})` };
  }

  async settle(reference: string, orderId: Id): Promise<PaymentOutcome> {
    if (!PAYPAL_ORDER_ID.test(reference)) return { kind: 'declined', reason: 'Not a PayPal order id' };
    const answer = await this.client.call('POST', `/v2/checkout/orders/${reference}/capture`, {
      json: '{}',
      requestId: requestIdFor(orderId, 'capture', reference),
    });
    if (answer.kind !== 'answer') return { kind: 'unavailable', reason: answer.reason };
    if (answer.status === 200 || answer.status === 201) return outcomeOfOrder(answer.body);
    return outcomeOfCaptureError(answer.status, answer.body, () => this.inquire(reference, orderId));
  }

  async inquire(reference: string, _orderId: Id): Promise<PaymentOutcome> {
    if (!PAYPAL_ORDER_ID.test(reference)) return { kind: 'declined', reason: 'Not a PayPal order id' };
    const answer = await this.client.call('GET', `/v2/checkout/orders/${reference}`);
    if (answer.kind !== 'answer') return { kind: 'unavailable', reason: answer.reason };
    if (answer.status === 200) return outcomeOfOrder(answer.body);
    if (answer.status === 404) return { kind: 'declined', reason: 'PayPal has no such order (never made, or expired unapproved)' };
    return { kind: 'unavailable', reason: `PayPal did not show the order (${answer.status})` };
  }

  verify(notification: IncomingNotification): Promise<PaymentNotice | RefundNotice | undefined> {
    return verifyWebhook(this.client, this.config.webhookId, notification);
  }

  /** Refunds the capture (`paymentId`); what the store asks is checked first, then PayPal decides. */
  async refund(request: RefundRequest): Promise<RefundOutcome> {
    if (!PAYPAL_CAPTURE_ID.test(request.paymentId)) return { kind: 'refused', reason: 'Not a PayPal capture id' };
    if (request.amount.currency !== this.currency || request.paid.currency !== this.currency)
      return { kind: 'refused', reason: `PayPal refunds this store in ${this.currency} only` };
    if (request.amount.minor === 0) return { kind: 'refused', reason: 'Nothing to refund' };
    if (request.amount.minor > request.paid.minor) return { kind: 'refused', reason: 'The refund is more than the payment' };
    const answer = await this.client.call('POST', `/v2/payments/captures/${request.paymentId}/refund`, {
      json: JSON.stringify(refundBody(request)),
      requestId: refundRequestId(request.refundKey),
    });
    return outcomeOfRefund(answer);
  }
}
