import { AUDIT_ACTIONS, AuditEntry } from '../../core/audit/domain/audit';
import { AuditLog } from '../../core/audit/ports';
import { nextId } from '../support/products';

export interface AuditLogUnderTest {
  log: AuditLog;
  /** Writes an entry as the adapters that make changes do (in their transactions). */
  record(entry: AuditEntry): Promise<void>;
  /** An account that can act (the database checks that the actor exists). */
  addUser(id: string, username: string): Promise<void>;
  close(): Promise<void>;
}

/** What every AuditLog adapter must keep and answer, on the in-memory twin, PGlite and PostgreSQL. */
export const auditLogContract = (name: string, open: () => Promise<AuditLogUnderTest>) =>
  describe(`AuditLog contract: ${name}`, () => {
    let s: AuditLogUnderTest;
    const actor = { actorId: nextId(), actorName: 'Owner' };
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 21, 10, minute)).toISOString();

    beforeAll(async () => {
      s = await open();
      await s.addUser(actor.actorId, actor.actorName);
    });
    afterAll(() => s.close());

    it('starts empty', async () => {
      expect([await s.log.count(), await s.log.recent({ page: 1, limit: 10 })]).toEqual([0, []]);
    });

    it('keeps every action, and answers only the parts an entry has', async () => {
      const entries: AuditEntry[] = AUDIT_ACTIONS.map((action, i) => ({ ...actor, at: at(i), action, subject: nextId() }));
      for (const entry of entries) await s.record(entry);
      const recent = await s.log.recent({ page: 1, limit: 50 });
      expect(recent).toEqual([...entries].reverse());
      expect(Object.keys(recent[0]).sort()).toEqual(['action', 'actorId', 'actorName', 'at', 'subject']);
      expect(await s.log.count()).toBe(AUDIT_ACTIONS.length);
    });

    it('keeps plain data as it was given: nested objects, lists, numbers, text, null', async () => {
      const entry: AuditEntry = {
        ...actor,
        at: at(100),
        action: 'product-updated',
        subject: nextId(),
        before: { title: 'Atlas', author: ['A', 'B'], price: '19.99', size: 1.5, isbn: null, nested: { deep: [1, 'two', true] } },
        after: ['a list', 2],
        detail: { egpPerUsd: '48.5', updated: 64 },
      };
      await s.record(entry);
      const [newest] = await s.log.recent({ page: 1, limit: 1 });
      expect(newest).toEqual(entry);
      await s.record({ ...actor, at: at(101), action: 'egp-prices-updated', detail: { egpPerUsd: '50', updated: 0 } });
      const [reprice] = await s.log.recent({ page: 1, limit: 1 });
      expect(Object.keys(reprice).sort()).toEqual(['action', 'actorId', 'actorName', 'at', 'detail']);
    });

    it('answers newest first, a page at a time; of one moment, the last written first', async () => {
      const first = { ...actor, at: at(200), action: 'product-deleted' as const, subject: nextId() };
      const second = { ...first, subject: nextId() };
      await s.record(first);
      await s.record(second);
      const total = await s.log.count();
      expect(await s.log.recent({ page: 1, limit: 2 })).toEqual([second, first]);
      const all = await s.log.recent({ page: 1, limit: 50 });
      expect(all).toHaveLength(total);
      expect([...(await s.log.recent({ page: 2, limit: 3 })), ...(await s.log.recent({ page: 3, limit: 3 }))]).toEqual(all.slice(3, 9));
      expect(await s.log.recent({ page: total + 1, limit: 1 })).toEqual([]);
    });
  });
