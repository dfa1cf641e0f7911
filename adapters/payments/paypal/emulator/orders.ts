import { randomInt } from 'node:crypto';
import { CaptureStatus, OrderStatus, PayPalCapture, PayPalLink, PayPalRefund, RefundStatus } from '../wire';
import { paypalError, Reply } from './errors';
import { PurchaseUnit } from './validate';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** PayPal's order and capture ids: 17 upper-case letters and digits ('5O190127TN364715T'). */
export const paypalId = (): string => Array.from({ length: 17 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** A refund of an order's capture, through the API, at PayPal's dashboard, or a chargeback (`reversal`). */
export interface EmulatedRefund {
  readonly id: string;
  readonly status: Extract<RefundStatus, 'COMPLETED' | 'PENDING'>;
  readonly minor: number;
  /** All refunded of the capture once this refund was made: PayPal's total_refunded_amount. */
  readonly totalMinor: number;
  readonly reversal: boolean;
  readonly createTime: string;
}

export interface EmulatedOrder {
  readonly id: string;
  status: OrderStatus;
  readonly createTime: string;
  updateTime?: string;
  readonly unit: PurchaseUnit;
  /** The buyer approved with a card the capture will decline (INSTRUMENT_DECLINED). */
  instrumentDeclined: boolean;
  /** How the capture ends when it goes through: COMPLETED unless a test asks otherwise. */
  captureAs: Extract<CaptureStatus, 'COMPLETED' | 'DECLINED' | 'PENDING'>;
  payer?: { readonly payer_id: string; readonly email_address: string; readonly name: { readonly given_name: string; readonly surname: string } };
  capture?: PayPalCapture;
  readonly refunds: EmulatedRefund[];
  /** How the next refund ends: COMPLETED unless a test asks for PENDING (an eCheck payment). */
  refundAs: 'COMPLETED' | 'PENDING';
  /** Charged back: the capture takes no refund any more. */
  reversed: boolean;
  /** The last webhook event PayPal sent about it. */
  event?: { readonly id: string; readonly event_type: string };
  /** How many captures went through for it: the tests' proof that nothing was charged twice. */
  captures: number;
}

const decimal = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

/** The refund as PayPal shows it: in the refund call's answer, in the order, and as a webhook's resource. */
export const refundResource = (order: EmulatedOrder, refund: EmulatedRefund, base: string): PayPalRefund => {
  const currency_code = order.capture?.amount.currency_code ?? 'USD';
  const amount = { currency_code, value: decimal(refund.minor) };
  return {
    id: refund.id,
    status: refund.status,
    ...(refund.status === 'PENDING' ? { status_details: { reason: 'ECHECK' } } : {}),
    amount,
    seller_payable_breakdown: {
      gross_amount: amount,
      paypal_fee: { currency_code, value: '0.00' },
      net_amount: amount,
      total_refunded_amount: { currency_code, value: decimal(refund.totalMinor) },
    },
    ...(order.capture?.custom_id ? { custom_id: order.capture.custom_id } : {}),
    ...(refund.reversal ? { note_to_payer: 'Payment reversed' } : {}),
    create_time: refund.createTime,
    update_time: refund.createTime,
    links: [
      { href: `${base}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
      { href: `${base}/v2/payments/captures/${order.capture?.id}`, rel: 'up', method: 'GET' },
    ],
  };
};

const PAYER = { email_address: 'buyer@emulator.test', name: { given_name: 'Test', surname: 'Buyer' } };

/** The orders the emulator holds, at most `limit` of them (the oldest is forgotten first). */
export class EmulatedOrders {
  private readonly orders = new Map<string, EmulatedOrder>();
  /** Capture id → order id: refunds name the capture. */
  private readonly byCapture = new Map<string, string>();

  constructor(
    private readonly limit: number,
    private readonly base: () => string,
  ) {}

  create(unit: PurchaseUnit): EmulatedOrder {
    const order: EmulatedOrder = {
      id: paypalId(),
      status: 'CREATED',
      createTime: new Date().toISOString(),
      unit,
      instrumentDeclined: false,
      captureAs: 'COMPLETED',
      captures: 0,
      refunds: [],
      refundAs: 'COMPLETED',
      reversed: false,
    };
    this.orders.set(order.id, order);
    if (this.orders.size > this.limit) {
      const oldest = this.orders.keys().next().value as string;
      const capture = this.orders.get(oldest)?.capture;
      if (capture) this.byCapture.delete(capture.id);
      this.orders.delete(oldest);
    }
    return order;
  }

  find(id: string): EmulatedOrder | undefined {
    return this.orders.get(id);
  }

  findByCapture(captureId: string): EmulatedOrder | undefined {
    const orderId = this.byCapture.get(captureId);
    return orderId === undefined ? undefined : this.orders.get(orderId);
  }

  /** The buyer approves at PayPal; `declined` when the card they chose will be declined at capture. */
  approve(order: EmulatedOrder, declined = false): boolean {
    if (order.status === 'COMPLETED' || order.status === 'VOIDED') return false;
    order.status = 'APPROVED';
    order.instrumentDeclined = declined;
    order.payer = { payer_id: `PAYER${order.id.slice(0, 8)}`, ...PAYER };
    order.updateTime = new Date().toISOString();
    return true;
  }

  capture(order: EmulatedOrder): Reply {
    const base = this.base();
    switch (order.status) {
      case 'COMPLETED':
        return paypalError(422, 'ORDER_ALREADY_CAPTURED');
      case 'VOIDED':
        return paypalError(422, 'ORDER_CANNOT_BE_CAPTURED');
      case 'PAYER_ACTION_REQUIRED':
        return paypalError(422, 'PAYER_ACTION_REQUIRED', { links: [{ href: `${base}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' }] });
      case 'CREATED':
      case 'SAVED':
        return paypalError(422, 'ORDER_NOT_APPROVED');
    }
    if (order.instrumentDeclined) {
      // PayPal's answer carries a link to send the buyer back to choose another way to pay.
      return paypalError(422, 'INSTRUMENT_DECLINED', { links: [{ href: `${base}/checkoutnow?token=${order.id}`, rel: 'redirect', method: 'GET' }] });
    }
    const id = paypalId();
    const now = new Date().toISOString();
    order.capture = {
      id,
      status: order.captureAs,
      ...(order.captureAs === 'PENDING' ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
      amount: { currency_code: order.unit.amount.currency_code, value: order.unit.amount.value },
      final_capture: true,
      ...(order.unit.custom_id ? { custom_id: order.unit.custom_id } : {}),
      create_time: now,
      update_time: now,
      links: [
        { href: `${base}/v2/payments/captures/${id}`, rel: 'self', method: 'GET' },
        { href: `${base}/v2/payments/captures/${id}/refund`, rel: 'refund', method: 'POST' },
        { href: `${base}/v2/checkout/orders/${order.id}`, rel: 'up', method: 'GET' },
      ],
    };
    order.status = 'COMPLETED';
    order.updateTime = now;
    order.captures += 1;
    this.byCapture.set(id, order.id);
    return { status: 201, body: this.representation(order) };
  }

  representation(order: EmulatedOrder): unknown {
    const base = this.base();
    const self = `${base}/v2/checkout/orders/${order.id}`;
    const links: PayPalLink[] = [{ href: self, rel: 'self', method: 'GET' }];
    if (order.status === 'CREATED' || order.status === 'SAVED') links.push({ href: `${base}/checkoutnow?token=${order.id}`, rel: 'approve', method: 'GET' });
    if (order.status === 'PAYER_ACTION_REQUIRED') links.push({ href: `${base}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' });
    if (order.status !== 'COMPLETED' && order.status !== 'VOIDED') {
      links.push({ href: self, rel: 'update', method: 'PATCH' }, { href: `${self}/capture`, rel: 'capture', method: 'POST' });
    }
    return {
      id: order.id,
      intent: 'CAPTURE',
      status: order.status,
      ...(order.payer ? { payment_source: { paypal: { email_address: order.payer.email_address, account_id: order.payer.payer_id, name: order.payer.name } }, payer: order.payer } : {}),
      purchase_units: [
        {
          ...order.unit,
          payee: { email_address: 'store@emulator.test', merchant_id: 'EMULATORSTORE' },
          ...(order.capture
            ? {
                payments: {
                  captures: [order.capture],
                  ...(order.refunds.length ? { refunds: order.refunds.map((r) => refundResource(order, r, base)) } : {}),
                },
              }
            : {}),
        },
      ],
      create_time: order.createTime,
      ...(order.updateTime ? { update_time: order.updateTime } : {}),
      links,
    };
  }
}
