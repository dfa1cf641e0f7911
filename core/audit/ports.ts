import { Paging } from '../shared/paging';
import { AuditEntry } from './domain/audit';

/**
 * The admin actions' log, newest first. Entries are written by the adapters that make each change,
 * in its transaction (a change is never without its entry, nor an entry without its change).
 */
export interface AuditLog {
  recent(paging: Paging): Promise<readonly AuditEntry[]>;
  count(): Promise<number>;
}
