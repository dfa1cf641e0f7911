import {
  IncomingNotification,
  PaymentGateway,
  PaymentNotice,
  PaymentOutcome,
  PaymentRequest,
  PaymentStart,
  RefundOutcome,
  RefundRequest,
} from '../../../core/ordering/ports/payment-gateway';
import { Id } from '../../../core/shared/ids';
import { FieldReader, flatFields, hmacMatches, hmacMessage, nestedFields, signedOnly } from './hmac';
import { field, isOk, postJson, Reply } from './http';
import { outcomeOf, transactionFacts } from './outcome';
import { DUPLICATE } from './wire';

export interface PaymobConfig {
  /** https://accept.paymob.com, or the emulator's address. */
  readonly baseUrl?: string;
  readonly apiKey: string;
  readonly integrationId: number;
  readonly iframeId: string | number;
  readonly hmacSecret: string;
  readonly timeoutMs?: number;
  /** Milliseconds now; tests move it to expire the auth token. */
  readonly now?: () => number;
}

/** Paymob's auth token lasts about an hour; a fresh one is asked for well before that. */
export const TOKEN_REUSE_MS = 50 * 60_000;
/** Store orders this process registered at Paymob, so a repeated start reuses the Paymob order at once. */
const REMEMBERED_ORDERS = 10_000;
const PAYMENT_KEY_SECONDS = 3600;

type Registered = { readonly paymobOrderId: string; readonly amountCents: number };
type Step<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string };

const refused = (reply: Reply, what: string): string =>
  reply.kind === 'unreachable' ? reply.reason : `Paymob refused ${what} (${reply.status}).`;

/** Paymob's billing data wants a first and a last name; what the store does not know is "NA". */
const billingData = (buyer: PaymentRequest['buyer']) => {
  const [first = 'NA', ...rest] = buyer.name.trim().split(/\s+/).filter(Boolean);
  const unknown = 'NA';
  return {
    first_name: first,
    last_name: rest.join(' ') || unknown,
    email: buyer.email,
    phone_number: unknown,
    apartment: unknown,
    floor: unknown,
    street: unknown,
    building: unknown,
    shipping_method: unknown,
    postal_code: unknown,
    city: unknown,
    country: unknown,
    state: unknown,
  };
};

/**
 * Paymob Accept's legacy flow: auth token, order registration, payment key, then the card frame.
 * A card payment is captured when the buyer pays, so settling only asks what the latest transaction is.
 */
export class PaymobGateway implements PaymentGateway {
  readonly provider = 'paymob' as const;
  readonly currency = 'EGP' as const;
  readonly methods = ['card'] as const;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private token?: { readonly value: Promise<Step<string>>; readonly until: number };
  private readonly registered = new Map<Id, Registered>();

  constructor(private readonly config: PaymobConfig) {
    this.baseUrl = (config.baseUrl ?? 'https://accept.paymob.com').replace(/\/+$/, '');
    this.timeoutMs = config.timeoutMs ?? 10_000;
    this.now = config.now ?? Date.now;
  }

  async start(request: PaymentRequest): Promise<PaymentStart> {
    if (request.amount.currency !== 'EGP') return { kind: 'unavailable', reason: 'Paymob charges in EGP only.' };
    const order = await this.paymobOrderFor(request);
    if (!order.ok) return { kind: 'unavailable', reason: order.reason };
    const key = await this.authed('/api/acceptance/payment_keys', {
      amount_cents: request.amount.minor,
      expiration: PAYMENT_KEY_SECONDS,
      order_id: Number(order.value),
      currency: 'EGP',
      integration_id: this.config.integrationId,
      lock_order_when_paid: true,
      billing_data: billingData(request.buyer),
    });
    const token = isOk(key) ? field(key.body, 'token') : undefined;
    if (typeof token !== 'string' || !token) return { kind: 'unavailable', reason: refused(key, 'the payment key') };
    const frameUrl = `${this.baseUrl}/api/acceptance/iframes/${encodeURIComponent(String(this.config.iframeId))}?payment_token=${encodeURIComponent(token)}`;
    return { kind: 'started', reference: order.value, next: { kind: 'frame', url: frameUrl } };
  }

  settle(reference: string, orderId: Id): Promise<PaymentOutcome> {
    return this.inquire(reference, orderId);
  }

  async inquire(reference: string, orderId: Id): Promise<PaymentOutcome> {
    if (!/^\d+$/.test(reference)) return { kind: 'unavailable', reason: `${reference} is not a Paymob order id.` };
    const reply = await this.authed('/api/ecommerce/orders/transaction_inquiry', { order_id: Number(reference) });
    // Paymob answers 404 while the order has no transaction: the buyer has not paid yet.
    if (reply.kind === 'answer' && reply.status === 404) return { kind: 'pending', reason: 'The buyer has not paid at Paymob yet.' };
    if (!isOk(reply)) return { kind: 'unavailable', reason: refused(reply, 'the transaction inquiry') };
    const facts = transactionFacts(nestedFields(reply.body));
    if (!facts) return { kind: 'unavailable', reason: 'Paymob answered the inquiry with an unreadable transaction.' };
    if (facts.paymobOrderId !== reference || (facts.merchantOrderId !== undefined && facts.merchantOrderId !== orderId))
      return { kind: 'unavailable', reason: `Paymob order ${reference} is not the payment of order ${orderId}.` };
    return outcomeOf(facts);
  }

