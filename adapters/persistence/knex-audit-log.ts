import { Knex } from 'knex';
import { AuditAction, AuditEntry, Json } from '../../core/audit/domain/audit';
import { AuditFilter } from '../../core/audit/domain/filter';
import { AuditActor, AuditLog } from '../../core/audit/ports';
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

/** The filter's where clause: each part the index of its own (migration 031) serves, newest first. */
const asked = (query: Knex.QueryBuilder, filter: AuditFilter): Knex.QueryBuilder => {
  if (filter.actorId !== undefined) query.where('actor_id', filter.actorId);
  if (filter.action !== undefined) query.where('action', filter.action);
  if (filter.from !== undefined) query.where('at', '>=', filter.from);
  if (filter.until !== undefined) query.where('at', '<', filter.until);
  return query;
};

/** The audit log in PostgreSQL (or PGlite), newest first; the writers add to it in their transactions. */
export class KnexAuditLog implements AuditLog {
  constructor(private readonly db: Knex) {}

  async recent(paging: Paging, filter: AuditFilter = {}): Promise<readonly AuditEntry[]> {
    const rows: AuditRow[] = await asked(this.db('audit_log'), filter)
      .select('at', 'actor_id', 'actor_name', 'action', 'subject', 'before', 'after', 'detail')
      .orderBy([{ column: 'at', order: 'desc' }, { column: 'id', order: 'desc' }])
      .limit(paging.limit)
      .offset(offsetOf(paging));
    return rows.map(toEntry);
  }

  async count(filter: AuditFilter = {}): Promise<number> {
    const [row] = await asked(this.db('audit_log'), filter).count<{ count: string | number }[]>({ count: '*' });
    return toCount(row?.count);
  }

  async actors(): Promise<readonly AuditActor[]> {
    // Each account's most recent name (an admin may have been renamed), read from the actor index.
    const { rows }: { rows: { id: string; name: string }[] } = await this.db.raw(
      `select distinct on (actor_id) actor_id as id, actor_name as name from audit_log order by actor_id, at desc, id desc`,
    );
    return rows.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  }
}
