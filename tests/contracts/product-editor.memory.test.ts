import { MemoryCarts } from '../../adapters/persistence/memory/memory-carts';
import { MemoryCatalog } from '../../adapters/persistence/memory/memory-catalog';
import { MemoryOrders } from '../../adapters/persistence/memory/memory-orders';
import { productEditorContract } from './product-editor.contract';

productEditorContract('in memory', async () => {
  const catalog = new MemoryCatalog();
  return {
    editor: catalog,
    catalog,
    carts: new MemoryCarts((id) => catalog.findById(id)),
    orders: new MemoryOrders((id) => catalog.secretsOf(id)),
    audit: catalog.audit,
    addUser: async () => {},
    close: async () => {},
  };
});
