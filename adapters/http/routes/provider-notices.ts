import Router from '@koa/router';
import { Context } from 'koa';
import { Gateways, IncomingNotification, ProviderName, isRefundNotice } from '../../../core/ordering/ports/payment-gateway';
import { ConfirmPayment } from '../../../core/ordering/use-cases/confirm-payment';
import { fail } from '../respond';

/** Where the providers' own calls land; the composition root registers these with the emulators (DECISIONS 19). */
export const PAYMENT_PATHS = {
  paypalWebhook: '/api/paypal/webhook',
  paymobCallback: '/api/paymob/callback',
  paymobResponse: '/api/paymob/response',
} as const;

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

/**
 * The providers' calls to the store: PayPal's webhooks, Paymob's transaction callback, and the
 * browser coming back from Paymob's frame. Each is verified by its gateway (signature or HMAC)
 * before anything is believed; a forged one is refused, logged in one line, and changes nothing.
 */
export const providerNoticeRoutes = (gateways: Gateways, confirm: ConfirmPayment, log: (line: string) => void = console.warn): Router => {
  const router = new Router();

  /** `use` is what the store does with a verified notice: settle the order, or also answer the buyer's browser. */
  const settle = async (ctx: Context, provider: ProviderName, body: string, use: 'notice' | 'returned') => {
    const notice = await gateways[provider]?.verify(notificationOf(ctx, body));
    // Issue 18 under way: refund notices take access back once the core records refunds.
    if (notice && isRefundNotice(notice)) return { _tag: 'Left' as const, left: { message: 'Refund notices are not recorded yet' } };
    if (!notice) {
      log(`Refused a ${provider} notification that did not verify (from ${ctx.ip})`);
      return undefined;
    }
    const settled = await confirm[use](provider, notice)();
    if (settled._tag === 'Left') log(`A verified ${provider} notification changed nothing: ${settled.left.message}`);
    return settled;
  };

  const notification = (provider: ProviderName) => async (ctx: Context) => {
    const body = await rawBody(ctx);
    if (body === undefined) return fail(ctx, 413, 'Notification too large');
    const settled = await settle(ctx, provider, body, 'notice');
    if (!settled) return fail(ctx, 400, NOTICE_REFUSED);
    // Verified: acknowledged even when it changed nothing (a repeat, an order settled already),
    // or the provider would deliver it again and again.
    ctx.body = { success: true };
  };

  router.post(PAYMENT_PATHS.paypalWebhook, notification('paypal'));
  router.post(PAYMENT_PATHS.paymobCallback, notification('paymob'));

  // The browser, sent back by Paymob's frame with the transaction's fields and their HMAC: success
  // only when the order the signature names is paid by it (ConfirmPayment.returned). A success names
  // the store's order, so that its result page can ask for its number and amount (GET
  // /api/orders/:orderId, for its buyer only): the query carries the id, never an amount.
  router.get(PAYMENT_PATHS.paymobResponse, async (ctx) => {
    const settled = await settle(ctx, 'paymob', '', 'returned');
    const paid = settled?._tag === 'Right' && settled.right.kind === 'paid' ? settled.right.order : undefined;
    ctx.set('Cache-Control', 'no-store');
    ctx.redirect(paid ? `/afterpayment?success=true&order=${encodeURIComponent(paid.id)}` : '/afterpayment?success=false');
  });

  return router;
};
