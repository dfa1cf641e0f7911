import 'reflect-metadata';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Container } from 'inversify';
import Koa from 'koa';
import { Browse } from '../../core/catalog/use-cases/browse';
import { SiteAddresses } from '../../core/catalog/use-cases/addresses';
import { SearchCatalog } from '../../core/catalog/use-cases/search';
import { VisitorLocation } from '../../core/location/use-cases';
import { GeoipCountries } from '../geo/geoip-countries';
import { createApp } from '../http/app';
import { Readiness } from '../http/routes/health';
import { createLogger } from '../http/logger';
import { databaseReadiness } from '../persistence/readiness';
import { answerCaches } from '../http/response-cache';
import { CachedCatalog, CatalogWriterThatTells, ProductEditorThatTells } from '../persistence/cached-catalog';
import { KnexProductEditor } from '../persistence/knex-product-editor';
import { KnexProductsTable } from '../persistence/knex-products-table';
import { BrowseProductsTable } from '../../core/catalog/use-cases/products-table';
import { KnexAuditLog } from '../persistence/knex-audit-log';
import { RECEIPTS, StoredImages } from '../storage/stored-images';
import { SizedCovers } from '../storage/sized-covers';
import { ImageSizeReader } from '../uploads/image-size-reader';
import { SharpCoverMaker } from '../uploads/sharp-cover-maker';
import { ConfiguredExchangeRate } from '../system/configured-exchange-rate';
import { ManageProducts } from '../../core/catalog/use-cases/manage-products';
import { CustomerOrders } from '../../core/ordering/use-cases/customer-orders';
import { FindOrders } from '../../core/ordering/use-cases/find-orders';
import { KnexOrderHistory } from '../persistence/knex-order-history';
import { Customers } from '../../core/ordering/use-cases/customers';
import { KnexCustomers } from '../persistence/knex-customers';
import { PaymentsByHand } from '../../core/ordering/use-cases/payments-by-hand';
import { KnexPaymentReceipts } from '../persistence/knex-payment-receipts';
import { AuditTrail } from '../../core/audit/use-cases';
import { Reports } from '../../core/reports/use-cases';
import { KnexSalesFigures } from '../persistence/knex-sales-figures';
import { openDatabase } from '../persistence/database';
import { KnexCatalog } from '../persistence/knex-catalog';
import { ChangeFeed } from '../persistence/change-feed';
import { ChangeListener } from '../persistence/change-listener';
import { isDatabaseUnavailable } from '../persistence/database-unavailable';
import { CachedCarts, CachedSessions, UsersThatTell } from '../persistence/cached-accounts';
import { KnexVisits } from '../persistence/knex-visits';
import { KnexRetention } from '../persistence/knex-retention';
import { Housekeeping } from '../../core/housekeeping/use-cases';
import { Argon2Hasher } from '../identity/argon2-hasher';
import { Turns, isNoTurnLeft } from '../identity/turns';
import { KnexCarts } from '../persistence/knex-carts';
import { KnexSessions, KnexSignInThrottle, KnexUsers } from '../persistence/knex-accounts';
import { ObjectIds } from '../system/object-ids';
import { AdminAtStart } from '../../core/identity/use-cases/admin-at-start';
import { Profile } from '../../core/identity/use-cases/profile';
import { SignIn } from '../../core/identity/use-cases/sign-in';
import { SignUp } from '../../core/identity/use-cases/sign-up';
import { PasswordReset } from '../../core/identity/use-cases/password-reset';
import { KnexPasswordResets } from '../persistence/knex-password-resets';
import { PasswordResetsThatTell } from '../persistence/password-resets-that-tell';
import { RandomResetTokens } from '../identity/random-reset-tokens';
import { Cart } from '../../core/cart/use-cases';
import { StartCheckout } from '../../core/ordering/use-cases/start-checkout';
import { ConfirmPayment } from '../../core/ordering/use-cases/confirm-payment';
import { Reconcile } from '../../core/ordering/use-cases/reconcile';
import { MyOrders } from '../../core/ordering/use-cases/my-orders';
import { OpenDownload } from '../../core/ordering/use-cases/open-download';
import { Settlement } from '../../core/ordering/use-cases/settlement';
import { KnexOrders } from '../persistence/knex-orders';
import { KnexRefundLedger, KnexUnitOfWork } from '../persistence/knex-unit-of-work';
import { KnexCoupons } from '../persistence/knex-coupons';
import { RandomCouponCodes } from '../system/coupon-codes';
import { ManageCoupons } from '../../core/coupons/use-cases';
import { RefundOrder } from '../../core/ordering/use-cases/refund-order';
import { KnexOutbox } from '../persistence/knex-outbox';
import { sharedSecret } from '../persistence/store-secrets';
import { KnexGuestLibrary } from '../persistence/knex-guest-library';
import { GuestLibraryAccess } from '../../core/ordering/use-cases/guest-library';
import { guestOrderPasses } from '../http/guest-cookies';
import { createMailer } from '../mail/nodemailer-mailer';
import { OutboxSender } from '../mail/outbox-sender';
import { PgBossJobs } from '../persistence/pg-boss-jobs';
import { KnexStampedCopies } from '../persistence/knex-stamped-copies';
import { StampCopies } from '../../core/delivery/use-cases/stamp-copies';
import { STAMP_COPIES } from '../../core/delivery/domain/stamped-copy';
import { ThreadStamper } from '../stamping/stamping-thread';
import { BackgroundJobs } from '../../core/jobs/use-cases';
import { HOUSEKEEPING, JOB_KINDS, RECONCILE_PAYMENTS, SEND_DUE_MAIL, pollMsFor, runPeriodically } from './background';
import { downloadLinks } from '../http/download-links';
import { AppConfig, publicUrlOf } from './config';
import { composePayments, refuseEmulatorsOutsideTestMode } from './payment-providers';
import { PAYMENT_PROVIDERS } from '../payments/registry';
import { composeGoogle } from './google';
import { ExternalSignIn } from '../../core/identity/use-cases/external-sign-in';
import { KnexExternalIdentities, KnexPendingSignIns } from '../persistence/knex-external-identities';
import { SystemRandomText } from '../system/random-text';
import { KnexDownloadLog, KnexProductFiles } from '../persistence/knex-product-files';
import { ManageProductFiles } from '../../core/delivery/use-cases/manage-files';
import { Downloads } from '../../core/delivery/use-cases/downloads';
import { Reading } from '../../core/delivery/use-cases/reading';
import { KnexReadingPositions } from '../persistence/knex-reading-positions';
import { fileLinks } from '../http/delivery/file-links';
import { TOKENS, Token } from './tokens';
import { composeStorage, moveImagesOnDisk } from './storage';

