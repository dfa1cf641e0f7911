import { RouterContext } from '@koa/router';
import * as TE from 'fp-ts/TaskEither';
import { pipe } from 'fp-ts/function';
import { Browse } from '../../../core/catalog/use-cases/browse';
import { Profile } from '../../../core/identity/use-cases/profile';
import { Order, orderNumber } from '../../../core/ordering/domain/order';
import { accountHolder } from '../../../core/ordering/domain/order-access';
import { NextStep, ProviderName } from '../../../core/ordering/ports/payment-gateway';
import { ConfirmPayment } from '../../../core/ordering/use-cases/confirm-payment';
import { MyOrder, MyOrders } from '../../../core/ordering/use-cases/my-orders';
import { OrderSummary } from '../../../api/accounts';
import { OpenDownload } from '../../../core/ordering/use-cases/open-download';
import { Downloads, LineFiles, lineKey } from '../../../core/delivery/use-cases/downloads';
import { Settled } from '../../../core/ordering/use-cases/settlement';
import { StartCheckout } from '../../../core/ordering/use-cases/start-checkout';
import { DomainError, declined, notFound, unauthorized, unavailable } from '../../../core/shared/errors';
import { NOT_SIGNED_IN } from '../../../core/identity/domain/user';
import { DOWNLOAD_NOT_FOUND } from '../../../core/ordering/use-cases/open-download';
import { toDecimal } from '../../../core/shared/money';
import { profileAnswer } from '../../../api/accounts';
import { toPublicProduct } from '../../../api/catalog';
import {
  NextStepData,
  OrderData,
  PaymentSettings,
  captureAnswer,
  checkoutProductAnswer,
  createOrderAnswer,
  orderAnswer,
  payAnswer,
  paymentSettingsAnswer,
  productIdsOf,
  startPaymentAnswer,
} from '../../../api/ordering';
import { DownloadLinks } from '../download-links';
import { refuse, respond } from '../respond';
import { On } from '../calls';
import { requestLanguage } from '../request-language';
import { networkOf } from '../address-limits';
import { BodyOf } from '../../../api/schemas';
import { currentUser } from '../session';

export interface OrderingUseCases {
  readonly browse: Browse;
  readonly profile: Profile;
  readonly startCheckout: StartCheckout;
  readonly confirmPayment: ConfirmPayment;
  readonly myOrders: MyOrders;
  readonly openDownload: OpenDownload;
  readonly downloads: Downloads;
}

export interface OrderingConfig {
  readonly paymentSettings: PaymentSettings;
  readonly downloadLinks: DownloadLinks;
  readonly now: () => Date;
}

export const PAID = 'Payment completed successfully';
export const DECLINED_RETRY = 'Payment was declined. Please try another payment method.';
export const PAYMENT_FAILED = 'Payment failed. Please try again.';
export const STILL_PENDING = 'Your payment is not confirmed yet. Your order will be completed as soon as it is, and you will get an e-mail.';
export const PROVIDER_UNREACHABLE =
  'We could not reach the payment provider to confirm your payment. If you were charged, your order will be completed shortly.';
export const PAYER_ACTION = 'PayPal needs you to confirm the payment. Taking you there…';

export const orderDataOf = (order: Order): OrderData => ({
  orderId: order.id,
  orderNumber: orderNumber(order.id),
  status: order.status,
  total: toDecimal(order.total),
  currency: order.currency,
  ...(order.coupon ? { coupon: { code: order.coupon.code, discount: toDecimal(order.coupon.discount) } } : {}),
});

/** The next step as the browser reads it: the buttons are told the provider's reference. */
export const nextStepData = (next: NextStep, reference: string): NextStepData => (next.kind === 'buttons' ? { kind: 'buttons', reference } : next);

/** The buyer's capture answered as the spec's capture call: a refusal for good is a failure (402). */
export const captureOutcome = (settled: Settled): TE.TaskEither<DomainError, { message: string; result: OrderData; redirect?: string; restart?: boolean }> => {
  const result = orderDataOf(settled.order);
  switch (settled.kind) {
    case 'paid':
      return TE.right({ message: PAID, result });
    case 'declined':
      return settled.retry ? TE.right({ message: DECLINED_RETRY, result, restart: true }) : TE.left(declined(PAYMENT_FAILED));
    case 'pending':
      return TE.right(settled.redirectUrl ? { message: PAYER_ACTION, result, redirect: settled.redirectUrl } : { message: STILL_PENDING, result });
    case 'unavailable':
      return TE.left(unavailable(PROVIDER_UNREACHABLE));
    case 'refunded':
      return TE.left(declined(PAYMENT_FAILED));
  }
};

/** A line's own files as the Orders section lists them (the profile's, and a guest's library). */
export const filesOf = (line: LineFiles | undefined) =>
  line ? { files: { files: line.files.map((f) => ({ _id: f.id, name: f.name, kind: f.kind, size: f.size, ...(f.preparing ? { preparing: true } : {}) })), used: line.used, limit: line.limit } } : {};

/**
 * An order as the Orders section lists it, the profile's and a guest's library alike, with each
 * line's own files; `download` gives a line its link elsewhere and password, where it has one.
 */
export const orderSummaryOf = (
  order: MyOrder,
  files: ReadonlyMap<string, LineFiles>,
  download: (line: MyOrder['lines'][number]) => { url: string; password: string } | undefined = () => undefined,
): OrderSummary => ({
  _id: order.id,
  status: order.status,
  state: order.state,
  createdAt: order.createdAt,
  delivered: order.delivered,
  currency: order.total.currency,
  total: toDecimal(order.total),
  refunded: toDecimal(order.refunded),
  provider: order.method,
  method: order.paymentMethod,
  ...(order.payAt ? { payAt: order.payAt } : {}),
  ...(order.coupon ? { coupon: { code: order.coupon.code, discount: toDecimal(order.coupon.discount) } } : {}),
  products: order.lines.map((line) => {
    const outside = download(line);
    return {
      _id: line.productId,
      title: line.title,
      price: toDecimal(line.price),
      ...(line.refunded ? { refunded: true } : {}),
      ...(outside ? { download: outside } : {}),
      ...filesOf(files.get(lineKey(order.id, line.productId))),
    };
  }),
});

