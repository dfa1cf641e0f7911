import { MemoryCatalog } from '../../adapters/persistence/memory/memory-catalog';
import { MemoryOrders } from '../../adapters/persistence/memory/memory-orders';
import { MemoryProductFiles } from '../../adapters/persistence/memory/memory-product-files';
import { MemoryProductsTable } from '../../adapters/persistence/memory/memory-products-table';
import { productsTableContract } from './products-table.contract';

productsTableContract('in memory', async () => {
  const catalog = new MemoryCatalog();
  const orders = new MemoryOrders((id) => catalog.secretsOf(id));
  const files = new MemoryProductFiles(catalog.audit);
  return { table: new MemoryProductsTable(catalog, orders, files), editor: catalog, orders, files, addUser: async () => {}, close: async () => {} };
});
