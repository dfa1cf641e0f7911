import { Currency, CURRENCIES, Money, money } from '../../../core/shared/money';

/**
 * PayPal's JSON as Orders v2, OAuth and the notifications API send it: the fields the adapter reads
 * and the emulator writes, and nothing more. Everything arriving is untrusted, so readers check it.
 */
export interface PayPalAmount {
  readonly currency_code: string;
  readonly value: string;
}

export interface PayPalLink {
  readonly href: string;
  readonly rel: string;
  readonly method?: string;
}

export type CaptureStatus = 'COMPLETED' | 'DECLINED' | 'PENDING' | 'PARTIALLY_REFUNDED' | 'REFUNDED' | 'FAILED';
export type OrderStatus = 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';

export interface PayPalCapture {
  readonly id: string;
  readonly status: CaptureStatus;
  readonly status_details?: { readonly reason?: string };
  readonly amount: PayPalAmount;
  readonly final_capture?: boolean;
  readonly custom_id?: string;
  readonly create_time?: string;
  readonly update_time?: string;
  readonly links?: readonly PayPalLink[];
  readonly supplementary_data?: { readonly related_ids?: { readonly order_id?: string } };
}

export type RefundStatus = 'COMPLETED' | 'PENDING' | 'CANCELLED' | 'FAILED';

/**
 * A refund of a capture, as the refund call answers it and as PAYMENT.CAPTURE.REFUNDED and
 * PAYMENT.CAPTURE.REVERSED carry it (resource_type 'refund'): its own id, and the capture it gives
 * back only in the `up` link. `total_refunded_amount` is all that was refunded of the capture so far.
 */
export interface PayPalRefund {
  readonly id: string;
  readonly status: RefundStatus;
  readonly status_details?: { readonly reason?: string };
  readonly amount: PayPalAmount;
  readonly seller_payable_breakdown?: {
    readonly gross_amount: PayPalAmount;
    readonly paypal_fee: PayPalAmount;
    readonly net_amount: PayPalAmount;
    readonly total_refunded_amount?: PayPalAmount;
  };
  readonly custom_id?: string;
  readonly note_to_payer?: string;
  readonly create_time?: string;
  readonly update_time?: string;
  readonly links?: readonly PayPalLink[];
}

export interface PayPalOrder {
  readonly id: string;
  readonly intent?: string;
  readonly status: OrderStatus;
  readonly purchase_units?: readonly {
    readonly custom_id?: string;
    readonly amount?: PayPalAmount;
    readonly payments?: { readonly captures?: readonly PayPalCapture[]; readonly refunds?: readonly PayPalRefund[] };
  }[];
  readonly links?: readonly PayPalLink[];
}

/** Every Orders v2 error: 400, 401 (AUTHENTICATION_FAILURE), 404, 422 and 5xx. */
export interface PayPalError {
  readonly name: string;
  readonly message: string;
  readonly details?: readonly { readonly issue: string; readonly description?: string; readonly field?: string; readonly value?: string; readonly location?: string }[];
  readonly debug_id?: string;
  readonly links?: readonly PayPalLink[];
}

export interface WebhookEvent {
  readonly id: string;
  readonly event_type: string;
  readonly resource_type?: string;
  readonly resource: PayPalCapture | PayPalRefund;
  readonly create_time?: string;
}

/** The headers PayPal signs a webhook delivery with (lower case, as Node and Koa hand them over). */
export const TRANSMISSION_HEADERS = {
  id: 'paypal-transmission-id',
  time: 'paypal-transmission-time',
  sig: 'paypal-transmission-sig',
  certUrl: 'paypal-cert-url',
  authAlgo: 'paypal-auth-algo',
} as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export const readRecord = (value: unknown): Record<string, unknown> | undefined => (isRecord(value) ? value : undefined);

/** The first issue of a PayPal error body ('INSTRUMENT_DECLINED'), if the body is one. */
export const issueOf = (body: unknown): string | undefined => {
  const details = readRecord(body)?.details;
  const first = Array.isArray(details) ? readRecord(details[0]) : undefined;
  return typeof first?.issue === 'string' ? first.issue : undefined;
};

export const linkOf = (body: unknown, rel: string): string | undefined => {
  const links = readRecord(body)?.links;
  if (!Array.isArray(links)) return undefined;
  const link = links.map(readRecord).find((l) => l?.rel === rel);
  return typeof link?.href === 'string' ? link.href : undefined;
};

const DECIMAL = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/** Minor units of a decimal string PayPal accepts ('10', '10.5', '10.50'), or undefined. */
export const minorOf = (value: unknown): number | undefined => {
  const match = typeof value === 'string' ? DECIMAL.exec(value) : null;
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0')) : undefined;
};

/** `{ currency_code: 'USD', value: '25.99' }` as Money; undefined for anything else. */
export const moneyOf = (amount: unknown): Money | undefined => {
  const a = readRecord(amount);
  const currency = (CURRENCIES as readonly string[]).find((c) => c === a?.currency_code) as Currency | undefined;
  const minor = minorOf(a?.value);
  return currency && minor !== undefined ? money(minor, currency) : undefined;
};
