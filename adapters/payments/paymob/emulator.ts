import { randomBytes } from 'node:crypto';
import Router from '@koa/router';
import { koaBody } from 'koa-body';
import type { Context, Next } from 'koa';
import { hmacMessage, nestedFields, signHmac } from './hmac';
import { backToStore, cardPage, notice } from './emulator-pages';
import { DUPLICATE, PaymobOrder, PaymobTransaction, TransactionCallback } from './wire';

/**
 * A local stand-in for Paymob Accept's legacy API and hosted card page, for `npm start` without
 * credentials and for the adapter's tests. It answers the same requests with the same shapes and
 * statuses, keeps its state in memory (bounded), and hands out only addresses relative to where it
 * is mounted; the store's callback and response addresses are configured, as at Paymob.
 */
export interface PaymobEmulatorOptions {
  readonly apiKey: string;
  readonly hmacSecret: string;
  readonly integrationId: number;
  readonly iframeId: string | number;
  /** The store's transaction processed callback (POST JSON with ?hmac=); none when absent. */
  readonly callbackUrl?: string;
  /** The store's transaction response callback (the browser lands there with ?success=...&hmac=). */
  readonly responseUrl?: string;
  /** Where the router is mounted in a bigger app, e.g. '/emulator/paymob'. */
  readonly prefix?: string;
  readonly latencyMs?: number;
  /** Orders kept; the oldest is dropped beyond it (with its payment keys and transactions). */
  readonly maxOrders?: number;
}

export type CallbackDelivery = 'once' | 'twice' | 'never';

/** What tests (and the store's demo) change directly: an object, not HTTP. */
export interface PaymobEmulatorControl {
  latencyMs: number;
  /** How the processed callback goes out after a payment, and how long after (ms). */
  delivery: CallbackDelivery;
  lateMs: number;
  callbackUrl?: string;
  responseUrl?: string;
  /** The next `count` API calls answer 500 (the card page is not an API call). */
  failNext(count: number): void;
  /** API calls answered so far, by path (auth tokens, orders, payment keys, inquiries). */
  readonly calls: Readonly<Record<string, number>>;
  /** The card page of the latest payment key of a Paymob order, relative to the mount point. */
  framePathOf(paymobOrderId: string): string | undefined;
  /** The processed callback Paymob would send now about an order's latest transaction, genuinely signed. */
  callbackOf(paymobOrderId: string): { rawBody: string; query: { hmac: string } } | undefined;
  /** The flattened, signed query of the response redirect for an order's latest transaction. */
  redirectQueryOf(paymobOrderId: string): Record<string, string> | undefined;
  /** Changes an order's latest transaction as Paymob's dashboard would (refund, void, still pending). */
  amend(paymobOrderId: string, changes: Partial<Pick<PaymobTransaction, 'pending' | 'success' | 'is_voided' | 'is_refunded' | 'amount_cents'>>): void;
  /** Resolves once every callback due so far has been delivered or has failed. */
  delivered(): Promise<void>;
  /** Cancels callbacks still waiting to go out. */
  close(): void;
}

const TOKEN_LIFE_MS = 60 * 60_000;
/** Auth tokens kept; a client asking for a new one on every call cannot grow the map without end. */
const MAX_TOKENS = 1000;
const OWNER = 4705;
const PROFILE = 1;
const BILLING_FIELDS = ['first_name', 'last_name', 'email', 'phone_number', 'apartment', 'floor', 'street', 'building', 'city', 'country', 'state'];

type Body = Record<string, unknown>;
interface PaymentKey {
  readonly orderId: number;
  readonly amountCents: number;
  readonly expiresAt: number;
}
interface Held {
  readonly order: PaymobOrder;
  readonly transactions: PaymobTransaction[];
  lastKey?: string;
}

/** Paymob's timestamps: microseconds, no zone. */
const paymobTime = (date: Date): string => `${date.toISOString().slice(0, 23)}000`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isCents = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

