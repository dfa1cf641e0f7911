import Koa, { Context, Next } from 'koa';
import Router from '@koa/router';
import { koaBody } from 'koa-body';
import { Browse } from '../../core/catalog/use-cases/browse';
import { SearchCatalog } from '../../core/catalog/use-cases/search';
import { SiteAddresses } from '../../core/catalog/use-cases/addresses';
import { VisitorLocation } from '../../core/location/use-cases';
import { Cart } from '../../core/cart/use-cases';
import { clientFaultOf, logClientFault } from './client-faults';
import { errorSummary } from './error-log';
import { STATUS_OF, fail, outageOf } from './respond';
import { catalogRoutes } from './routes/catalog';
import { locationRoutes } from './routes/location';
import { AccountUseCases, accountRoutes } from './routes/accounts';
import { cartRoutes } from './routes/cart';
import { OrderingUseCases, orderingRoutes } from './routes/ordering';
import { AdminUseCases, adminRoutes } from './routes/admin';
import { CouponUseCases, couponRoutes } from './routes/coupons';
import { AdminOrderUseCases, adminOrderRoutes } from './routes/admin-orders';
import { AdminCustomerUseCases, adminCustomerRoutes } from './routes/admin-customers';
import { JobsUseCases, jobsRoutes } from './routes/jobs';
import { ReportsUseCases, reportsRoutes } from './routes/reports';
import { GoogleSignInRoutes, googleRoutes } from './routes/google';
import { GuestUseCases, guestRoutes } from './routes/guest';
import { GuestOrderPasses } from './guest-cookies';
import { CoverFiles, serveUploads } from './uploads';
import { DeliveryUseCases, deliveryRoutes } from './routes/delivery';
import { FileLinks } from './delivery/file-links';
import { ProviderRoutes, providerNoticeRoutes } from './routes/provider-notices';
import { receiptRoute } from './routes/payment-receipts';
import { PaymentSettings } from '../../api/ordering';
import { DownloadLinks } from './download-links';
import { sameOriginOnly, withSession } from './session';
import { serveUi } from './ui';
import { PageRendering, catalogueReads } from './rendered-pages';
import type { PageRenderer } from '../../api/rendered-page';
import { currencyRegionOf } from '../../core/catalog/domain/pricing';
import { Sitemaps, serveSitemaps } from './sitemaps';
import { AnswerCaches } from './response-cache';
import { SecurityPolicy, noStoreForUsers, securityHeaders } from './security-headers';
import { refuseLongAddresses } from './server-limits';
import { Logger } from './logger';
import { recordServerError, requestLog } from './request-log';
import { Readiness, healthRoutes } from './routes/health';
import { AddressLimits, holdRefusal, limitRequests } from './address-limits';
import { SignInTurns } from './sign-in-turns';
import { callRoutes } from './calls';

export interface HttpConfig {
  /** How many proxies in front of the app may set X-Forwarded-For; 0 trusts none. */
  readonly trustProxy: number;
  /** The store's own address (PUBLIC_URL, DECISIONS 19): the origin the same-origin check expects. */
  readonly publicUrl: string;
  /** PUBLIC_URL as the operator set it: robots.txt and the sitemaps give addresses at it, or, unset, at the request's origin. */
  readonly canonicalUrl?: string;
  /** The built UI; absent for API-only tests. */
  readonly uiDir?: string;
  /** The UI's renderer of the shopper's pages (issue 22); without it, the browser renders every page. */
  readonly renderPages?: PageRenderer;
  readonly supportEmail: string;
  /** Encoded catalogue answers; the composition root clears it when the catalogue changes. */
  readonly answerCaches: AnswerCaches;
  /** The registered payment providers, as the checkout sees them (GET /api/payment/settings). */
  readonly paymentSettings: PaymentSettings;
  /** Each provider's own calls (webhooks, callbacks, returns), mounted under /api/payments/<name>. */
  readonly paymentRoutes: readonly ProviderRoutes[];
  /** What the providers' pages need in the content policy: real ones' sites, emulators' framed pages. */
  readonly paymentPages: Pick<SecurityPolicy, 'sources' | 'framedPages'>;
  readonly downloadLinks: DownloadLinks;
  /** The signed passes of guest orders, for the browser that started one (DECISIONS 25). */
  readonly guestPasses: GuestOrderPasses;
  /** The product files' links (issue 19), and where uploads wait while they are checked. */
  readonly fileLinks: FileLinks;
  readonly uploadsInProgress: string;
  /** The providers' local emulators, when a provider has no credentials (DECISIONS 20). */
  readonly emulators: readonly Router[];
  readonly now: () => Date;
  /** The admin's uploaded covers, in the file storage, served under /uploads/. */
  readonly covers: CoverFiles;
  /** Sign-in with Google (or its local emulator), and the store's own address for its callback. */
  readonly google: GoogleSignInRoutes & { readonly emulators?: readonly Router[] };
  /** An operator's public test store (DECISIONS 21): every page says no real payments are taken. */
  readonly testStore?: boolean;
  /** Whether the store can serve now (GET /api/ready), from the composition root. */
  readonly readiness: () => Promise<Readiness>;
  readonly logger: Logger;
  /** Whether an error means the database cannot be reached now: answered 503, not 500. */
  readonly isDatabaseUnavailable?: (error: unknown) => boolean;
  /** The per-address limit on every request; left out, off. */
  readonly addressLimits?: AddressLimits;
  /** Turns the sign-in calls take, a few at once, in each process (none: as many at once as come). */
  readonly signInTurns?: SignInTurns;
  /** Whether an error means the store turned work away to stay responsive (sign-ins queued): 503. */
  readonly isBusy?: (error: unknown) => boolean;
}

