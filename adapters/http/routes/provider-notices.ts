import Router from '@koa/router';
import { Context } from 'koa';
import { Order } from '../../../core/ordering/domain/order';
import { IncomingNotification, PaymentGateway, ProviderName } from '../../../core/ordering/ports/payment-gateway';
import { ConfirmPayment } from '../../../core/ordering/use-cases/confirm-payment';
import { fail } from '../respond';

/** Where each provider's own calls land: /api/payments/<name>/<its path> (DECISIONS 19: registered with the provider). */
export const PAYMENT_ROUTES = '/api/payments';
export const paymentRoutePath = (provider: ProviderName, path: string): string => `${PAYMENT_ROUTES}/${provider}${path}`;

/** Far above any provider's notification; a larger body is not one. */
const NOTICE_LIMIT_BYTES = 256 * 1024;
export const NOTICE_REFUSED = 'Notification refused';

/** The exact bytes received: signatures are computed over them, so no parser may touch them first. */
const rawBody = (ctx: Context): Promise<string | undefined> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    ctx.req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > NOTICE_LIMIT_BYTES) {
        ctx.req.removeAllListeners('data');
        ctx.req.resume();
        resolve(undefined);
      } else chunks.push(chunk);
    });
    ctx.req.on('end', () => resolve(size > NOTICE_LIMIT_BYTES ? undefined : Buffer.concat(chunks).toString('utf8')));
    ctx.req.on('error', reject);
  });

const notificationOf = (ctx: Context, body: string): IncomingNotification => ({
  headers: Object.fromEntries(Object.entries(ctx.headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v.join(',') : v])),
  rawBody: body,
  query: Object.fromEntries(Object.entries(ctx.query).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])),
});

export type NoticeRoute = (ctx: Context) => Promise<void>;

/** What the store gives a provider's routes (adapters/payments/provider.ts, ProviderRouteTools). */
export interface NoticeTools {
  readonly gateway: PaymentGateway;
  readonly confirm: ConfirmPayment;
  /** A server-to-server notification: verified over its exact bytes, settled, acknowledged; 400 forged, 413 too large. */
  readonly notification: NoticeRoute;
  /** The buyer's browser sent back with a signed query: the order when this return pays the order it names. */
  returned(ctx: Context): Promise<Order | undefined>;
  /** The buyer's receipt of a payment made by hand (routes/payment-receipts.ts). */
  readonly receipt: NoticeRoute;
}

export interface NoticeRouter {
  get(path: string, route: NoticeRoute): void;
  post(path: string, route: NoticeRoute): void;
}

/** A registered provider's routes, as the composition hands them to the app. */
export interface ProviderRoutes {
  readonly name: ProviderName;
  readonly gateway: PaymentGateway;
  mount(router: NoticeRouter, tools: NoticeTools): void;
  /** Older addresses of some of its routes, by the route's own path: '/webhook' → '/api/paypal/webhook'. */
  readonly aliases?: Readonly<Record<string, string>>;
}

/**
 * The providers' calls to the store: webhooks, server callbacks, and the buyer's browser coming
 * back. Each provider mounts its own (its descriptor's `routes`) under /api/payments/<name>, with
 * the tools here: every call is verified by its gateway (signature or HMAC) before anything is
 * believed; a forged one is refused, logged in one line, and changes nothing.
 */
export const providerNoticeRoutes = (
  providers: readonly ProviderRoutes[],
  confirm: ConfirmPayment,
  receipt: NoticeRoute,
  log: (line: string) => void = console.warn,
): Router => {
  const router = new Router();

  for (const { name, gateway, mount, aliases = {} } of providers) {
    /** `use` is what the store does with a verified notice: settle the order, or also answer the buyer's browser. */
    const settle = async (ctx: Context, body: string, use: 'notice' | 'returned') => {
      const notice = await gateway.verify(notificationOf(ctx, body));
      if (!notice) {
        log(`Refused a ${name} notification that did not verify (from ${ctx.ip})`);
        return undefined;
      }
      const settled = await confirm[use](name, notice)();
      if (settled._tag === 'Left') log(`A verified ${name} notification changed nothing: ${settled.left.message}`);
      return settled;
    };

    const notification: NoticeRoute = async (ctx) => {
      const body = await rawBody(ctx);
      if (body === undefined) return fail(ctx, 413, 'Notification too large');
      const settled = await settle(ctx, body, 'notice');
      if (!settled) return fail(ctx, 400, NOTICE_REFUSED);
      // Verified: acknowledged even when it changed nothing (a repeat, an order settled already),
      // or the provider would deliver it again and again.
      ctx.body = { success: true };
    };

    const returned = async (ctx: Context): Promise<Order | undefined> => {
      const settled = await settle(ctx, '', 'returned');
      return settled?._tag === 'Right' && settled.right.kind === 'paid' ? settled.right.order : undefined;
    };

    const at = (method: 'get' | 'post') => (path: string, route: NoticeRoute) => {
      for (const address of [paymentRoutePath(name, path), ...(Object.hasOwn(aliases, path) ? [aliases[path]!] : [])]) router[method](address, (ctx) => route(ctx));
    };
    mount({ get: at('get'), post: at('post') }, { gateway, confirm, notification, returned, receipt });
  }

  return router;
};
