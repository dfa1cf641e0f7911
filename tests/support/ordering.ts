import { MemoryGateway } from '../../adapters/payments/memory/memory-gateway';
import { MemorySignInThrottle, MemoryUsers } from '../../adapters/persistence/memory/memory-accounts';
import { MemoryCarts } from '../../adapters/persistence/memory/memory-carts';
import { MemoryCatalog } from '../../adapters/persistence/memory/memory-catalog';
import { MemoryOrders } from '../../adapters/persistence/memory/memory-orders';
import { MemoryRefundLedger, MemoryUnitOfWork } from '../../adapters/persistence/memory/memory-unit-of-work';
import { RefundOrder } from '../../core/ordering/use-cases/refund-order';
import { User } from '../../core/identity/domain/user';
import { ConfirmPayment } from '../../core/ordering/use-cases/confirm-payment';
import { CustomerOrders } from '../../core/ordering/use-cases/customer-orders';
import { MyOrders } from '../../core/ordering/use-cases/my-orders';
import { OpenDownload } from '../../core/ordering/use-cases/open-download';
import { Reconcile } from '../../core/ordering/use-cases/reconcile';
import { Settlement } from '../../core/ordering/use-cases/settlement';
import { StartCheckout } from '../../core/ordering/use-cases/start-checkout';
import { MemoryJobs } from '../../adapters/persistence/memory/memory-jobs';
import { JOB_KINDS } from '../../adapters/di/background';
import { MemoryProductFiles } from '../../adapters/persistence/memory/memory-product-files';
import { FixedClock } from './clock';
import { RandomResetTokens } from '../../adapters/identity/random-reset-tokens';
import { MemoryGuestLibrary } from '../../adapters/persistence/memory/memory-guest-library';
import { GuestLibraryAccess } from '../../core/ordering/use-cases/guest-library';
import { nextId } from './products';
import { MemoryCoupons } from '../../adapters/persistence/memory/memory-coupons';
import { RandomCouponCodes } from '../../adapters/system/coupon-codes';
import { ManageCoupons } from '../../core/coupons/use-cases';

export const SUPPORT = 'support@dental-library.test';
export const STORE_URL = 'https://dental-library.test';

/**
 * The ordering use cases on the in-memory twins and the in-memory provider (held to the gateway
 * contract). Customer Orders names an order's account: a shopper made by `customer` has one.
 */
export const orderingOnMemory = () => {
  const clock = new FixedClock();
  const users = new MemoryUsers();
  const catalog = new MemoryCatalog();
  const carts = new MemoryCarts((id) => catalog.findById(id));
  const orders = new MemoryOrders((id) => catalog.secretsOf(id), undefined, { audit: catalog.audit, customerOf: (id) => users.findById(id) });
  const paypal = new MemoryGateway('paypal');
  const paymob = new MemoryGateway('paymob', 'EGP', 'https://accept.paymob.test/iframe', ['card', 'kiosk']);
  paymob.kioskExpiry = () => new Date(clock.now().getTime() + 48 * 3_600_000);
  const gateways = { paypal, paymob };
  const refundLedger = new MemoryRefundLedger();
  // The store's job kinds, as its queue has them: a paid order with a PDF queues its stamping.
  const jobs = new MemoryJobs(JOB_KINDS, catalog.audit);
  const coupons = new MemoryCoupons();
  const work = new MemoryUnitOfWork(orders, refundLedger, carts, catalog.audit, jobs, coupons);
  const contact = { supportAddress: SUPPORT, storeUrl: STORE_URL };
  const tokens = new RandomResetTokens();
  // Products' own files (issue 19): one with a file is delivered at payment.
  const files = new MemoryProductFiles(catalog.audit);
  const settlement = new Settlement(orders, work, contact, { tokens, clock }, files);
  const throttle = new MemorySignInThrottle(clock);
  const refunds = new RefundOrder(orders, refundLedger, work, gateways, contact, { next: nextId }, clock);
  return {
    clock,
    users,
    catalog,
    /** What admins did, catalogue and deliveries alike. */
    audit: catalog.audit,
    carts,
    orders,
    paypal,
    paymob,
    refundLedger,
    work,
    jobs,
    refunds,
    coupons,
    manageCoupons: new ManageCoupons(coupons, work, { next: nextId }, new RandomCouponCodes(), clock),
    checkout: new StartCheckout(catalog, carts, orders, work, gateways, settlement, throttle, { next: nextId }, clock, contact, coupons),
    guestLibrary: new GuestLibraryAccess(new MemoryGuestLibrary(orders), work, tokens, throttle, clock, contact),
    confirm: new ConfirmPayment(orders, work, gateways, settlement, refunds),
    reconcile: new Reconcile(orders, work, gateways, settlement, refunds, clock, contact),
    myOrders: new MyOrders(orders, clock),
    downloads: new OpenDownload(orders, work, clock),
    customerOrders: new CustomerOrders(orders, work, clock, contact, files),
    files,
    /** A shopper with an account, as every order's buyer has in the database. */
    customer: async (name = 'Hana'): Promise<User> => {
      const shopper = aShopper(name);
      await users.add({ ...shopper, passwordHash: `hash-${name}` });
      return shopper;
    },
  };
};

export const aShopper = (name = 'Hana'): User => ({ id: nextId(), username: name, email: `${name.toLowerCase()}@mail.test`, role: 'User' });

export const buyer = { name: 'Hana Adel', email: 'hana@mail.test' };