export interface UseCases extends AccountUseCases, OrderingUseCases, AdminUseCases, AdminOrderUseCases, AdminCustomerUseCases, CouponUseCases, GuestUseCases, DeliveryUseCases, JobsUseCases, ReportsUseCases {
  readonly browse: Browse;
  readonly search: SearchCatalog;
  readonly siteAddresses: SiteAddresses;
  readonly location: VisitorLocation;
  readonly cart: Cart;
}

const SERVER_ERROR = 'Something went wrong on our side. Please try again.';

/**
 * `middleware` for the addresses under `prefix` alone (in any case, as the routers match): a page's
 * address is not tried against the pattern of each of the API's hundred routes, which @koa/router
 * does for every request it is given (a visible part of a cached rendered page's CPU profile).
 */
const under = <C extends { readonly path: string }>(prefix: string | undefined, middleware: (ctx: C, next: Next) => Promise<unknown>) => {
  if (!prefix) return middleware;
  const inside = new RegExp(`^${prefix}(?:/|$)`, 'i');
  return (ctx: C, next: Next) => (inside.test(ctx.path) ? middleware(ctx, next) : next());
};
export const DATABASE_UNAVAILABLE = 'The store cannot reach its database. Please try again in a moment.';
export const STORE_BUSY = 'The store is very busy right now. Please try again in a moment.';
/** Bodies above this are refused before parsing; every JSON call of the store is far smaller. */
export const JSON_LIMIT = '2mb';

/** Koa errors that carry a status meant for the client (bad JSON, body too large). */
const isClientError = (error: unknown): error is { status: number; message: string; expose?: boolean } =>
  typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number' && error.status < 500;

