import { Knex } from 'knex';
import { AuditAction, AuditEntry, Json } from '../../core/audit/domain/audit';
import { AuditLog } from '../../core/audit/ports';
import { Paging, offsetOf } from '../../core/shared/paging';
import { toCount } from './product-rows';

interface AuditRow {
  at: Date | string;
  actor_id: string;
  actor_name: string;
  action: string;
  subject: string | null;
  before: Json | null;
  after: Json | null;
  detail: { [key: string]: Json } | null;
}

/** jsonb as text: pg would send a JavaScript array as a PostgreSQL array, not as JSON. */
const asJson = (value: Json | undefined) => (value === undefined ? null : JSON.stringify(value));

/** Writes an admin action's entry; called with the transaction of the change it tells of. */
export const recordAudit = (db: Knex, entry: AuditEntry) =>
  db('audit_log').insert({
    at: entry.at,
    actor_id: entry.actorId,
    actor_name: entry.actorName,
    action: entry.action,
    subject: entry.subject ?? null,
    before: asJson(entry.before),
    after: asJson(entry.after),
    detail: asJson(entry.detail),
  });

const present = <K extends string, V>(key: K, value: V | null): { [P in K]?: V } =>
  (value === null ? {} : { [key]: value }) as { [P in K]?: V };

const toEntry = (row: AuditRow): AuditEntry => ({
  at: new Date(row.at).toISOString(),
  actorId: row.actor_id,
  actorName: row.actor_name,
  action: row.action as AuditAction,
  ...present('subject', row.subject),
  ...present('before', row.before),
  ...present('after', row.after),
  ...present('detail', row.detail),
});

/** The audit log in PostgreSQL (or PGlite), newest first; the writers add to it in their transactions. */
export class KnexAuditLog implements AuditLog {
  constructor(private readonly db: Knex) {}

  async recent(paging: Paging): Promise<readonly AuditEntry[]> {
    const rows: AuditRow[] = await this.db('audit_log')
      .select('at', 'actor_id', 'actor_name', 'action', 'subject', 'before', 'after', 'detail')
      .orderBy([{ column: 'at', order: 'desc' }, { column: 'id', order: 'desc' }])
      .limit(paging.limit)
      .offset(offsetOf(paging));
    return rows.map(toEntry);
  }

  async count(): Promise<number> {
    const [row] = await this.db('audit_log').count<{ count: string | number }[]>({ count: '*' });
    return toCount(row?.count);
  }
}
