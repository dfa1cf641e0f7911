import { Context } from 'koa';
import * as TE from 'fp-ts/TaskEither';
import { pipe } from 'fp-ts/function';
import { OrderHolder } from '../../../core/ordering/domain/order-access';
import { ConfirmPayment } from '../../../core/ordering/use-cases/confirm-payment';
import { GuestLibraryAccess } from '../../../core/ordering/use-cases/guest-library';
import { MyOrders } from '../../../core/ordering/use-cases/my-orders';
import { StartCheckout } from '../../../core/ordering/use-cases/start-checkout';
import { isDomainError } from '../../../core/shared/errors';
import { toDecimal } from '../../../core/shared/money';
import { libraryAnswer, libraryClosedAnswer, libraryLinkAnswer, libraryOpenedAnswer } from '../../../api/guest';
import { orderAnswer, productIdsOf, startPaymentAnswer, captureAnswer } from '../../../api/ordering';
import { networkOf } from '../address-limits';
import { requestLanguage } from '../request-language';
import { On } from '../calls';
import { GuestOrderPasses, clearLibraryCookie, libraryToken, setLibraryCookie } from '../guest-cookies';
import { refuse, respond } from '../respond';
import { currentUser } from '../session';
import { PAID, captureOutcome, nextStepData, orderDataOf, orderSummaryOf } from './ordering';
import { Downloads } from '../../../core/delivery/use-cases/downloads';

export interface GuestUseCases {
  readonly startCheckout: StartCheckout;
  readonly confirmPayment: ConfirmPayment;
  readonly myOrders: MyOrders;
  readonly guestLibrary: GuestLibraryAccess;
  readonly downloads: Downloads;
}

export interface GuestConfig {
  readonly passes: GuestOrderPasses;
  readonly now: () => Date;
}

/** Guest checkout and the guest's library (DECISIONS 25). */
export const guestRoutes = (on: On, useCases: GuestUseCases, config: GuestConfig) => {
  const { startCheckout, confirmPayment, myOrders, guestLibrary, downloads } = useCases;

  /** Who the browser is to a guest order: the pass of the order it just started, else its library. */
  const guestHolder = async (ctx: Context, orderId?: string): Promise<OrderHolder | undefined> => {
    const pass = config.passes.holder(ctx);
    if (pass?.kind === 'checkout' && (orderId === undefined || pass.orderId === orderId)) return pass;
    return guestLibrary.holderOf(libraryToken(ctx));
  };

  on('guestStartPayment', async (ctx, { body }) => {
    const { provider, method, phone } = body;
    const started = startCheckout.startAsGuest({
      productIds: productIdsOf(body),
      name: body.name,
      email: body.email,
      ...(body.coupon === undefined ? {} : { coupon: body.coupon }),
      provider,
      method,
      ...(phone === undefined ? {} : { phone }),
      address: networkOf(ctx),
      language: requestLanguage(ctx),
    });
    await respond(ctx, started, startPaymentAnswer, (s) => {
      config.passes.give(ctx, s.order.id, config.now());
      return {
        message: s.order.status === 'paid' ? PAID : 'Payment started',
        order: orderDataOf(s.order),
        ...(s.next && s.reference !== undefined ? { next: nextStepData(s.next, s.reference) } : {}),
      };
    });
  });

  on('guestCapture', async (ctx, { body }) => {
    const captured = confirmPayment.captureFor(await guestHolder(ctx), { provider: 'paypal', reference: body.orderID });
    await respond(ctx, pipe(captured, TE.chain(captureOutcome)), captureAnswer, (answer) => answer);
  });

  on('guestOrder', async (ctx) => {
    const { orderId } = ctx.params;
    await respond(ctx, myOrders.oneFor(await guestHolder(ctx, orderId), orderId), orderAnswer, (order) => ({
      order: { orderId: order.id, orderNumber: order.number, status: order.status, total: toDecimal(order.total), currency: order.total.currency },
    }));
  });

  // Opened in a browser signed in to the account of the same address, the link attaches that address's orders.
  on('openLibrary', async (ctx, { body }) => {
    await respond(ctx, guestLibrary.open(body.token, await currentUser(ctx)), libraryOpenedAnswer, (opened) => {
      setLibraryCookie(ctx, opened.token, opened.expiresAt);
      ctx.set('Cache-Control', 'no-store');
      return { email: opened.email, attached: opened.attached.length };
    });
  });

  on('library', async (ctx) => {
    const email = await guestLibrary.emailOf(libraryToken(ctx));
    if (isDomainError(email)) return refuse(ctx, email);
    const found = pipe(
      myOrders.library(email),
      TE.chain((orders) => TE.fromTask(async () => ({ orders, files: await downloads.library({ kind: 'library', email }) }))),
    );
    await respond(ctx, found, libraryAnswer, ({ orders, files }) => ({ library: { email, orders: orders.map((order) => orderSummaryOf(order, files)) } }));
  });

  on('askLibraryLink', async (ctx, { body }) => {
    await respond(ctx, guestLibrary.ask(body.email, networkOf(ctx), requestLanguage(ctx)), libraryLinkAnswer, (message) => ({ message }));
  });

  on('closeLibrary', async (ctx) => {
    await respond(ctx, guestLibrary.close(libraryToken(ctx)), libraryClosedAnswer, () => {
      clearLibraryCookie(ctx);
      return {};
    });
  });
};

/**
 * After a sign-up or sign-in (password or Google): the guest orders of the account's own address
 * join it when the browser proves that address, by its library session or by the provider's
 * verified address (`verified`). An address typed at sign-up proves nothing and attaches nothing.
 */
export const attachProvenOrders = async (
  ctx: Context,
  guestLibrary: GuestLibraryAccess | undefined,
  account: Parameters<GuestLibraryAccess['attach']>[0],
  verified?: string,
): Promise<void> => {
  if (!guestLibrary) return;
  const holder = await guestLibrary.holderOf(libraryToken(ctx));
  if (holder?.kind === 'library') await guestLibrary.attach(account, { kind: 'library', email: holder.email });
  if (verified !== undefined) await guestLibrary.attach(account, { kind: 'verified-by-provider', email: verified });
};
