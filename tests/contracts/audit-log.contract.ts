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
  
    it('answers only what a filter asks for: by admin, by action, by days (UTC), all at once; and counts the same', async () => {
      const other = { actorId: nextId(), actorName: 'Second admin' };
      await s.addUser(other.actorId, other.actorName);
      const day = (d: number, hour: number) => new Date(Date.UTC(2026, 0, d, hour)).toISOString();
      const early = { ...other, at: day(5, 23), action: 'order-refunded' as const, subject: nextId() };
      const middle = { ...other, at: day(6, 0), action: 'product-updated' as const, subject: nextId() };
      const late = { ...actor, at: day(7, 12), action: 'order-refunded' as const, subject: nextId() };
      for (const entry of [early, middle, late]) await s.record(entry);
      const asked = async (filter: Parameters<AuditLog['recent']>[1]) => ({
        entries: await s.log.recent({ page: 1, limit: 50 }, filter),
        count: await s.log.count(filter),
      });
      expect(await asked({ actorId: other.actorId })).toEqual({ entries: [middle, early], count: 2 });
      expect(await asked({ action: 'order-refunded', until: day(8, 0) })).toEqual({ entries: [late, early], count: 2 });
      expect(await asked({ from: day(6, 0), until: day(7, 0) })).toEqual({ entries: [middle], count: 1 });
      expect(await asked({ actorId: other.actorId, action: 'order-refunded', from: day(5, 0), until: day(6, 0) })).toEqual({ entries: [early], count: 1 });
      expect(await asked({ actorId: nextId() })).toEqual({ entries: [], count: 0 });
      expect(await s.log.recent({ page: 2, limit: 1 }, { actorId: other.actorId })).toEqual([early]);
    });

    it('names everyone who acted, once, by the name of their latest entry', async () => {
      const renamed = { actorId: nextId(), actorName: 'Old name' };
      await s.addUser(renamed.actorId, renamed.actorName);
      await s.record({ ...renamed, at: at(300), action: 'product-created', subject: nextId() });
      await s.record({ ...renamed, actorName: 'Amira', at: at(301), action: 'product-deleted', subject: nextId() });
      const actors = await s.log.actors();
      expect(actors.filter((a) => a.id === renamed.actorId)).toEqual([{ id: renamed.actorId, name: 'Amira' }]);
      expect(actors.map((a) => a.name)).toEqual(['Amira', 'Owner', 'Second admin']);
    });
  });
