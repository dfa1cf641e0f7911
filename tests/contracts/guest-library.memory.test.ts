import { MemoryCatalog } from '../../adapters/persistence/memory/memory-catalog';
import { MemoryGuestLibrary } from '../../adapters/persistence/memory/memory-guest-library';
import { MemoryOrders } from '../../adapters/persistence/memory/memory-orders';
import { MemoryRefundLedger, MemoryUnitOfWork } from '../../adapters/persistence/memory/memory-unit-of-work';
import { guestLibraryContract } from './guest-library.contract';

guestLibraryContract('in memory', async () => {
  const catalog = new MemoryCatalog();
  const orders = new MemoryOrders((id) => catalog.secretsOf(id), undefined, { audit: catalog.audit });
  return {
    orders,
    work: new MemoryUnitOfWork(orders, new MemoryRefundLedger(), { remove: async () => {} }, catalog.audit),
    library: new MemoryGuestLibrary(orders),
    catalog,
    addUser: async () => {},
    mailTo: async (address) => orders.queued.filter((q) => q.mail.to === address).map((q) => q.mail),
    close: async () => {},
  };
});
