import Router from '@koa/router';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { EmulatedOrder, EmulatedOrders, EmulatedRefund, refundResource } from './orders';
import { refundAtDashboard, refundCapture, reverse } from './refunds';
import { paypalError, Reply } from './errors';
import { PayPalCapture, PayPalRefund, readRecord } from '../wire';
import { validateOrder } from './validate';
import { Delivery, DeliveryMode, SignedEvent, WebhookSender } from './webhooks';
import { sdkScript } from './sdk-script';
import { checkoutPage } from './checkout-page';
import { preferredLanguage } from '../../../../core/shared/language';
import { BodyContext, readForm, readJson } from './body';

export interface PayPalEmulatorOptions {
  /** The credentials and webhook id the emulator accepts: the adapter is configured with the same. */
  readonly clientId: string;
  readonly clientSecret: string;
  readonly webhookId: string;
  /** Where the router is mounted ('/emulator/paypal'); '' at the root. */
  readonly prefix?: string;
  /** The emulator as browsers and the adapter reach it (origin and prefix): every URL it hands out starts with it. */
  readonly publicBaseUrl?: string;
  /** The store's webhook (POST /api/...): captures are announced there. */
  readonly webhookUrl?: string;
  readonly maxOrders?: number;
  readonly tokenLifeSeconds?: number;
}

/** What a test or the demo can change while the emulator runs. */
export interface PayPalEmulatorControls {
  latencyMs: number;
  tokenLifeSeconds: number;
  publicBaseUrl: string;
  /** The next `count` API calls (token included) answer 500; 0 stops it. */
  failNext(count: number): void;
  /** The next `count` requests for the SDK script answer 503. */
  failScriptNext(count: number): void;
  /** Forgets every token issued, as if PayPal revoked them. */
  revokeTokens(): void;
  readonly tokensIssued: number;
  webhooks(mode: DeliveryMode, options?: { url?: string; lateMs?: number; retries?: number; retryMs?: number }): void;
  readonly deliveries: readonly Delivery[];
  /** Resolves when every webhook delivery started so far has ended. */
  webhooksSent(): Promise<void>;
  /** The last webhook event about the order, as PayPal would deliver it now (signed). */
  notificationOf(orderId: string): SignedEvent;
  approve(orderId: string): void;
  /** The buyer approves with a card that the capture then declines (422 INSTRUMENT_DECLINED). */
  decline(orderId: string): void;
  cancel(orderId: string): void;
  /** The order needs the buyer back at PayPal (3-D Secure): status PAYER_ACTION_REQUIRED. */
  requirePayerAction(orderId: string): void;
  /** The capture goes through but ends DECLINED or PENDING (after review). */
  captureAs(orderId: string, status: 'DECLINED' | 'PENDING'): void;
  voidOrder(orderId: string): void;
  /**
   * The merchant refunds the order's capture at PayPal's site, not through the API: `value` ('5.00')
   * or all that is left; PAYMENT.CAPTURE.REFUNDED is announced. Returns the refund's id.
   */
  refundAtDashboard(orderId: string, value?: string): string;
  /** The buyer's bank or card charges the capture back: PAYMENT.CAPTURE.REVERSED. Returns the reversal's id. */
  reverse(orderId: string): string;
  /** How the order's next refunds end: PENDING as for an eCheck payment (announced by nothing yet). */
  refundsAs(orderId: string, status: 'COMPLETED' | 'PENDING'): void;
  /** The order as GET would show it, how many captures went through for it, and its refunds. */
  order(orderId: string): EmulatedOrderView | undefined;
}

export interface EmulatedOrderView {
  readonly body: unknown;
  readonly captures: number;
  readonly refunds: readonly PayPalRefund[];
}

export interface PayPalEmulator {
  readonly router: Router;
  readonly controls: PayPalEmulatorControls;
  close(): void;
}

const EVENT_OF_CAPTURE = { COMPLETED: 'PAYMENT.CAPTURE.COMPLETED', DECLINED: 'PAYMENT.CAPTURE.DECLINED', PENDING: 'PAYMENT.CAPTURE.PENDING' } as const;
const DEFAULT_TOKEN_LIFE_SECONDS = 32_400;
const MAX_TOKENS = 1000;

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** A bounded map that forgets its oldest entry first. */
const remember = <V>(map: Map<string, V>, key: string, value: V, limit: number) => {
  map.delete(key);
  map.set(key, value);
  if (map.size > limit) map.delete(map.keys().next().value as string);
};

