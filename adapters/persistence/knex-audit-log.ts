import { Knex } from 'knex';
import { AuditEntry } from '../../core/audit/domain/audit';
import { AuditLog } from '../../core/audit/ports';
import { Paging } from '../../core/shared/paging';

/** SKELETON: to be built. */
export class KnexAuditLog implements AuditLog {
  constructor(private readonly db: Knex) {}
  recent(_paging: Paging): Promise<readonly AuditEntry[]> {
    throw new Error('not built yet');
  }
  count(): Promise<number> {
    throw new Error('not built yet');
  }
}
