import { MemoryCatalog } from '../../adapters/persistence/memory/memory-catalog';
import { MemoryOrders } from '../../adapters/persistence/memory/memory-orders';
import { MemoryDownloadLog } from '../../adapters/persistence/memory/memory-product-files';
import { MemorySalesFigures } from '../../adapters/persistence/memory/memory-sales-figures';
import { MemoryRefundLedger, MemoryUnitOfWork } from '../../adapters/persistence/memory/memory-unit-of-work';
import { MemoryVisits } from '../../adapters/persistence/memory/memory-visits';
import { salesFiguresContract } from './sales-figures.contract';

salesFiguresContract('in memory', async () => {
  const catalog = new MemoryCatalog();
  const orders = new MemoryOrders((id) => catalog.secretsOf(id), undefined, { audit: catalog.audit });
  const downloads = new MemoryDownloadLog(catalog.audit);
  const visits = new MemoryVisits();
  const titleOf = async (id: string) => (await catalog.forEditing(id))?.title;
  return {
    figures: new MemorySalesFigures(orders, downloads, visits, titleOf),
    orders,
    work: new MemoryUnitOfWork(orders, new MemoryRefundLedger(), { remove: async () => {} }, catalog.audit),
    catalog,
    editor: catalog,
    downloads,
    visits,
    addUser: async () => {},
    close: async () => {},
  };
});