export interface Store {
  readonly container: Container;
  readonly app: Koa;
  /** What the container holds under a token, typed by the token. */
  get<T>(token: Token<T>): T;
  close(): Promise<void>;
}

const STORE_NAME = 'Dental Library';
/** How often records past their retention are removed (core/housekeeping/domain/retention.ts): the shortest rule is an hour. */
const HOUSEKEEPING_EVERY_MS = 60 * 60_000;
/** How often the outbox is looked at for due e-mail. */
const SEND_MAIL_EVERY_MS = 5_000;
/** Sign-in calls that may wait their turn in a process (about two seconds of work); more are answered 503. */
const SIGN_IN_QUEUE = 64;
/**
 * How the sign-in turns are shared (adapters/identity/turns.ts), now that no limit counts valid
 * sign-ins: each turn rests, so a flood of valid sign-ins leaves the process to other shoppers'
 * pages (docs/measured.md, fairness). On PGlite a sign-in's statements take the database's one
 * connection (on its own thread), which every other request's statements wait for, so its turns
 * rest three times their work (a quarter of the time at most); on PostgreSQL they run in the
 * server's pool, and resting as long as the work is enough. And one address holds at
 * most 8 places, so a flood from it never fills the queue others wait in: a campus signing in one
 * after another never has 8 in the queue at the same instant.
 */