export const createApp = (useCases: UseCases, config: HttpConfig): Koa => {
  const app = new Koa({ proxy: config.trustProxy > 0, maxIpsCount: config.trustProxy });
  // A client that broke HTTP or went away is not a fault of the store (client-faults.ts).
  app.on('error', (error: unknown, ctx?: Context) => {
    const fault = clientFaultOf(error);
    if (fault) logClientFault(config.logger, fault, ctx);
    else config.logger.error({ err: errorSummary(error) }, 'server error');
  });

  app.use(requestLog(config.logger, config.trustProxy > 0));
  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      // The web server's own words (koa-body's 'invalid JSON'...): coded by what it refused.
      if (isClientError(error))
        return fail(ctx, error.status, error.expose ? error.message : 'Bad request', error.status === 413 ? 'request.too_large' : 'request.unreadable');
      // A body cut short (an aborted upload) fails its reader: the client's doing, logged as such
      // when Node reports it on the socket, never as a server error.
      if (ctx.req.destroyed && !ctx.req.complete && clientFaultOf(error)) return fail(ctx, 400, 'Bad request');
      if (config.isBusy?.(error)) {
        // Work turned away on purpose, not a fault: nothing to log but the 503, held as a limit's
        // refusal is, so a flood that tries again at once is not answered thousands of times a second.
        await holdRefusal();
        ctx.set('Retry-After', '1');
        return fail(ctx, STATUS_OF.unavailable, STORE_BUSY);
      }
      recordServerError(ctx, errorSummary(error));
      if (config.isDatabaseUnavailable?.(error)) {
        // A restart of the database takes seconds: the client may try again soon, the process stays up.
        ctx.set('Retry-After', '5');
        return fail(ctx, STATUS_OF.unavailable, DATABASE_UNAVAILABLE);
      }
      const outage = outageOf(error);
      if (outage) {
        ctx.set('Retry-After', '5');
        return fail(ctx, outage.status, outage.message);
      }
      fail(ctx, 500, SERVER_ERROR);
    }
  });

  app.use(securityHeaders({ publicUrl: config.publicUrl, ...config.paymentPages }));
  app.use(noStoreForUsers);
  app.use(refuseLongAddresses);
  // Before anything that reads the body or the database.
  app.use(limitRequests(config.addressLimits?.requests, { trusted: config.trustProxy > 0, logger: config.logger }));

  // Before any body parser: the providers' notifications are verified over their exact bytes, and
  // the emulators read their own bodies.
  const receipt = receiptRoute({ publicUrl: config.publicUrl, signIn: useCases.signIn, paymentsByHand: useCases.paymentsByHand });
  const notices = providerNoticeRoutes(config.paymentRoutes, useCases.confirmPayment, receipt, (line) => config.logger.warn({}, line));
  app.use(notices.routes());
  for (const emulator of [...config.emulators, ...(config.google.emulators ?? [])]) app.use(under(emulator.opts.prefix, emulator.routes()));

  const api = new Router({ prefix: '/api' });
  api.use(sameOriginOnly(config.publicUrl));
  api.use(koaBody({ jsonLimit: JSON_LIMIT, formLimit: '100kb', textLimit: '100kb', multipart: false }));
  api.use(withSession(useCases.signIn));
  const on = callRoutes(api, config.signInTurns);
  healthRoutes(on, config.readiness);
  catalogRoutes(api, useCases.browse, useCases.search, config.answerCaches);
  locationRoutes(on, useCases.location);
  accountRoutes(on, useCases);
  cartRoutes(on, useCases.cart);
  orderingRoutes(on, useCases, { paymentSettings: config.paymentSettings, downloadLinks: config.downloadLinks, now: config.now });
  adminRoutes(on, useCases);
  couponRoutes(on, useCases);
  adminOrderRoutes(on, useCases);
  adminCustomerRoutes(on, useCases);
  deliveryRoutes(on, useCases, {
    fileLinks: config.fileLinks,
    uploadsInProgress: config.uploadsInProgress,
    now: config.now,
    logError: (error) => config.logger.error({ err: errorSummary(error) }, 'A download could not be logged'),
  });
  jobsRoutes(on, useCases);
  reportsRoutes(on, useCases);
  googleRoutes(on, config.google, config.logger);
  guestRoutes(on, useCases, { passes: config.guestPasses, now: config.now });
  app.use(async (ctx, next) => {
    await next();
    if (ctx.status === 405) fail(ctx, 405, 'Method not allowed');
  });
  app.use(under(api.opts.prefix, api.routes()));
  app.use(under(api.opts.prefix, api.allowedMethods()));
  app.use(async (ctx, next) => {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) return fail(ctx, 404, 'No such API call');
    await next();
  });

  app.use(serveSitemaps(new Sitemaps(useCases.siteAddresses, config.answerCaches.sitemaps), { canonicalUrl: config.canonicalUrl, listenUrl: config.publicUrl }));
  app.use(serveUploads(config.covers));
  const renderPages = config.renderPages;
  const rendering: PageRendering | undefined = renderPages && {
    renderer: () => renderPages(catalogueReads(useCases.browse, useCases.search, config.answerCaches), { supportEmail: config.supportEmail }),
    regionOf: (ctx) => currencyRegionOf(useCases.location.countryOf(ctx.ip)),
    cache: config.answerCaches.rendered,
    origin: config.publicUrl,
    warn: (line) => config.logger.warn({}, line),
  };
  if (config.uiDir)
    app.use(serveUi(config.uiDir, { supportEmail: config.supportEmail, testStore: config.testStore === true, googleSignIn: config.google.provider !== undefined }, rendering));
  return app;
};
