import { MemoryAuditLog } from '../../adapters/persistence/memory/memory-audit-log';
import { MemoryDownloadLog, MemoryProductFiles } from '../../adapters/persistence/memory/memory-product-files';
import { productFilesContract } from './product-files.contract';

productFilesContract('in memory', async () => {
  const audit = new MemoryAuditLog();
  return {
    files: new MemoryProductFiles(audit),
    log: new MemoryDownloadLog(audit),
    audit,
    addProduct: async () => {},
    addOrder: async () => {},
    addUser: async () => {},
    close: async () => {},
  };
});