  /**
   * The outcome comes from the signed fields alone, and the order from the signed Paymob order id
   * (the store's reference). merchant_order_id is outside the HMAC: passed on as an unsigned claim,
   * which the store holds against the signed order and never uses to find one.
   */
  async verify(notification: IncomingNotification): Promise<PaymentNotice | undefined> {
    const read = this.fieldsOf(notification);
    const message = read && hmacMessage(read);
    if (!read || !message || !hmacMatches(this.config.hmacSecret, message, notification.query.hmac)) return undefined;
    const facts = transactionFacts(signedOnly(read));
    if (!facts) return undefined;
    const claimed = read('order.merchant_order_id');
    return { reference: facts.paymobOrderId, ...(claimed ? { unsignedOrderId: claimed } : {}), outcome: outcomeOf(facts) };
  }

  // Issue 18 under way: POST /api/acceptance/void_refund/refund replaces this.
  async refund(_request: RefundRequest): Promise<RefundOutcome> {
    return { kind: 'unavailable', reason: 'Paymob refunds are not built yet' };
  }

  /** The processed callback is a JSON body; the browser's response redirect is a GET with flattened fields. */
  private fieldsOf({ rawBody, query }: IncomingNotification): FieldReader | undefined {
    if (rawBody.trim() === '') return query.id !== undefined ? flatFields(query) : undefined;
    let callback: unknown;
    try {
      callback = JSON.parse(rawBody);
    } catch {
      return undefined;
    }
    const obj = field(callback, 'obj');
    return field(callback, 'type') === 'TRANSACTION' && obj !== null && typeof obj === 'object' ? nestedFields(obj) : undefined;
  }

  /**
   * The Paymob order of a store order. Paymob refuses a second order with the same
   * merchant_order_id, so a repeat reuses the one this process registered, or else finds it through
   * the transaction inquiry by merchant_order_id (which knows it only once the buyer has tried to pay).
   */
  private async paymobOrderFor(request: PaymentRequest): Promise<Step<string>> {
    const known = this.registered.get(request.orderId);
    if (known) return this.sameAmount(known, request);
    const reply = await this.authed('/api/ecommerce/orders', {
      delivery_needed: false,
      amount_cents: request.amount.minor,
      currency: 'EGP',
      merchant_order_id: request.orderId,
      items: request.items.map((item) => ({ name: item.name, amount_cents: item.price.minor, description: item.name, quantity: 1 })),
    });
    const id = isOk(reply) ? field(reply.body, 'id') : undefined;
    if (typeof id === 'number') return this.sameAmount(this.remember(request.orderId, { paymobOrderId: String(id), amountCents: request.amount.minor }), request);
    if (reply.kind === 'answer' && JSON.stringify(reply.body).toLowerCase().includes(DUPLICATE))
      return this.registeredEarlier(request);
    return { ok: false, reason: refused(reply, 'the order') };
  }

  private async registeredEarlier(request: PaymentRequest): Promise<Step<string>> {
    const reply = await this.authed('/api/ecommerce/orders/transaction_inquiry', { merchant_order_id: request.orderId });
    const facts = isOk(reply) ? transactionFacts(nestedFields(reply.body)) : undefined;
    if (!facts || facts.orderAmountCents === undefined) {
      return { ok: false, reason: `Paymob already holds order ${request.orderId} and cannot name it before a payment attempt.` };
    }
    return this.sameAmount(this.remember(request.orderId, { paymobOrderId: facts.paymobOrderId, amountCents: facts.orderAmountCents }), request);
  }

  private sameAmount(order: Registered, request: PaymentRequest): Step<string> {
    return order.amountCents === request.amount.minor
      ? { ok: true, value: order.paymobOrderId }
      : { ok: false, reason: `Paymob holds order ${request.orderId} for ${order.amountCents} piasters, not ${request.amount.minor}.` };
  }

  private remember(orderId: Id, order: Registered): Registered {
    this.registered.set(orderId, order);
    if (this.registered.size > REMEMBERED_ORDERS) this.registered.delete(this.registered.keys().next().value as Id);
    return order;
  }

  /** Calls with the cached token; a 401 (the token expired early) gets one retry with a new token. */
  private async authed(path: string, body: Record<string, unknown>): Promise<Reply> {
    for (const fresh of [false, true]) {
      const token = await this.authToken(fresh);
      if (!token.ok) return { kind: 'unreachable', reason: token.reason };
      const reply = await postJson(this.baseUrl + path, { auth_token: token.value, ...body }, this.timeoutMs);
      if (!(reply.kind === 'answer' && reply.status === 401) || fresh) return reply;
    }
    return { kind: 'unreachable', reason: 'Paymob refused every auth token.' };
  }

  private authToken(fresh: boolean): Promise<Step<string>> {
    if (!fresh && this.token && this.token.until > this.now()) return this.token.value;
    const value = this.newToken();
    this.token = { value, until: this.now() + TOKEN_REUSE_MS };
    // A failed attempt is not kept: the next call asks again.
    void value.then((step) => {
      if (!step.ok && this.token?.value === value) this.token = undefined;
    });
    return value;
  }

  private async newToken(): Promise<Step<string>> {
    const reply = await postJson(`${this.baseUrl}/api/auth/tokens`, { api_key: this.config.apiKey }, this.timeoutMs);
    const token = isOk(reply) ? field(reply.body, 'token') : undefined;
    return typeof token === 'string' && token ? { ok: true, value: token } : { ok: false, reason: refused(reply, 'the API key') };
  }
}