const signInSharing = (engine: AppConfig['database']['engine']) => ({ restRatio: engine === 'pglite' ? 3 : 1, perKey: 8 });

/** Ready when the database is, then the file storage, then every payment provider's own probe. */
const storeReadiness = (...probes: (() => Promise<Readiness>)[]) => async (): Promise<Readiness> => {
  for (const probe of probes) {
    const now = await probe();
    if (!now.ready) return now;
  }
  return { ready: true };
};

/**
 * The composition root: the only place that picks and builds adapters. Everything is a singleton;
 * the process holds no state of its own beyond caches (DECISIONS 5).
 */
export const composeStore = async (config: AppConfig): Promise<Store> => {
  // Before anything is opened: a store that would serve emulated payments to the public never starts.
  const paymentProviders = { testMode: config.testMode !== undefined, providers: config.paymentProviders ?? PAYMENT_PROVIDERS, configured: config.payments ?? {} };
  refuseEmulatorsOutsideTestMode(paymentProviders);
  // One log for the whole store: requests, and what any adapter has to tell the operator.
  const logger = createLogger(config.logLevel);
  const warn = (message: string) => logger.warn({}, message);
  const database = await openDatabase(config.database, { warn, error: (message) => logger.error({}, message) });
  const container = new Container({ defaultScope: 'Singleton' });
  const get = <T>(token: Token<T>): T => container.get<T>(token);
  const bind = <T>(token: Token<T>) => container.bind<T>(token);

  bind(TOKENS.Config).toConstantValue(config);
  bind(TOKENS.Database).toConstantValue(database);
  bind(TOKENS.Clock).toConstantValue(config.clock ?? { now: () => new Date() });

  // Caches of several processes stay consistent through a log of what changed (ChangeFeed).
  const changes = new ChangeFeed(database.knex, config.catalogueRefreshMs);
  await changes.start().catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  // On a PostgreSQL server, each logged change also wakes the other processes (PGlite is one process).
  const listener =
    config.database.engine === 'postgres' && config.listenForChanges !== false
      ? new ChangeListener(config.database.url, () => void changes.readNow().catch(() => {}), warn)
      : undefined;
  await listener?.start();
  // Background work on a job queue in the database (pg-boss): with `background` off, jobs are still
  // queued (in the change's transaction), and some other process runs them.
  const periods = { mail: config.sendMailEveryMs ?? SEND_MAIL_EVERY_MS, reconcile: config.reconcileEveryMs, housekeeping: config.housekeepingEveryMs ?? HOUSEKEEPING_EVERY_MS };
  const jobs = await PgBossJobs.open(database.knex, {
    kinds: JOB_KINDS,
    log: (line) => logger.error({}, line),
    maintain: config.background,
    pollMs: pollMsFor(Object.values(periods)),
  }).catch(async (error: unknown) => {
    changes.stop();
    await listener?.close();
    await database.close();
    throw error;
  });
  bind(TOKENS.Jobs).toConstantValue(jobs);
  bind(TOKENS.FailedJobs).toConstantValue(jobs);
  const caches = answerCaches();
  changes.on('catalogue', () => {
    caches.pages.clear();
    caches.searches.clear();
    caches.rendered.clear();
    caches.sitemaps.clear();
  });

  const knexCatalog = new KnexCatalog(database.knex, changes);
  bind(TOKENS.Catalog).toConstantValue(new CachedCatalog(knexCatalog, changes));
  bind(TOKENS.CatalogWriter).toConstantValue(new CatalogWriterThatTells(knexCatalog, changes));
  bind(TOKENS.CountryLookup).toDynamicValue(() => new GeoipCountries());
  bind(TOKENS.Visits).toDynamicValue(() => new KnexVisits(database.knex));

  bind(TOKENS.IdGenerator).toConstantValue(new ObjectIds());
  bind(TOKENS.Users).toDynamicValue(() => new UsersThatTell(new KnexUsers(database.knex), changes));
  bind(TOKENS.PasswordHasher).toDynamicValue(() => new Argon2Hasher(config.argon2, new Turns(config.signInsAtOnce)));
  bind(TOKENS.Sessions).toDynamicValue(() => new CachedSessions(new KnexSessions(database.knex, get(TOKENS.Clock)), changes, get(TOKENS.Clock)));
  bind(TOKENS.SignInThrottle).toDynamicValue(() => new KnexSignInThrottle(database.knex, get(TOKENS.Clock)));
  bind(TOKENS.Attempts).toDynamicValue(() => get(TOKENS.SignInThrottle));
  bind(TOKENS.Carts).toDynamicValue(() => new CachedCarts(new KnexCarts(database.knex), changes));

  bind(TOKENS.Browse).toDynamicValue(() => new Browse(get(TOKENS.Catalog)));
  bind(TOKENS.SearchCatalog).toDynamicValue(() => new SearchCatalog(get(TOKENS.Catalog)));
  bind(TOKENS.SiteAddresses).toDynamicValue(() => new SiteAddresses(get(TOKENS.Catalog)));
  bind(TOKENS.VisitorLocation)
    .toDynamicValue(() => new VisitorLocation(get(TOKENS.CountryLookup), get(TOKENS.Visits), get(TOKENS.Clock)));
  bind(TOKENS.SignUp).toDynamicValue(
    () => new SignUp(get(TOKENS.Users), get(TOKENS.PasswordHasher), get(TOKENS.IdGenerator), get(TOKENS.Sessions), get(TOKENS.SignInThrottle), get(TOKENS.Clock)),
  );
  bind(TOKENS.SignIn).toDynamicValue(
    () => new SignIn(get(TOKENS.Users), get(TOKENS.PasswordHasher), get(TOKENS.Sessions), get(TOKENS.SignInThrottle), get(TOKENS.Clock)),
  );
  bind(TOKENS.Profile).toDynamicValue(() => new Profile(get(TOKENS.Users), get(TOKENS.PasswordHasher), get(TOKENS.SignInThrottle), get(TOKENS.ExternalIdentities)));
  bind(TOKENS.AdminAtStart).toDynamicValue(() => new AdminAtStart(get(TOKENS.Users), get(TOKENS.PasswordHasher), get(TOKENS.IdGenerator)));
  bind(TOKENS.Cart).toDynamicValue(() => new Cart(get(TOKENS.Carts), get(TOKENS.Catalog)));

  // Checkout, payment and delivery: each provider real with its credentials, else its local emulator.
  const publicUrl = publicUrlOf(config, config.port);
  const payments = composePayments({ ...paymentProviders, publicUrl, clock: get(TOKENS.Clock) });
  // Password reset: links e-mailed through the outbox, built from the public address (DECISIONS 19).
  bind(TOKENS.PasswordResets).toDynamicValue(() => new PasswordResetsThatTell(new KnexPasswordResets(database.knex), changes));
  bind(TOKENS.ResetTokens).toConstantValue(new RandomResetTokens());
  bind(TOKENS.PasswordReset).toDynamicValue(
    () =>
      new PasswordReset(get(TOKENS.PasswordResets), get(TOKENS.ResetTokens), get(TOKENS.PasswordHasher), get(TOKENS.SignInThrottle), get(TOKENS.Clock), {
        supportAddress: config.supportEmail,
        storeUrl: publicUrl,
      }),
  );
  const links = downloadLinks(await sharedSecret(database.knex, 'download-links'));
  bind(TOKENS.Gateways).toConstantValue(payments.gateways);
  // Coupons (issue 21): read here, used and given back in the orders' units of work.
  bind(TOKENS.Coupons).toDynamicValue(() => new KnexCoupons(database.knex));
  bind(TOKENS.ManageCoupons).toDynamicValue(
    () => new ManageCoupons(get(TOKENS.Coupons), get(TOKENS.UnitOfWork), get(TOKENS.IdGenerator), new RandomCouponCodes(), get(TOKENS.Clock)),
  );
  bind(TOKENS.Orders).toDynamicValue(() => new KnexOrders(database.knex));
  bind(TOKENS.RefundLedger).toDynamicValue(() => new KnexRefundLedger(database.knex));
  bind(TOKENS.UnitOfWork).toDynamicValue(() => new KnexUnitOfWork(database.knex, jobs));
  const contact = { supportAddress: config.supportEmail, storeUrl: publicUrl };
  bind(TOKENS.Outbox).toDynamicValue(() => new KnexOutbox(database.knex));
  bind(TOKENS.Mailer).toDynamicValue(() =>
    createMailer({ from: { name: STORE_NAME, address: config.supportEmail }, smtpUrl: config.smtpUrl, emlDir: path.join(config.dataDir || os.tmpdir(), 'outbox'), log: (message) => logger.info({}, message) }),
  );
  bind(TOKENS.Settlement).toDynamicValue(
    () => new Settlement(get(TOKENS.Orders), get(TOKENS.UnitOfWork), contact, { tokens: get(TOKENS.ResetTokens), clock: get(TOKENS.Clock) }, get(TOKENS.ProductFiles)),
  );
  // Guest checkout (DECISIONS 25): libraries opened by e-mailed links, passes for a guest's own checkout.
  bind(TOKENS.GuestLibrary).toDynamicValue(() => new KnexGuestLibrary(database.knex));
  bind(TOKENS.GuestLibraryAccess).toDynamicValue(
    () => new GuestLibraryAccess(get(TOKENS.GuestLibrary), get(TOKENS.UnitOfWork), get(TOKENS.ResetTokens), get(TOKENS.Attempts), get(TOKENS.Clock), contact),
  );
  const guestPasses = guestOrderPasses(await sharedSecret(database.knex, 'guest-orders'));
  bind(TOKENS.RefundOrder).toDynamicValue(
    () => new RefundOrder(get(TOKENS.Orders), get(TOKENS.RefundLedger), get(TOKENS.UnitOfWork), get(TOKENS.Gateways), contact, get(TOKENS.IdGenerator), get(TOKENS.Clock)),
  );
  bind(TOKENS.StartCheckout).toDynamicValue(
    () =>
      new StartCheckout(
        get(TOKENS.Catalog),
        get(TOKENS.Carts),
        get(TOKENS.Orders),
        get(TOKENS.UnitOfWork),
        get(TOKENS.Gateways),
        get(TOKENS.Settlement),
        get(TOKENS.Attempts),
        get(TOKENS.IdGenerator),
        get(TOKENS.Clock),
        contact,
        get(TOKENS.Coupons),
      ),
  );
  bind(TOKENS.ConfirmPayment).toDynamicValue(
    () => new ConfirmPayment(get(TOKENS.Orders), get(TOKENS.UnitOfWork), get(TOKENS.Gateways), get(TOKENS.Settlement), get(TOKENS.RefundOrder)),
  );
  bind(TOKENS.Reconcile).toDynamicValue(
    () => new Reconcile(get(TOKENS.Orders), get(TOKENS.UnitOfWork), get(TOKENS.Gateways), get(TOKENS.Settlement), get(TOKENS.RefundOrder), get(TOKENS.Clock), contact),
  );
  bind(TOKENS.MyOrders).toDynamicValue(() => new MyOrders(get(TOKENS.Orders), get(TOKENS.Clock)));
  bind(TOKENS.OpenDownload).toDynamicValue(() => new OpenDownload(get(TOKENS.Orders), get(TOKENS.UnitOfWork), get(TOKENS.Clock)));

  // The store's files (covers, receipts, product files): the local disk under DATA_DIR/files, or an
  // S3-compatible bucket. Images an older store kept in DATA_DIR/uploads and /receipts move in once.
  const dataRoot = config.dataDir || (await fs.mkdtemp(path.join(os.tmpdir(), 'store-')));
  const storage = await composeStorage(config, dataRoot);
  bind(TOKENS.FileStorage).toConstantValue(storage.files);
  if (config.dataDir) await moveImagesOnDisk(config.dataDir, storage.files, { info: (message) => logger.info({}, message), warn });
  // Covers are kept with their sizes (issue 22): two of sharp's encodes at once, one thread each, so
  // image work takes at most two of libuv's four threads (the rest serve the store's file reads).
  const covers = new SizedCovers(storage.files, new SharpCoverMaker(new Turns(2, 10_000), { threads: 1 }));

  // The back office (DECISIONS 8-11, 17): each write carries its audit entry; covers go to the file storage.
  bind(TOKENS.ProductEditor).toDynamicValue(() => new ProductEditorThatTells(new KnexProductEditor(database.knex), changes));
  bind(TOKENS.ImageStorage).toConstantValue(covers);
  bind(TOKENS.ImageReader).toConstantValue(new ImageSizeReader());
  bind(TOKENS.ExchangeRates).toConstantValue(new ConfiguredExchangeRate(config.egpPerUsd));
  bind(TOKENS.AuditLog).toDynamicValue(() => new KnexAuditLog(database.knex));
  bind(TOKENS.ManageProducts).toDynamicValue(
    () =>
      new ManageProducts(get(TOKENS.ProductEditor), get(TOKENS.ImageStorage), get(TOKENS.ImageReader), get(TOKENS.ExchangeRates), get(TOKENS.IdGenerator), get(TOKENS.Clock)),
  );
  bind(TOKENS.BrowseProductsTable).toDynamicValue(() => new BrowseProductsTable(new KnexProductsTable(database.knex)));
  bind(TOKENS.CustomerOrders).toDynamicValue(() => new CustomerOrders(get(TOKENS.Orders), get(TOKENS.UnitOfWork), get(TOKENS.Clock), contact, get(TOKENS.ProductFiles)));
  bind(TOKENS.FindOrders).toDynamicValue(() => new FindOrders(get(TOKENS.Orders), new KnexOrderHistory(database.knex)));
  bind(TOKENS.Customers).toDynamicValue(
    () => new Customers(new KnexCustomers(database.knex), get(TOKENS.Orders), get(TOKENS.UnitOfWork), get(TOKENS.ResetTokens), get(TOKENS.Clock), contact),
  );
  // Transfers' receipts: private files, beside the covers, never among them, so no public address reaches them.
  bind(TOKENS.PaymentReceipts).toDynamicValue(() => new KnexPaymentReceipts(database.knex));
  bind(TOKENS.ReceiptImages).toConstantValue(new StoredImages(storage.files, RECEIPTS));
  bind(TOKENS.PaymentsByHand).toDynamicValue(
    () =>
      new PaymentsByHand(
        get(TOKENS.Orders),
        get(TOKENS.UnitOfWork),
        get(TOKENS.PaymentReceipts),
        get(TOKENS.ReceiptImages),
        get(TOKENS.ImageReader),
        get(TOKENS.Settlement),
        get(TOKENS.Clock),
        contact,
      ),
  );
  bind(TOKENS.AuditTrail).toDynamicValue(() => new AuditTrail(get(TOKENS.AuditLog)));
  // The owner's reports, from the rollups migration 031 keeps as orders change.
  bind(TOKENS.SalesFigures).toDynamicValue(() => new KnexSalesFigures(database.knex));
  bind(TOKENS.Reports).toDynamicValue(() => new Reports(get(TOKENS.SalesFigures)));
  bind(TOKENS.BackgroundJobs).toDynamicValue(() => new BackgroundJobs(get(TOKENS.FailedJobs), get(TOKENS.Clock)));

  // Product files and downloads per buyer (issue 19): the files in the storage, their rows and log in PostgreSQL.
  bind(TOKENS.ProductFiles).toDynamicValue(() => new KnexProductFiles(database.knex));
  bind(TOKENS.DownloadLog).toDynamicValue(() => new KnexDownloadLog(database.knex));
  bind(TOKENS.ManageProductFiles).toDynamicValue(
    () => new ManageProductFiles(get(TOKENS.ProductFiles), get(TOKENS.FileStorage), get(TOKENS.ProductEditor), get(TOKENS.IdGenerator), get(TOKENS.Clock)),
  );
  bind(TOKENS.Downloads).toDynamicValue(
    () =>
      new Downloads(get(TOKENS.Orders), get(TOKENS.ProductFiles), get(TOKENS.DownloadLog), get(TOKENS.FileStorage), get(TOKENS.Clock), contact, {
        copies: get(TOKENS.StampedCopies),
        jobs: get(TOKENS.Jobs),
      }),
  );
  // Each buyer's own stamped copy of a PDF or EPUB, made by a job queued when the order is paid.
  bind(TOKENS.StampedCopies).toDynamicValue(() => new KnexStampedCopies(database.knex));
  bind(TOKENS.StampCopies).toDynamicValue(
    () => new StampCopies(get(TOKENS.Orders), get(TOKENS.ProductFiles), get(TOKENS.StampedCopies), get(TOKENS.FileStorage), new ThreadStamper(), get(TOKENS.UnitOfWork), get(TOKENS.Clock), contact),
  );
  bind(TOKENS.ReadingPositions).toDynamicValue(() => new KnexReadingPositions(database.knex));
  bind(TOKENS.Reading).toDynamicValue(() => new Reading(get(TOKENS.Downloads), get(TOKENS.ReadingPositions), get(TOKENS.Clock)));
  const fileLinksOfStore = fileLinks(await sharedSecret(database.knex, 'file-links'));

  // Every table a visitor can add rows to is kept bounded by the retention policy.
  bind(TOKENS.Retention).toDynamicValue(() => new KnexRetention(database.knex));
  bind(TOKENS.Housekeeping).toDynamicValue(() => new Housekeeping(get(TOKENS.Retention), get(TOKENS.Clock)));

  // Sign-in with Google: the real one with its client configured, else the local emulated provider.
  bind(TOKENS.ExternalIdentities).toDynamicValue(() => new KnexExternalIdentities(database.knex));
  bind(TOKENS.PendingSignIns).toDynamicValue(() => new KnexPendingSignIns(database.knex));
  bind(TOKENS.ExternalSignIn).toDynamicValue(
    () =>
      new ExternalSignIn(get(TOKENS.Users), get(TOKENS.ExternalIdentities), get(TOKENS.PasswordHasher), get(TOKENS.IdGenerator), new SystemRandomText(), get(TOKENS.Sessions), get(TOKENS.SignInThrottle), get(TOKENS.Clock)),
  );
  const google = await composeGoogle(config, publicUrl, get(TOKENS.PendingSignIns), get(TOKENS.Clock), warn);

  bind(TOKENS.HttpApp).toDynamicValue(() =>
    createApp(
      {
        browse: get(TOKENS.Browse),
        search: get(TOKENS.SearchCatalog),
        siteAddresses: get(TOKENS.SiteAddresses),
        location: get(TOKENS.VisitorLocation),
        signUp: get(TOKENS.SignUp),
        signIn: get(TOKENS.SignIn),
        profile: get(TOKENS.Profile),
        passwordReset: get(TOKENS.PasswordReset),
        cart: get(TOKENS.Cart),
        startCheckout: get(TOKENS.StartCheckout),
        confirmPayment: get(TOKENS.ConfirmPayment),
        myOrders: get(TOKENS.MyOrders),
        openDownload: get(TOKENS.OpenDownload),
        customerOrders: get(TOKENS.CustomerOrders),
        findOrders: get(TOKENS.FindOrders),
        customers: get(TOKENS.Customers),
        refundOrder: get(TOKENS.RefundOrder),
        paymentsByHand: get(TOKENS.PaymentsByHand),
        manageProducts: get(TOKENS.ManageProducts),
        productsTable: get(TOKENS.BrowseProductsTable),
        auditTrail: get(TOKENS.AuditTrail),
        manageCoupons: get(TOKENS.ManageCoupons),
        reports: get(TOKENS.Reports),
        guestLibrary: get(TOKENS.GuestLibraryAccess),
        manageProductFiles: get(TOKENS.ManageProductFiles),
        downloads: get(TOKENS.Downloads),
        backgroundJobs: get(TOKENS.BackgroundJobs),
        reading: get(TOKENS.Reading),
      },
      {
        trustProxy: config.trustProxy,
        publicUrl,
        canonicalUrl: config.publicUrl,
        uiDir: config.uiDir,
        renderPages: config.renderPages,
        supportEmail: config.supportEmail,
        answerCaches: caches,
        paymentSettings: payments.settings,
        paymentRoutes: payments.routes,
        paymentPages: payments.pages,
        downloadLinks: links,
        guestPasses,
        fileLinks: fileLinksOfStore,
        uploadsInProgress: path.join(dataRoot, 'tmp', 'uploads'),
        emulators: payments.emulators,
        covers,
        google: { provider: google.provider, externalSignIn: get(TOKENS.ExternalSignIn), publicUrl, emulators: google.emulators, guestLibrary: get(TOKENS.GuestLibraryAccess) },
        testStore: config.testMode === 'public',
        now: () => get(TOKENS.Clock).now(),
        readiness: storeReadiness(databaseReadiness(database.knex), storage.readiness, payments.readiness),
        logger,
        isDatabaseUnavailable,
        addressLimits: config.addressLimits,
        signInTurns: new Turns(config.signInsAtOnce, SIGN_IN_QUEUE, signInSharing(config.database.engine)),
        isBusy: isNoTurnLeft,
      },
    ),
  );

  // Work of its own, as jobs: queued e-mail goes out, unsettled payments are asked about again, and
  // records past their retention go. Each run is claimed by one process among however many run.
  const sender = new OutboxSender(get(TOKENS.Outbox), get(TOKENS.Mailer), get(TOKENS.Clock), {
    log: (message) => logger.error({}, message),
    warn,
  });
  if (config.background) {
    await jobs.work(STAMP_COPIES, async (job) => {
      const run = await get(TOKENS.StampCopies).run(job.data.orderId);
      if (run.unstamped > 0) warn(`Order ${job.data.orderId}: ${run.unstamped} file(s) delivered as uploaded, without a stamp (see stamped_copies.note)`);
    });
    await runPeriodically(jobs, [
      { kind: SEND_DUE_MAIL, everyMs: periods.mail, run: async () => void (await sender.sendDue()) },
      {
        kind: RECONCILE_PAYMENTS,
        everyMs: periods.reconcile,
        run: async () => {
          const run = await get(TOKENS.Reconcile).run()();
          if (run._tag === 'Left') warn(`Reconciliation: ${run.left.message}`);
        },
      },
      {
        kind: HOUSEKEEPING,
        everyMs: periods.housekeeping,
        run: async () => {
          const run = await get(TOKENS.Housekeeping).run()();
          if (run._tag === 'Left') warn(`Housekeeping: ${run.left.message}`);
          else if (Object.values(run.right).some((n) => n > 0)) logger.info({ removed: run.right }, 'Housekeeping removed records past their retention');
        },
      },
    ]);
  }

  return {
    container,
    app: get(TOKENS.HttpApp),
    get,
    close: async () => {
      // The jobs under way finish first: they may still need the providers and the database.
      await jobs.stop();
      payments.close();
      storage.close();
      changes.stop();
      await listener?.close();
      await database.close();
    },
  };
};
