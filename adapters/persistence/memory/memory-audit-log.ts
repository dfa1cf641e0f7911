import { AuditEntry } from '../../../core/audit/domain/audit';
import { AuditFilter, isAsked } from '../../../core/audit/domain/filter';
import { AuditActor, AuditLog } from '../../../core/audit/ports';
import { Paging, offsetOf } from '../../../core/shared/paging';

/**
 * The in-memory twin of KnexAuditLog. The other twins `record` into it where the database adapters
 * write the entry in their transaction: only once their change is certain.
 */
export class MemoryAuditLog implements AuditLog {
  /** Oldest first, as written. */
  private readonly entries: AuditEntry[] = [];

  record(entry: AuditEntry): void {
    // A copy through JSON, as jsonb keeps it: later changes to the caller's objects do not reach it.
    this.entries.push(JSON.parse(JSON.stringify(entry)) as AuditEntry);
  }

  async recent(paging: Paging, filter: AuditFilter = {}): Promise<readonly AuditEntry[]> {
    // Newest first; entries of one moment, last written first (the database's identity order).
    const newest = this.newestFirst(filter);
    return newest.slice(offsetOf(paging), offsetOf(paging) + paging.limit).map((e) => e.entry);
  }

  private newestFirst(filter: AuditFilter) {
    return this.entries
      .map((entry, order) => ({ entry, order }))
      .filter(({ entry }) => isAsked(filter, entry))
      .sort((a, b) => b.entry.at.localeCompare(a.entry.at) || b.order - a.order);
  }

  checkpoint(): () => void {
    const length = this.entries.length;
    return () => void this.entries.splice(length);
  }

  async count(filter: AuditFilter = {}): Promise<number> {
    return this.entries.filter((entry) => isAsked(filter, entry)).length;
  }

  async actors(): Promise<readonly AuditActor[]> {
    const latest = new Map<string, AuditActor>();
    for (const { entry } of this.newestFirst({}).reverse()) latest.set(entry.actorId, { id: entry.actorId, name: entry.actorName });
    return [...latest.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  }
}
