import { Id } from '../shared/ids';
import { Paging } from '../shared/paging';
import { AuditEntry } from './domain/audit';
import { AuditFilter } from './domain/filter';

/** An account that has entries in the log, by the name it acted under most recently. */
export interface AuditActor {
  readonly id: Id;
  readonly name: string;
}

/**
 * The admin actions' log, newest first. Entries are written by the adapters that make each change,
 * in its transaction (a change is never without its entry, nor an entry without its change).
 */
export interface AuditLog {
  /** The entries the filter asks for (all without one), newest first; of one moment, the last written first. */
  recent(paging: Paging, filter?: AuditFilter): Promise<readonly AuditEntry[]>;
  count(filter?: AuditFilter): Promise<number>;
  /** Everyone who has acted, by name (the screen's admin filter). */
  actors(): Promise<readonly AuditActor[]>;
}
