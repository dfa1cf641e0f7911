import { MemorySignInThrottle, MemoryUsers } from '../../adapters/persistence/memory/memory-accounts';
import { MemoryCarts } from '../../adapters/persistence/memory/memory-carts';
import { MemoryCatalog } from '../../adapters/persistence/memory/memory-catalog';
import { CustomerAccount, MemoryCustomers } from '../../adapters/persistence/memory/memory-customers';
import { MemoryPendingSignIns } from '../../adapters/persistence/memory/memory-external-identities';
import { MemoryGuestLibrary } from '../../adapters/persistence/memory/memory-guest-library';
import { MemoryOrders } from '../../adapters/persistence/memory/memory-orders';
import { MemoryOutbox } from '../../adapters/persistence/memory/memory-outbox';
import { MemoryDownloadLog } from '../../adapters/persistence/memory/memory-product-files';
import { MemoryRetention } from '../../adapters/persistence/memory/memory-retention';
import { MemoryRefundLedger, MemoryUnitOfWork } from '../../adapters/persistence/memory/memory-unit-of-work';
import { MemoryVisits } from '../../adapters/persistence/memory/memory-visits';
import { FixedClock } from '../support/clock';
import { customersContract } from './customers.contract';

customersContract('in memory', async () => {
  const catalog = new MemoryCatalog();
  const accounts = new Map<string, CustomerAccount>();
  const orders = new MemoryOrders((id) => catalog.secretsOf(id), undefined, { audit: catalog.audit, customerOf: async (id) => accounts.get(id) });
  const retention = new MemoryRetention({
    visits: new MemoryVisits(),
    users: new MemoryUsers(),
    throttle: new MemorySignInThrottle(new FixedClock()),
    pendingSignIns: new MemoryPendingSignIns(),
    orders,
    outbox: new MemoryOutbox(),
    carts: new MemoryCarts((id) => catalog.findById(id)),
    catalog,
    guestLibrary: new MemoryGuestLibrary(orders),
    downloadLog: new MemoryDownloadLog(),
  });
  return {
    customers: new MemoryCustomers(() => accounts.values(), orders),
    orders,
    work: new MemoryUnitOfWork(orders, new MemoryRefundLedger(), { remove: async () => {} }, catalog.audit),
    catalog,
    addUser: async ({ id, username, email, role = 'User' }) => void accounts.set(id, { id, username, email, role }),
    rename: async (id, username) => void accounts.set(id, { ...accounts.get(id)!, username }),
    removeUnpaidOrders: (before) => retention.remove('unpaid-orders', before, 100),
    close: async () => {},
  };
});