/** Checkout, payment and delivery calls of the buyer (spec section 7, DECISIONS 13-15). */
export const orderingRoutes = (on: On, useCases: OrderingUseCases, config: OrderingConfig) => {
  const { browse, profile, startCheckout, confirmPayment, myOrders, openDownload } = useCases;

  on('checkoutProduct', async (ctx) => {
    await respond(ctx, browse.details(ctx.params.id), checkoutProductAnswer, (product) => ({ productDetails: toPublicProduct(product) }));
  });

  on('paymentSettings', async (ctx) => {
    await respond(ctx, TE.right(config.paymentSettings), paymentSettingsAnswer, ({ providers }) => ({ providers }));
  });

  const start = async (
    ctx: RouterContext,
    body: BodyOf<'startPayment'> | BodyOf<'pay'> | BodyOf<'createPayPalOrder'>,
    choice: { provider: ProviderName; method?: string; phone?: string },
  ) => startCheckout.start(await currentUser(ctx), {
    productIds: productIdsOf(body),
    name: body.name,
    email: body.email,
    ...(body.coupon === undefined ? {} : { coupon: body.coupon }),
    ...choice,
    address: networkOf(ctx),
    language: requestLanguage(ctx),
  });

  // Any registered provider and method: the buyer's next step, or a free order paid at once.
  on('startPayment', async (ctx, { body }) => {
    const { provider, method, phone } = body;
    await respond(ctx, await start(ctx, body, { provider, method, ...(phone === undefined ? {} : { phone }) }), startPaymentAnswer, (started) => ({
      message: started.order.status === 'paid' ? PAID : 'Payment started',
      order: orderDataOf(started.order),
      ...(started.next && started.reference !== undefined ? { next: nextStepData(started.next, started.reference) } : {}),
    }));
  });

  // The spec's calls, each the one above with its provider fixed and the provider's first method.
  // Paymob's frame, or a free order paid at once.
  on('pay', async (ctx, { body }) => {
    await respond(ctx, await start(ctx, body, { provider: 'paymob' }), payAnswer, ({ order, frameUrl }) => ({
      message: order.status === 'paid' ? PAID : 'Payment started',
      ...(frameUrl ? { iframeUrl: frameUrl } : {}),
      order: orderDataOf(order),
    }));
  });

  // PayPal's order for the buttons, or a free order paid at once.
  on('createPayPalOrder', async (ctx, { body }) => {
    await respond(ctx, await start(ctx, body, { provider: 'paypal' }), createOrderAnswer, ({ order, reference }) => ({
      message: order.status === 'paid' ? PAID : 'Order created',
      ...(reference ? { id: reference } : {}),
      order: orderDataOf(order),
    }));
  });

  on('capturePayPalOrder', async (ctx, { body }) => {
    const captured = confirmPayment.capture(await currentUser(ctx), { provider: 'paypal', reference: body.orderID });
    await respond(ctx, pipe(captured, TE.chain(captureOutcome)), captureAnswer, (answer) => answer);
  });

  on('profile', async (ctx) => {
    const user = await currentUser(ctx);
    const data = pipe(
      profile.show(user),
      TE.chain((shown) => pipe(myOrders.list(user), TE.map((orders) => ({ shown, orders })))),
      // The products' own files (issue 19), beside the spec's link.
      TE.chain((found) => TE.fromTask(async () => ({ ...found, library: await useCases.downloads.library(accountHolder(user!)) }))),
    );
    await respond(ctx, data, profileAnswer, ({ shown, orders, library }) => ({
      userData: {
        username: shown.username,
        email: shown.email,
        connected: [...shown.connected],
        hasPassword: shown.hasPassword,
        ...(shown.language ? { language: shown.language } : {}),
        orders: orders.map((order) =>
          orderSummaryOf(order, library, (line) =>
            line.downloadable && line.password !== undefined
              ? { url: config.downloadLinks.linkTo(shown.id, order.id, line.productId, config.now()), password: line.password }
              : undefined,
          ),
        ),
      },
    }));
  });

  // The result page after Paymob's redirect: the order it names, if it is the signed-in buyer's.
  on('order', async (ctx) => {
    await respond(ctx, myOrders.one(await currentUser(ctx), ctx.params.orderId), orderAnswer, (order) => ({
      order: { orderId: order.id, orderNumber: order.number, status: order.status, total: toDecimal(order.total), currency: order.total.currency },
    }));
  });

  // The link of the profile's Orders section: its owner, signed in, within its time; then on to the file.
  on('download', async (ctx) => {
    const user = await currentUser(ctx);
    const { orderId, productId } = ctx.params;
    if (!user) return refuse(ctx, unauthorized(NOT_SIGNED_IN));
    // A link not signed for this owner, or expired, is as good as no link.
    if (!config.downloadLinks.holds(user.id, orderId, productId, ctx.query, config.now())) return refuse(ctx, notFound(DOWNLOAD_NOT_FOUND));
    const opened = await openDownload.open(user, orderId, productId)();
    if (opened._tag === 'Left') return refuse(ctx, opened.left);
    ctx.set('Cache-Control', 'no-store');
    ctx.redirect(opened.right.producturl);
  });
};
