import { MemoryCatalog } from '../../adapters/persistence/memory/memory-catalog';
import { CustomerAccount, MemoryCustomers } from '../../adapters/persistence/memory/memory-customers';
import { MemoryOrders } from '../../adapters/persistence/memory/memory-orders';
import { MemoryRefundLedger, MemoryUnitOfWork } from '../../adapters/persistence/memory/memory-unit-of-work';
import { customersContract } from './customers.contract';

customersContract('in memory', async () => {
  const catalog = new MemoryCatalog();
  const accounts = new Map<string, CustomerAccount>();
  const orders = new MemoryOrders((id) => catalog.secretsOf(id), undefined, { audit: catalog.audit, customerOf: async (id) => accounts.get(id) });
  return {
    customers: new MemoryCustomers(() => accounts.values(), orders),
    orders,
    work: new MemoryUnitOfWork(orders, new MemoryRefundLedger(), { remove: async () => {} }, catalog.audit),
    catalog,
    addUser: async ({ id, username, email, role = 'User' }) => void accounts.set(id, { id, username, email, role }),
    close: async () => {},
  };
});
