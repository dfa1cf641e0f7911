import { randomBytes } from 'node:crypto';
import Router from '@koa/router';
import { methodsOf, PaymobMethod, PaymobSettings } from '../config';
import { PaymobTransaction } from '../wire';
import { apiRoutes } from './api-routes';
import { Deliveries, intentionCallback, redirectQuery, transactionCallback } from './callbacks';
import { apiMiddleware, EmulatorContext, Faults, jsonOrForm, Tokens } from './context';
import { Ledger } from './ledger';
import { CallbackDelivery, CallbackShape, PaymobEmulatorControl, PaymobEmulatorOptions } from './options';
import { pageRoutes, payKiosk } from './page-routes';
import { walletRoutes } from './wallet-routes';

export type { CallbackDelivery, CallbackShape, KioskPayment, PaymobEmulatorControl, PaymobEmulatorOptions } from './options';
export { flattenTransaction } from './callbacks';

/**
 * An account for the emulator and the adapter alike, made up at start: every method offered, two
 * instalment plans. Test mode only (DECISIONS 20, 21): `baseUrl` is where the emulator is served.
 */
export const emulatedPaymobSettings = (baseUrl: string): PaymobSettings => {
  const secret = () => randomBytes(16).toString('hex');
  return {
    secretKey: `egy_sk_test_${secret()}`,
    publicKey: `egy_pk_test_${secret()}`,
    apiKey: secret(),
    hmacSecret: secret(),
    integrations: { card: 4_000_001, wallet: 4_000_002, kiosk: 4_000_003, instalments: [4_000_004, 4_000_005] },
    baseUrl,
    mode: 'test',
  };
};

/**
 * A local stand-in for Paymob's Intention API, the older API it leans on, and the buyer's pages,
 * for `npm start` without credentials and for the adapter's tests. It answers the same requests with
 * the same shapes and statuses, keeps its state in memory (bounded), and hands out addresses under
 * its mount point; the store's callback and way back are those of each intention, else configured.
 */
export const paymobEmulator = (account: PaymobEmulatorOptions): { router: Router; control: PaymobEmulatorControl } => {
  const now = account.now ?? Date.now;
  const prefix = account.prefix ?? '';
  const faults: Faults = { latencyMs: account.latencyMs ?? 0, failures: 0, calls: {}, slowAnswers: {} };
  const tokens = new Tokens(now);
  const ledger = new Ledger(account.maxOrders ?? 10_000, now);
  const settings = { delivery: 'once' as CallbackDelivery, lateMs: 0, shape: 'transaction' as CallbackShape, callbackUrl: account.callbackUrl, responseUrl: account.responseUrl };
  const deliveries = new Deliveries(account.hmacSecret, () => settings);
  const methods = new Map<number, PaymobMethod>();
  for (const method of methodsOf(account.integrations)) for (const id of method === 'instalments' ? (account.integrations.instalments ?? []) : [account.integrations[method] as number]) methods.set(id, method);

  const context: EmulatorContext = {
    account,
    ledger,
    deliveries,
    now,
    prefix,
    methodOf: (integration) => methods.get(integration),
    api: apiMiddleware(faults),
    authenticated: tokens.authenticated,
    body: jsonOrForm(),
    responseUrl: (intentionRedirect) => intentionRedirect ?? settings.responseUrl,
  };
  const router = new Router(prefix ? { prefix } : {});
  apiRoutes(router, context, (token) => tokens.issue(token));
  pageRoutes(router, context);
  walletRoutes(router, context);

  /** The latest payment of a Paymob order, with its intention; kiosk references past their time are void first. */
  const latest = (paymobOrderId: string): { held: NonNullable<ReturnType<Ledger['byOrderOf']>>; t: PaymobTransaction } | undefined => {
    const held = ledger.byOrderOf(paymobOrderId);
    if (held) ledger.expireDue(held);
    const t = held && ledger.latestPayment(held);
    return held && t && { held, t };
  };

  const control: PaymobEmulatorControl = {
    get latencyMs() {
      return faults.latencyMs;
    },
    set latencyMs(ms) {
      faults.latencyMs = ms;
    },
    get delivery() {
      return settings.delivery;
    },
    set delivery(delivery) {
      settings.delivery = delivery;
    },
    get lateMs() {
      return settings.lateMs;
    },
    set lateMs(ms) {
      settings.lateMs = ms;
    },
    get shape() {
      return settings.shape;
    },
    set shape(shape) {
      settings.shape = shape;
    },
    get callbackUrl() {
      return settings.callbackUrl;
    },
    set callbackUrl(url) {
      settings.callbackUrl = url;
    },
    get responseUrl() {
      return settings.responseUrl;
    },
    set responseUrl(url) {
      settings.responseUrl = url;
    },
    failNext: (count) => void (faults.failures = Math.max(0, count)),
    calls: faults.calls,
    slowAnswers: faults.slowAnswers,
    intentionOf: (paymobOrderId) => {
      const held = ledger.byOrderOf(paymobOrderId);
      return (
        held && {
          id: held.id,
          integrations: held.integrations,
          specialReference: held.order.merchant_order_id,
          amountCents: held.order.amount_cents,
          expiresAt: held.expiresAt,
          notificationUrl: held.notificationUrl,
          redirectionUrl: held.redirectionUrl,
          extras: held.extras,
        }
      );
    },
    framePathOf: (paymobOrderId) => {
      const held = ledger.byOrderOf(paymobOrderId);
      return held && `${prefix}/unifiedcheckout/?${new URLSearchParams({ publicKey: account.publicKey, clientSecret: held.clientSecret })}`;
    },
    walletOtpOf: (paymobOrderId) => {
      const held = ledger.byOrderOf(paymobOrderId);
      const token = held?.approvals[held.approvals.length - 1];
      return token === undefined ? undefined : ledger.approvals.get(token)?.otp;
    },
    payKiosk: (reference) => payKiosk(context, reference),
    callbackOf: (paymobOrderId) => {
      const found = latest(paymobOrderId);
      return found && transactionCallback(account.hmacSecret, found.t);
    },
    intentionCallbackOf: (paymobOrderId) => {
      const found = latest(paymobOrderId);
      return found && intentionCallback(account.hmacSecret, found.held, found.t);
    },
    redirectQueryOf: (paymobOrderId) => {
      const found = latest(paymobOrderId);
      return found && redirectQuery(account.hmacSecret, found.t);
    },
    amend: (paymobOrderId, changes) => {
      const found = latest(paymobOrderId);
      if (found) ledger.update(found.held, found.t.id, changes);
    },
    delivered: () => deliveries.delivered(),
    close: () => deliveries.close(),
  };
  return { router, control };
};
