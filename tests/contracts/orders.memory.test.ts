import { MemoryCatalog } from '../../adapters/persistence/memory/memory-catalog';
import { Customer, MemoryOrders } from '../../adapters/persistence/memory/memory-orders';
import { MemoryRefundLedger, MemoryUnitOfWork } from '../../adapters/persistence/memory/memory-unit-of-work';
import { MemoryOrderHistory } from '../../adapters/persistence/memory/memory-order-history';
import { anAdmin } from '../support/actors';
import { ordersContract } from './orders.contract';

ordersContract('in memory', async () => {
  const catalog = new MemoryCatalog();
  const accounts = new Map<string, Customer>();
  const orders = new MemoryOrders((id) => catalog.secretsOf(id), undefined, { audit: catalog.audit, customerOf: async (id) => accounts.get(id) });
  const refunds = new MemoryRefundLedger();
  return {
    orders,
    refunds,
    history: new MemoryOrderHistory(orders, refunds),
    work: new MemoryUnitOfWork(orders, refunds, { remove: async () => {} }, catalog.audit),
    catalog,
    audit: orders.audit,
    addUser: async ({ id, username, email }) => void accounts.set(id, { username, email }),
    deleteProduct: async (id) => void (await catalog.remove(id, anAdmin())),
    confirmations: async () => orders.queued.map((q) => q.mail),
    close: async () => {},
  };
});
