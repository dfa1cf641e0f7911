import { PaymentRequest } from '../../../core/ordering/ports/payment-gateway';
import { field } from './http';
import { BillingData, IntentionRequest } from './wire';

/** A card, wallet or instalment payment is made within the hour; a kiosk reference stays payable two days. */
export const INTENTION_SECONDS = 3600;
export const KIOSK_SECONDS = 48 * 3600;

/** What the adapter keeps of an intention it made: enough to answer a repeated start, and to check a callback. */
export interface Intention {
  readonly id: string;
  readonly clientSecret: string;
  /** Paymob's order: the payment's reference. */
  readonly paymobOrderId: string;
  readonly orderId: string;
  readonly method: string;
  readonly amountCents: number;
  /** The payment key of each integration the intention lists (wallet and kiosk payments use it). */
  readonly paymentKeys: ReadonlyMap<number, string>;
  readonly createdAt: number;
}

/** Paymob's billing data wants a first and a last name and a phone; what the store does not know is "NA". */
const billingData = (buyer: PaymentRequest['buyer'], phone: string | undefined): BillingData => {
  const [first = 'NA', ...rest] = buyer.name.trim().split(/\s+/).filter(Boolean);
  const unknown = 'NA';
  return {
    first_name: first,
    last_name: rest.join(' ') || unknown,
    email: buyer.email,
    phone_number: phone ?? unknown,
    apartment: unknown,
    floor: unknown,
    street: unknown,
    building: unknown,
    shipping_method: unknown,
    postal_code: unknown,
    city: unknown,
    country: 'EG',
    state: unknown,
  };
};

export const intentionRequest = (
  request: PaymentRequest,
  integrations: readonly number[],
  phone: string | undefined,
  urls: { readonly notificationUrl?: string; readonly redirectionUrl?: string },
): IntentionRequest => ({
  amount: request.amount.minor,
  currency: 'EGP',
  payment_methods: integrations,
  items: request.items.map((item) => ({ name: item.name, amount: item.price.minor, description: item.name, quantity: 1 })),
  billing_data: billingData(request.buyer, phone),
  special_reference: request.orderId,
  expiration: request.method === 'kiosk' ? KIOSK_SECONDS : INTENTION_SECONDS,
  ...(urls.notificationUrl ? { notification_url: urls.notificationUrl } : {}),
  ...(urls.redirectionUrl ? { redirection_url: urls.redirectionUrl } : {}),
  extras: { store_order_id: request.orderId },
});

/** The intention Paymob made, or undefined when its answer lacks what the store needs. */
export const intentionOf = (body: unknown, request: PaymentRequest, createdAt: number): Intention | undefined => {
  const id = field(body, 'id');
  const clientSecret = field(body, 'client_secret');
  const paymobOrderId = field(body, 'intention_order_id');
  const keys = field(body, 'payment_keys');
  if (typeof id !== 'string' || !id || typeof clientSecret !== 'string' || !clientSecret) return undefined;
  if (typeof paymobOrderId !== 'number' || !Number.isSafeInteger(paymobOrderId) || !Array.isArray(keys)) return undefined;
  const paymentKeys = new Map<number, string>();
  for (const entry of keys) {
    const integration = field(entry, 'integration');
    const key = field(entry, 'key');
    if (typeof integration === 'number' && typeof key === 'string') paymentKeys.set(integration, key);
  }
  return { id, clientSecret, paymobOrderId: String(paymobOrderId), orderId: request.orderId, method: request.method, amountCents: request.amount.minor, paymentKeys, createdAt };
};

/** Unified Checkout, where the buyer pays by card or picks an instalment plan. */
export const checkoutUrl = (baseUrl: string, publicKey: string, clientSecret: string): string =>
  `${baseUrl}/unifiedcheckout/?${new URLSearchParams({ publicKey, clientSecret })}`;