export const flattenTransaction = (t: PaymobTransaction): Record<string, string> => ({
  id: String(t.id),
  pending: String(t.pending),
  amount_cents: String(t.amount_cents),
  success: String(t.success),
  is_auth: String(t.is_auth),
  is_capture: String(t.is_capture),
  is_standalone_payment: String(t.is_standalone_payment),
  is_voided: String(t.is_voided),
  is_refunded: String(t.is_refunded),
  is_3d_secure: String(t.is_3d_secure),
  integration_id: String(t.integration_id),
  profile_id: String(t.profile_id),
  has_parent_transaction: String(t.has_parent_transaction),
  order: String(t.order.id),
  created_at: t.created_at,
  currency: t.currency,
  error_occured: String(t.error_occured),
  owner: String(t.owner),
  merchant_order_id: t.order.merchant_order_id,
  'source_data.type': t.source_data.type,
  'source_data.pan': t.source_data.pan,
  'source_data.sub_type': t.source_data.sub_type,
  'data.message': t.data.message,
  txn_response_code: t.data.txn_response_code ?? '',
});

export const paymobEmulator = (options: PaymobEmulatorOptions): { router: Router; control: PaymobEmulatorControl } => {
  const maxOrders = options.maxOrders ?? 10_000;
  const tokens = new Map<string, number>();
  const orders = new Map<number, Held>();
  const byMerchantId = new Map<string, number>();
  const keys = new Map<string, PaymentKey>();
  const calls: Record<string, number> = {};
  const timers = new Set<NodeJS.Timeout>();
  const deliveries = new Set<Promise<void>>();
  let failures = 0;
  // Numbered from the time it starts, a thousand a millisecond: an emulator started again on the
  // same database (`npm start` twice) never repeats an id an order or a payment of the store holds.
  let nextOrderId = Date.now() * 1000;
  let nextTransactionId = Date.now() * 1000;

  const signed = (t: PaymobTransaction): string => signHmac(options.hmacSecret, hmacMessage(nestedFields(t)) as string);
  const latest = (paymobOrderId: string) => {
    const held = orders.get(Number(paymobOrderId));
    return held?.transactions[held.transactions.length - 1];
  };

  const keep = (order: PaymobOrder) => {
    orders.set(order.id, { order, transactions: [] });
    byMerchantId.set(order.merchant_order_id, order.id);
    if (orders.size <= maxOrders) return;
    const [oldest, held] = orders.entries().next().value as [number, Held];
    orders.delete(oldest);
    byMerchantId.delete(held.order.merchant_order_id);
    for (const [key, value] of keys) if (value.orderId === oldest) keys.delete(key);
  };

  const deliver = (t: PaymobTransaction) => {
    const url = control.callbackUrl;
    if (!url || control.delivery === 'never') return;
    const body: TransactionCallback = { type: 'TRANSACTION', obj: t };
    const send = () => {
      const sent = fetch(`${url}${url.includes('?') ? '&' : '?'}hmac=${signed(t)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      })
        .then((response) => response.arrayBuffer())
        // The store being down is its own affair: Paymob does not fail the payment for it.
        .then(() => undefined, () => undefined)
        .finally(() => deliveries.delete(sent));
      deliveries.add(sent);
    };
    const times = control.delivery === 'twice' ? 2 : 1;
    for (let i = 0; i < times; i++) {
      if (control.lateMs <= 0) send();
      else {
        const timer = setTimeout(() => (timers.delete(timer), send()), control.lateMs);
        timers.add(timer);
      }
    }
  };

  const pay = (held: Held, key: PaymentKey, approved: boolean): PaymobTransaction => {
    const t: PaymobTransaction = {
      id: nextTransactionId++,
      pending: false,
      amount_cents: key.amountCents,
      success: approved,
      is_auth: false,
      is_capture: false,
      is_standalone_payment: true,
      is_voided: false,
      is_refunded: false,
      is_3d_secure: true,
      integration_id: options.integrationId,
      profile_id: PROFILE,
      has_parent_transaction: false,
      order: { ...held.order, paid_amount_cents: approved ? key.amountCents : held.order.paid_amount_cents },
      created_at: paymobTime(new Date()),
      currency: held.order.currency,
      error_occured: false,
      owner: OWNER,
      source_data: { pan: '2346', sub_type: 'MasterCard', type: 'card' },
      data: approved ? { message: 'Approved', txn_response_code: 'APPROVED' } : { message: 'Do not honour', txn_response_code: 'DECLINED' },
    };
    held.transactions.push(t);
    if (held.transactions.length > 20) held.transactions.shift();
    deliver(t);
    return t;
  };

  /** Latency and injected failures, as a slow or failing Paymob would show them on its API (after the body is read, so a client that gives up mid-wait leaves nothing half-read). */
  const api = (path: string) => async (ctx: Context, next: Next) => {
    calls[path] = (calls[path] ?? 0) + 1;
    if (control.latencyMs > 0) await sleep(control.latencyMs);
    if (failures > 0) {
      failures--;
      ctx.status = 500;
      ctx.type = 'text/html';
      ctx.body = '<h1>Server Error (500)</h1>';
      return;
    }
    await next();
  };

  /** Paymob takes the token in the body (`auth_token`) or as a Bearer header. */
  const authenticated = async (ctx: Context, next: Next) => {
    const body = (ctx.request.body ?? {}) as Body;
    const header = /^Bearer (.+)$/.exec(ctx.get('authorization'))?.[1];
    const token = typeof body.auth_token === 'string' ? body.auth_token : header;
    const expires = token ? tokens.get(token) : undefined;
    if (expires === undefined || expires < Date.now()) {
      ctx.status = 401;
      ctx.body = { detail: 'incorrect credentials' };
      return;
    }
    await next();
  };

  const json = koaBody({ jsonLimit: '100kb', formLimit: '10kb', multipart: false });
  const router = new Router(options.prefix ? { prefix: options.prefix } : {});

  router.post('/api/auth/tokens', json, api('/api/auth/tokens'), (ctx) => {
    const { api_key } = (ctx.request.body ?? {}) as Body;
    if (api_key !== options.apiKey) {
      ctx.status = 403;
      ctx.body = { detail: 'incorrect credentials' };
      return;
    }
    const token = randomBytes(24).toString('base64url');
    tokens.set(token, Date.now() + TOKEN_LIFE_MS);
    for (const [old, expires] of tokens) if (expires < Date.now() || tokens.size > MAX_TOKENS) tokens.delete(old);
    ctx.status = 201;
    ctx.body = { token, profile: { id: PROFILE, user: { username: 'store' } } };
  });

  router.post('/api/ecommerce/orders', json, api('/api/ecommerce/orders'), authenticated, (ctx) => {
    const body = (ctx.request.body ?? {}) as Body;
    const errors: Record<string, string[]> = {};
    if (!isCents(body.amount_cents)) errors.amount_cents = ['A valid integer is required.'];
    if (body.currency !== undefined && body.currency !== 'EGP') errors.currency = ['Currency is not supported for this merchant.'];
    if (body.items !== undefined && !Array.isArray(body.items)) errors.items = ['Expected a list of items.'];
    if (Object.keys(errors).length > 0) {
      ctx.status = 400;
      ctx.body = errors;
      return;
    }
    const merchantOrderId = body.merchant_order_id === undefined ? undefined : String(body.merchant_order_id);
    if (merchantOrderId !== undefined && byMerchantId.has(merchantOrderId)) {
      ctx.status = 422;
      ctx.body = { message: DUPLICATE };
      return;
    }
    const items = ((body.items ?? []) as Body[]).map((item) => ({
      name: String(item.name ?? ''),
      amount_cents: Number(item.amount_cents ?? 0),
      description: String(item.description ?? ''),
      quantity: Number(item.quantity ?? 1),
    }));
    const order: PaymobOrder = {
      id: nextOrderId++,
      created_at: paymobTime(new Date()),
      delivery_needed: body.delivery_needed === true,
      amount_cents: body.amount_cents as number,
      currency: 'EGP',
      merchant_order_id: merchantOrderId ?? '',
      paid_amount_cents: 0,
      items,
    };
    keep(order);
    ctx.status = 201;
    ctx.body = order;
  });

  router.post('/api/acceptance/payment_keys', json, api('/api/acceptance/payment_keys'), authenticated, (ctx) => {
    const body = (ctx.request.body ?? {}) as Body;
    const billing = (body.billing_data ?? {}) as Body;
    const errors: Record<string, unknown> = {};
    if (!isCents(body.amount_cents)) errors.amount_cents = ['A valid integer is required.'];
    if (body.integration_id !== options.integrationId) errors.integration_id = ['Integration not found.'];
    const missing = BILLING_FIELDS.filter((name) => typeof billing[name] !== 'string' || billing[name] === '');
    if (missing.length > 0) errors.billing_data = Object.fromEntries(missing.map((name) => [name, ['This field is required.']]));
    const held = orders.get(Number(body.order_id));
    if (!held) errors.order_id = ['Order not found.'];
    if (!held || Object.keys(errors).length > 0) {
      ctx.status = 400;
      ctx.body = errors;
      return;
    }
    const token = randomBytes(32).toString('base64url');
    const lifeSeconds = isCents(body.expiration) && body.expiration > 0 ? body.expiration : 3600;
    keys.set(token, { orderId: held.order.id, amountCents: body.amount_cents as number, expiresAt: Date.now() + lifeSeconds * 1000 });
    held.lastKey = token;
    if (keys.size > maxOrders * 2) keys.delete(keys.keys().next().value as string);
    ctx.status = 201;
    ctx.body = { token };
  });

  router.post('/api/ecommerce/orders/transaction_inquiry', json, api('/api/ecommerce/orders/transaction_inquiry'), authenticated, (ctx) => {
    const body = (ctx.request.body ?? {}) as Body;
    const orderId = body.order_id !== undefined ? Number(body.order_id) : byMerchantId.get(String(body.merchant_order_id));
    const t = orderId === undefined ? undefined : latest(String(orderId));
    if (!t) {
      ctx.status = 404;
      ctx.body = { detail: 'Not found.' };
      return;
    }
    ctx.body = t;
  });

  /** The page the store shows in its frame: its payment key names the order and the amount. */
  const frame = (ctx: Context): { held: Held; key: PaymentKey } | undefined => {
    const token = String(ctx.query.payment_token ?? '');
    const key = keys.get(token);
    const held = key && orders.get(key.orderId);
    ctx.type = 'text/html';
    if (ctx.params.iframeId !== String(options.iframeId)) {
      ctx.status = 404;
      ctx.body = notice('Payment page not found', 'This payment frame does not exist.');
    } else if (!key || !held || key.expiresAt < Date.now()) {
      ctx.status = 403;
      ctx.body = notice('Payment link expired', 'This payment link is no longer valid. Go back to the store and start the payment again.');
    } else if (held.transactions.some((t) => t.success && !t.pending && !t.is_voided && !t.is_refunded)) {
      ctx.status = 200;
      ctx.body = notice('Order already paid', 'This order is already paid; nothing more is charged.');
    } else return { held, key };
    return undefined;
  };

  router.get('/api/acceptance/iframes/:iframeId', (ctx) => {
    const found = frame(ctx);
    if (found) ctx.body = cardPage(found.held.order, found.key.amountCents);
  });

  router.post('/api/acceptance/iframes/:iframeId', json, (ctx) => {
    const found = frame(ctx);
    if (!found) return;
    const choice = ((ctx.request.body ?? {}) as Body).choice;
    if (choice !== 'pay' && choice !== 'decline') {
      ctx.status = 400;
      ctx.body = notice('Choose an action', 'Choose Pay or Decline.');
      return;
    }
    const t = pay(found.held, found.key, choice === 'pay');
    const url = control.responseUrl;
    if (!url) {
      ctx.body = notice(t.success ? 'Payment approved' : 'Payment declined', 'You can close this page.');
      return;
    }
    const query = new URLSearchParams({ ...flattenTransaction(t), hmac: signed(t) });
    ctx.body = backToStore(`${url}${url.includes('?') ? '&' : '?'}${query}`, t.success, t.amount_cents);
  });

  const control: PaymobEmulatorControl = {
    latencyMs: options.latencyMs ?? 0,
    delivery: 'once',
    lateMs: 0,
    callbackUrl: options.callbackUrl,
    responseUrl: options.responseUrl,
    failNext: (count) => void (failures = Math.max(0, count)),
    calls,
    framePathOf: (paymobOrderId) => {
      const key = orders.get(Number(paymobOrderId))?.lastKey;
      return key && `${options.prefix ?? ''}/api/acceptance/iframes/${options.iframeId}?payment_token=${key}`;
    },
    callbackOf: (paymobOrderId) => {
      const t = latest(paymobOrderId);
      return t && { rawBody: JSON.stringify({ type: 'TRANSACTION', obj: t } satisfies TransactionCallback), query: { hmac: signed(t) } };
    },
    redirectQueryOf: (paymobOrderId) => {
      const t = latest(paymobOrderId);
      return t && { ...flattenTransaction(t), hmac: signed(t) };
    },
    amend: (paymobOrderId, changes) => {
      const held = orders.get(Number(paymobOrderId));
      const t = latest(paymobOrderId);
      if (held && t) held.transactions[held.transactions.length - 1] = { ...t, ...changes };
    },
    delivered: async () => {
      while (deliveries.size > 0) await Promise.all([...deliveries]);
    },
    close: () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
  return { router, control };
};
