import { MemoryAuditLog } from '../../adapters/persistence/memory/memory-audit-log';
import { auditLogContract } from './audit-log.contract';

auditLogContract('in memory', async () => {
  const log = new MemoryAuditLog();
  return { log, record: async (entry) => log.record(entry), addUser: async () => {}, close: async () => {} };
});
