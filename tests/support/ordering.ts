import { MemoryGateway } from '../../adapters/payments/memory/memory-gateway';
import { MemorySignInThrottle, MemoryUsers } from '../../adapters/persistence/memory/memory-accounts';
import { MemoryCarts } from '../../adapters/persistence/memory/memory-carts';
import { MemoryCatalog } from '../../adapters/persistence/memory/memory-catalog';
import { MemoryOrders } from '../../adapters/persistence/memory/memory-orders';
import { User } from '../../core/identity/domain/user';
import { ConfirmPayment } from '../../core/ordering/use-cases/confirm-payment';
import { CustomerOrders } from '../../core/ordering/use-cases/customer-orders';
import { MyOrders } from '../../core/ordering/use-cases/my-orders';
import { OpenDownload } from '../../core/ordering/use-cases/open-download';
import { Reconcile } from '../../core/ordering/use-cases/reconcile';
import { Settlement } from '../../core/ordering/use-cases/settlement';
import { StartCheckout } from '../../core/ordering/use-cases/start-checkout';
import { FixedClock } from './clock';
import { nextId } from './products';

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
  const paymob = new MemoryGateway('paymob', 'EGP', 'https://accept.paymob.test/iframe');
  const gateways = { paypal, paymob };
  const settlement = new Settlement(orders, carts, { supportAddress: SUPPORT, storeUrl: STORE_URL });
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
    checkout: new StartCheckout(catalog, carts, orders, gateways, settlement, new MemorySignInThrottle(clock), { next: nextId }, clock),
    confirm: new ConfirmPayment(orders, gateways, settlement),
    reconcile: new Reconcile(orders, gateways, settlement, clock),
    myOrders: new MyOrders(orders, clock),
    downloads: new OpenDownload(orders, clock),
    customerOrders: new CustomerOrders(orders, clock, { supportAddress: SUPPORT, storeUrl: STORE_URL }),
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
