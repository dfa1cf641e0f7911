import type Koa from 'koa';
import type { Catalog, CatalogWriter } from '../../core/catalog/ports/catalog';
import type { Browse } from '../../core/catalog/use-cases/browse';
import type { SearchCatalog } from '../../core/catalog/use-cases/search';
import type { SiteAddresses } from '../../core/catalog/use-cases/addresses';
import type { Carts } from '../../core/cart/ports';
import type { Cart } from '../../core/cart/use-cases';
import type { PasswordHasher, Sessions, SignInThrottle, Users } from '../../core/identity/ports';
import type { Attempts } from '../../core/shared/attempts';
import type { AdminAtStart } from '../../core/identity/use-cases/admin-at-start';
import type { Profile } from '../../core/identity/use-cases/profile';
import type { SignIn } from '../../core/identity/use-cases/sign-in';
import type { SignUp } from '../../core/identity/use-cases/sign-up';
import type { PasswordResets, ResetTokens } from '../../core/identity/ports/password-resets';
import type { PasswordReset } from '../../core/identity/use-cases/password-reset';
import type { ExternalSignIn } from '../../core/identity/use-cases/external-sign-in';
import type { ExternalIdentities, PendingSignIns } from '../../core/identity/ports';
import type { CountryLookup, Visits } from '../../core/location/ports';
import type { Retention } from '../../core/housekeeping/ports';
import type { Housekeeping } from '../../core/housekeeping/use-cases';
import type { VisitorLocation } from '../../core/location/use-cases';
import type { Clock, IdGenerator } from '../../core/shared/ids';
import type { OrderReader, RefundLedger, UnitOfWork } from '../../core/ordering/ports/orders';
import type { RefundOrder } from '../../core/ordering/use-cases/refund-order';
import type { Mailer, Outbox } from '../../core/ordering/ports/mailer';
import type { Gateways } from '../../core/ordering/ports/payment-gateway';
import type { StartCheckout } from '../../core/ordering/use-cases/start-checkout';
import type { ConfirmPayment } from '../../core/ordering/use-cases/confirm-payment';
import type { Reconcile } from '../../core/ordering/use-cases/reconcile';
import type { MyOrders } from '../../core/ordering/use-cases/my-orders';
import type { GuestLibraryAccess } from '../../core/ordering/use-cases/guest-library';
import type { GuestLibrary } from '../../core/ordering/ports/guest-library';
import type { OpenDownload } from '../../core/ordering/use-cases/open-download';
import type { Settlement } from '../../core/ordering/use-cases/settlement';
import type { AuditLog } from '../../core/audit/ports';
import type { AuditTrail } from '../../core/audit/use-cases';
import type { SalesFigures } from '../../core/reports/ports';
import type { Reports } from '../../core/reports/use-cases';
import type { ExchangeRates, ImageReader, ImageStorage, ProductEditor } from '../../core/catalog/ports/product-editor';
import type { ManageProducts } from '../../core/catalog/use-cases/manage-products';
import type { ManageCoupons } from '../../core/coupons/use-cases';
import type { CouponReader } from '../../core/coupons/ports';
import type { BrowseProductsTable } from '../../core/catalog/use-cases/products-table';
import type { CustomerOrders } from '../../core/ordering/use-cases/customer-orders';
import type { FindOrders } from '../../core/ordering/use-cases/find-orders';
import type { Customers } from '../../core/ordering/use-cases/customers';
import type { PaymentReceipts } from '../../core/ordering/ports/payment-receipts';
import type { PaymentsByHand } from '../../core/ordering/use-cases/payments-by-hand';
import type { FileStorage } from '../../core/delivery/ports/file-storage';
import type { ProductFiles } from '../../core/delivery/ports/product-files';
import type { StampedCopies } from '../../core/delivery/ports/stamped-copies';
import type { StampCopies } from '../../core/delivery/use-cases/stamp-copies';
import type { DownloadLog } from '../../core/delivery/ports/download-log';
import type { ManageProductFiles } from '../../core/delivery/use-cases/manage-files';
import type { Downloads } from '../../core/delivery/use-cases/downloads';
import type { JobQueue } from '../../core/shared/jobs';
import type { FailedJobs } from '../../core/jobs/ports';
import type { BackgroundJobs } from '../../core/jobs/use-cases';
import type { ReadingPositions } from '../../core/delivery/ports/reading-positions';
import type { Reading } from '../../core/delivery/use-cases/reading';
import type { Database } from '../persistence/database';
import type { AppConfig } from './config';

/** A name in the container that carries the type of what it names, so `get` and `bind` are checked. */
export type Token<T> = symbol & { readonly __holds?: T };
const token = <T>(name: string): Token<T> => Symbol.for(name) as Token<T>;

