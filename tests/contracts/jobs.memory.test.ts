import { MemoryAuditLog } from '../../adapters/persistence/memory/memory-audit-log';
import { MemoryJobs } from '../../adapters/persistence/memory/memory-jobs';
import { MemoryOrders } from '../../adapters/persistence/memory/memory-orders';
import { MemoryRefundLedger, MemoryUnitOfWork } from '../../adapters/persistence/memory/memory-unit-of-work';
import { CONTRACT_KINDS, jobsContract } from './jobs.contract';

jobsContract('in memory', async () => {
  const audit = new MemoryAuditLog();
  const queue = new MemoryJobs(Object.values(CONTRACT_KINDS), audit);
  return {
    queue,
    other: queue,
    work: new MemoryUnitOfWork(new MemoryOrders(async () => undefined), new MemoryRefundLedger(), { remove: async () => {} }, audit, queue),
    close: async () => {},
  };
});