/**
 * PayPal's REST API (OAuth token, Orders v2, webhook verification), its browser SDK and the buyer's
 * side, in memory, as a Koa router to mount under `prefix`.
 */
export const paypalEmulator = (options: PayPalEmulatorOptions): PayPalEmulator => {
  const prefix = options.prefix ?? '';
  const limit = options.maxOrders ?? 10_000;
  let publicBaseUrl = options.publicBaseUrl ?? prefix;
  const base = () => publicBaseUrl;
  const orders = new EmulatedOrders(limit, base);
  const sender = new WebhookSender(options.webhookId, base);
  sender.url = options.webhookUrl;
  const tokens = new Map<string, number>();
  /** PayPal-Request-Id → the order a successful write made or captured, or the refund it made (refusals are not replayed). */
  const replays = new Map<string, string>();
  let failing = 0;
  let failingScript = 0;
  let tokensIssued = 0;

  const settings = {
    latencyMs: 0,
    tokenLifeSeconds: options.tokenLifeSeconds ?? DEFAULT_TOKEN_LIFE_SECONDS,
  };

  const orderOr404 = (id: string): EmulatedOrder | Reply => orders.find(id) ?? paypalError(404, 'INVALID_RESOURCE_ID');
  const isReply = (x: EmulatedOrder | Reply): x is Reply => 'body' in x;

  const announce = (order: EmulatedOrder, eventType: string, resourceType: 'capture' | 'refund', resource: PayPalCapture | PayPalRefund) => {
    const event = sender.event(eventType, resourceType, resource);
    order.event = event;
    sender.send(event);
  };
  /** PayPal announces a refund once it has given the money back: a PENDING one is not announced yet. */
  const announceRefund = (order: EmulatedOrder, refund: EmulatedRefund) => {
    if (refund.status !== 'COMPLETED') return;
    const eventType = refund.reversal ? 'PAYMENT.CAPTURE.REVERSED' : 'PAYMENT.CAPTURE.REFUNDED';
    announce(order, eventType, 'refund', refundResource(order, refund, publicBaseUrl));
  };

  const bearer = (ctx: BodyContext): boolean => {
    const match = /^Bearer (\S+)$/.exec(ctx.get('authorization'));
    const expires = match ? tokens.get(match[1]) : undefined;
    return expires !== undefined && Date.now() < expires;
  };

  /** An API call: the injected failures and latency, the bearer token, then the handler's reply. */
  const api =
    (handler: (ctx: BodyContext & { params: Record<string, string> }) => Promise<Reply> | Reply, needsToken = true) =>
    async (ctx: BodyContext & { params: Record<string, string> }) => {
      let reply: Reply;
      if (failing > 0) {
        failing -= 1;
        reply = paypalError(500);
      } else if (needsToken && !bearer(ctx)) {
        reply = paypalError(401);
      } else {
        reply = await handler(ctx);
      }
      // The work is done before the wait: a caller that gives up early has still created or captured.
      if (settings.latencyMs > 0) await sleep(settings.latencyMs);
      ctx.status = reply.status;
      ctx.body = reply.body;
      ctx.set('paypal-debug-id', randomBytes(7).toString('hex').slice(0, 13));
    };

  const router = new Router({ prefix });

  router.post(
    '/v1/oauth2/token',
    api(async (ctx) => {
      const [scheme, encoded] = ctx.get('authorization').split(' ');
      const [id, ...secret] = Buffer.from(encoded ?? '', 'base64').toString().split(':');
      if (scheme !== 'Basic' || !sameText(id, options.clientId) || !sameText(secret.join(':'), options.clientSecret)) {
        return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
      }
      const form = await readForm(ctx);
      if (form?.get('grant_type') !== 'client_credentials') return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' } };
      const token = `A21AA${randomBytes(24).toString('base64url')}`;
      remember(tokens, token, Date.now() + settings.tokenLifeSeconds * 1000, MAX_TOKENS);
      tokensIssued += 1;
      return {
        status: 200,
        body: {
          scope: 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund',
          access_token: token,
          token_type: 'Bearer',
          app_id: 'APP-EMULATOR',
          expires_in: settings.tokenLifeSeconds,
          nonce: `${new Date().toISOString()}${randomBytes(8).toString('hex')}`,
        },
      };
    }, false),
  );

  router.post(
    '/v2/checkout/orders',
    api(async (ctx) => {
      const key = ctx.get('paypal-request-id');
      const earlier = key ? orders.find(replays.get(`create ${key}`) ?? '') : undefined;
      if (earlier) return { status: 200, body: orders.representation(earlier) };
      const body = await readJson(ctx);
      if (body === undefined) return paypalError(400, 'MALFORMED_REQUEST_JSON');
      const checked = validateOrder(body);
      if ('refused' in checked) return checked.refused;
      const order = orders.create(checked.unit);
      if (key) remember(replays, `create ${key}`, order.id, limit);
      return { status: 201, body: orders.representation(order) };
    }),
  );

  router.get(
    '/v2/checkout/orders/:id',
    api((ctx) => {
      const order = orderOr404(ctx.params.id);
      return isReply(order) ? order : { status: 200, body: orders.representation(order) };
    }),
  );

  router.post(
    '/v2/checkout/orders/:id/capture',
    api((ctx) => {
      const key = ctx.get('paypal-request-id');
      const order = orderOr404(ctx.params.id);
      if (isReply(order)) return order;
      if (key && replays.get(`capture ${key}`) === order.id) return { status: 201, body: orders.representation(order) };
      const reply = orders.capture(order);
      if (reply.status === 201 && order.capture) {
        if (key) remember(replays, `capture ${key}`, order.id, limit);
        const resource = { ...order.capture, supplementary_data: { related_ids: { order_id: order.id } } };
        announce(order, EVENT_OF_CAPTURE[order.captureAs], 'capture', resource);
      }
      return reply;
    }),
  );

  router.post(
    '/v2/payments/captures/:id/refund',
    api(async (ctx) => {
      const order = orders.findByCapture(ctx.params.id);
      if (!order) return paypalError(404, 'INVALID_RESOURCE_ID', { api: 'payments' });
      const key = ctx.get('paypal-request-id');
      const replayKey = `refund ${ctx.params.id} ${key}`;
      const earlier = key ? order.refunds.find((r) => r.id === replays.get(replayKey)) : undefined;
      if (earlier) return { status: 200, body: refundResource(order, earlier, publicBaseUrl) };
      const body = await readJson(ctx);
      if (body === undefined) return paypalError(400, 'MALFORMED_REQUEST_JSON', { api: 'payments' });
      const { reply, refund } = refundCapture(order, body, publicBaseUrl);
      if (refund) {
        if (key) remember(replays, replayKey, refund.id, limit);
        announceRefund(order, refund);
      }
      return reply;
    }),
  );

  router.post(
    '/v1/notifications/verify-webhook-signature',
    api(async (ctx) => {
      const body = readRecord(await readJson(ctx));
      const fields = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id'] as const;
      const missing = fields.find((f) => typeof body?.[f] !== 'string');
      if (!body || missing || !readRecord(body.webhook_event)) return paypalError(400, 'MISSING_REQUIRED_PARAMETER', { field: `/${missing ?? 'webhook_event'}` });
      const ok = sender.verify(body as Record<(typeof fields)[number], string>, JSON.stringify(body.webhook_event));
      return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
    }),
  );

  router.get('/sdk/js', (ctx) => {
    ctx.set('cache-control', 'no-store');
    ctx.type = 'application/javascript; charset=utf-8';
    if (failingScript > 0) {
      failingScript -= 1;
      ctx.status = 503;
      ctx.body = '/* The PayPal emulator was told to fail this load. */';
      return;
    }
    if (ctx.query['client-id'] !== options.clientId) {
      ctx.status = 400;
      ctx.body = `throw new Error("SDK Validation error: 'Invalid query value for client-id: ${String(ctx.query['client-id'] ?? '').replace(/[^\w-]/g, '')}'");`;
      return;
    }
    ctx.body = sdkScript(publicBaseUrl);
  });

  const buyer = (act: (order: EmulatedOrder) => boolean) => (ctx: BodyContext & { params: Record<string, string> }) => {
    const order = orders.find(ctx.params.id);
    if (!order) return void ((ctx.status = 404), (ctx.body = { message: 'No such PayPal order' }));
    if (!act(order)) return void ((ctx.status = 422), (ctx.body = { message: `The order is ${order.status}` }));
    ctx.status = 204;
  };
  const approve = (order: EmulatedOrder) => orders.approve(order);
  const decline = (order: EmulatedOrder) => orders.approve(order, true);
  // The buyer closing PayPal's window changes nothing at PayPal: the order stays CREATED.
  const cancel = (order: EmulatedOrder) => order.status !== 'COMPLETED';

  router.get('/buyer/orders/:id', (ctx) => {
    const order = orders.find(ctx.params.id);
    if (!order) return void ((ctx.status = 404), (ctx.body = { message: 'No such PayPal order' }));
    ctx.body = { id: order.id, status: order.status, amount: { currency_code: order.unit.amount.currency_code, value: order.unit.amount.value } };
  });
  router.post('/buyer/orders/:id/approve', buyer(approve));
  router.post('/buyer/orders/:id/decline', buyer(decline));
  router.post('/buyer/orders/:id/cancel', buyer(cancel));
  // The merchant's side, over HTTP for tests that reach the emulator only through the store's address.
  const merchant = (act: (order: EmulatedOrder, body: Record<string, unknown>) => EmulatedRefund) => async (ctx: BodyContext & { params: Record<string, string> }) => {
    const order = orders.find(ctx.params.id);
    if (!order) return void ((ctx.status = 404), (ctx.body = { message: 'No such PayPal order' }));
    try {
      const refund = act(order, readRecord(await readJson(ctx)) ?? {});
      announceRefund(order, refund);
      ctx.status = 201;
      ctx.body = refundResource(order, refund, publicBaseUrl);
    } catch (error) {
      ctx.status = 422;
      ctx.body = { message: (error as Error).message };
    }
  };
  router.post('/dashboard/orders/:id/refund', merchant((order, body) => refundAtDashboard(order, body.value === undefined ? undefined : String(body.value))));
  router.post('/dashboard/orders/:id/reverse', merchant((order) => reverse(order)));
  router.get('/dashboard/orders/:id/notification', (ctx) => {
    const event = orders.find(ctx.params.id)?.event;
    if (!event) return void ((ctx.status = 404), (ctx.body = { message: 'PayPal has announced nothing about this order' }));
    ctx.body = sender.sign(event);
  });
  router.get('/checkoutnow', (ctx) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = checkoutPage(String(ctx.query.token ?? ''), preferredLanguage(ctx.get('accept-language')));
  });

  const existing = (id: string): EmulatedOrder => {
    const order = orders.find(id);
    if (!order) throw new Error(`The PayPal emulator has no order ${id}`);
    return order;
  };

  const controls: PayPalEmulatorControls = {
    get latencyMs() {
      return settings.latencyMs;
    },
    set latencyMs(ms) {
      settings.latencyMs = ms;
    },
    get tokenLifeSeconds() {
      return settings.tokenLifeSeconds;
    },
    set tokenLifeSeconds(s) {
      settings.tokenLifeSeconds = s;
    },
    get publicBaseUrl() {
      return publicBaseUrl;
    },
    set publicBaseUrl(url) {
      publicBaseUrl = url;
    },
    failNext: (count) => void (failing = count),
    failScriptNext: (count) => void (failingScript = count),
    revokeTokens: () => tokens.clear(),
    get tokensIssued() {
      return tokensIssued;
    },
    webhooks: (mode, o = {}) => {
      sender.mode = mode;
      if (o.url !== undefined) sender.url = o.url;
      if (o.lateMs !== undefined) sender.lateMs = o.lateMs;
      if (o.retries !== undefined) sender.retries = o.retries;
      if (o.retryMs !== undefined) sender.retryMs = o.retryMs;
    },
    get deliveries() {
      return sender.deliveries;
    },
    webhooksSent: () => sender.idle(),
    notificationOf: (id) => {
      const event = existing(id).event;
      if (!event) throw new Error(`PayPal has announced nothing about order ${id}`);
      return sender.sign(event);
    },
    approve: (id) => void approve(existing(id)),
    decline: (id) => void decline(existing(id)),
    cancel: (id) => void cancel(existing(id)),
    requirePayerAction: (id) => void (existing(id).status = 'PAYER_ACTION_REQUIRED'),
    captureAs: (id, status) => void (existing(id).captureAs = status),
    voidOrder: (id) => void (existing(id).status = 'VOIDED'),
    refundAtDashboard: (id, value) => {
      const order = existing(id);
      const refund = refundAtDashboard(order, value);
      announceRefund(order, refund);
      return refund.id;
    },
    reverse: (id) => {
      const order = existing(id);
      const refund = reverse(order);
      announceRefund(order, refund);
      return refund.id;
    },
    refundsAs: (id, status) => void (existing(id).refundAs = status),
    order: (id) => {
      const order = orders.find(id);
      return order ? { body: orders.representation(order), captures: order.captures, refunds: order.refunds.map((r) => refundResource(order, r, publicBaseUrl)) } : undefined;
    },
  };

  return { router, controls, close: () => sender.close() };
};