/** Names of what the container holds. Only adapters/di and the entry points use them. */
export const TOKENS = {
  Config: token<AppConfig>('Config'),
  Database: token<Database>('Database'),
  Clock: token<Clock>('Clock'),
  Catalog: token<Catalog>('Catalog'),
  CatalogWriter: token<CatalogWriter>('CatalogWriter'),
  CountryLookup: token<CountryLookup>('CountryLookup'),
  Visits: token<Visits>('Visits'),
  Browse: token<Browse>('Browse'),
  SearchCatalog: token<SearchCatalog>('SearchCatalog'),
  SiteAddresses: token<SiteAddresses>('SiteAddresses'),
  VisitorLocation: token<VisitorLocation>('VisitorLocation'),
  IdGenerator: token<IdGenerator>('IdGenerator'),
  Users: token<Users>('Users'),
  PasswordHasher: token<PasswordHasher>('PasswordHasher'),
  Sessions: token<Sessions>('Sessions'),
  SignInThrottle: token<SignInThrottle>('SignInThrottle'),
  /** Tries counted per key in PostgreSQL: the sign-in throttle's table serves other limits too (free orders). */
  Attempts: token<Attempts>('Attempts'),
  Carts: token<Carts>('Carts'),
  SignUp: token<SignUp>('SignUp'),
  SignIn: token<SignIn>('SignIn'),
  Profile: token<Profile>('Profile'),
  AdminAtStart: token<AdminAtStart>('AdminAtStart'),
  ExternalIdentities: token<ExternalIdentities>('ExternalIdentities'),
  PendingSignIns: token<PendingSignIns>('PendingSignIns'),
  ExternalSignIn: token<ExternalSignIn>('ExternalSignIn'),
  Cart: token<Cart>('Cart'),
  PasswordResets: token<PasswordResets>('PasswordResets'),
  ResetTokens: token<ResetTokens>('ResetTokens'),
  PasswordReset: token<PasswordReset>('PasswordReset'),
  Orders: token<OrderReader>('Orders'),
  RefundLedger: token<RefundLedger>('RefundLedger'),
  UnitOfWork: token<UnitOfWork>('UnitOfWork'),
  RefundOrder: token<RefundOrder>('RefundOrder'),
  Outbox: token<Outbox>('Outbox'),
  Mailer: token<Mailer>('Mailer'),
  Gateways: token<Gateways>('Gateways'),
  Settlement: token<Settlement>('Settlement'),
  StartCheckout: token<StartCheckout>('StartCheckout'),
  ConfirmPayment: token<ConfirmPayment>('ConfirmPayment'),
  Reconcile: token<Reconcile>('Reconcile'),
  MyOrders: token<MyOrders>('MyOrders'),
  GuestLibrary: token<GuestLibrary>('GuestLibrary'),
  GuestLibraryAccess: token<GuestLibraryAccess>('GuestLibraryAccess'),
  OpenDownload: token<OpenDownload>('OpenDownload'),
  ProductEditor: token<ProductEditor>('ProductEditor'),
  /** Where the store keeps its files: covers, receipts, product files (the local disk or an S3 bucket). */
  FileStorage: token<FileStorage>('FileStorage'),
  ImageStorage: token<ImageStorage>('ImageStorage'),
  ImageReader: token<ImageReader>('ImageReader'),
  ExchangeRates: token<ExchangeRates>('ExchangeRates'),
  AuditLog: token<AuditLog>('AuditLog'),
  ManageProducts: token<ManageProducts>('ManageProducts'),
  BrowseProductsTable: token<BrowseProductsTable>('BrowseProductsTable'),
  CustomerOrders: token<CustomerOrders>('CustomerOrders'),
  FindOrders: token<FindOrders>('FindOrders'),
  Customers: token<Customers>('Customers'),
  PaymentReceipts: token<PaymentReceipts>('PaymentReceipts'),
  /** Where receipts' images are kept: a folder the app never serves (only the admin's receipt call reads it). */
  ReceiptImages: token<ImageStorage>('ReceiptImages'),
  PaymentsByHand: token<PaymentsByHand>('PaymentsByHand'),
  AuditTrail: token<AuditTrail>('AuditTrail'),
  Coupons: token<CouponReader>('Coupons'),
  ManageCoupons: token<ManageCoupons>('ManageCoupons'),
  SalesFigures: token<SalesFigures>('SalesFigures'),
  Reports: token<Reports>('Reports'),
  Retention: token<Retention>('Retention'),
  Housekeeping: token<Housekeeping>('Housekeeping'),
  ProductFiles: token<ProductFiles>('ProductFiles'),
  DownloadLog: token<DownloadLog>('DownloadLog'),
  ManageProductFiles: token<ManageProductFiles>('ManageProductFiles'),
  Downloads: token<Downloads>('Downloads'),
  StampedCopies: token<StampedCopies>('StampedCopies'),
  StampCopies: token<StampCopies>('StampCopies'),
  ReadingPositions: token<ReadingPositions>('ReadingPositions'),
  Reading: token<Reading>('Reading'),
  HttpApp: token<Koa>('HttpApp'),
  /** The job queue in the database (pg-boss): enqueue anywhere, or in a unit of work as `tx.jobs`. */
  Jobs: token<JobQueue>('Jobs'),
  FailedJobs: token<FailedJobs>('FailedJobs'),
  BackgroundJobs: token<BackgroundJobs>('BackgroundJobs'),
} as const;
