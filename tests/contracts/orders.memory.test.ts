import { MemoryCatalog } from '../../adapters/persistence/memory/memory-catalog';
import { MemoryOrders } from '../../adapters/persistence/memory/memory-orders';
import { anAdmin } from '../support/actors';
import { ordersContract } from './orders.contract';

ordersContract('in memory', async () => {
  const catalog = new MemoryCatalog();
  const orders = new MemoryOrders((id) => catalog.secretsOf(id));
  return {
    orders,
    catalog,
    addUser: async () => {},
    deleteProduct: async (id) => void (await catalog.remove(id, anAdmin())),
    confirmations: async () => orders.queued.map((q) => q.mail),
    close: async () => {},
  };
});
