import { MemoryCatalog } from '../../adapters/persistence/memory/memory-catalog';
import { MemoryCoupons } from '../../adapters/persistence/memory/memory-coupons';
import { MemoryOrders } from '../../adapters/persistence/memory/memory-orders';
import { MemoryRefundLedger, MemoryUnitOfWork } from '../../adapters/persistence/memory/memory-unit-of-work';
import { couponsContract } from './coupons.contract';

couponsContract('in memory', async () => {
  const catalog = new MemoryCatalog();
  const coupons = new MemoryCoupons();
  const orders = new MemoryOrders((id) => catalog.secretsOf(id), undefined, { audit: catalog.audit });
  return {
    coupons,
    orders,
    work: new MemoryUnitOfWork(orders, new MemoryRefundLedger(), { remove: async () => {} }, catalog.audit, undefined, coupons),
    catalog,
    close: async () => {},
  };
});
