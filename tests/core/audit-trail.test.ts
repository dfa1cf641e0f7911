import * as E from 'fp-ts/Either';
import { entryOf } from '../../core/audit/domain/audit';
import { AuditTrail } from '../../core/audit/use-cases';
import { MemoryAuditLog } from '../../adapters/persistence/memory/memory-audit-log';
import { ADMINS_ONLY } from '../../core/identity/domain/rights';
import { User } from '../../core/identity/domain/user';
import { forbidden, unauthorized } from '../../core/shared/errors';
import { anAdmin } from '../support/actors';
import { right } from '../support/either';
import { nextId } from '../support/products';

describe('the audit trail', () => {
  const admin: User = { id: nextId(), username: 'Owner', email: 'owner@store.test', role: 'Admin' };
  const log = new MemoryAuditLog();
  for (let minute = 0; minute < 3; minute++)
    log.record(entryOf(anAdmin({ at: new Date(Date.UTC(2026, 10, 21, 10, minute)) }), 'order-delivered', { subject: `order-${minute}` }));
  const trail = new AuditTrail(log);

  it('shows admins what admins did, newest first, by page', async () => {
    const page = right(await trail.recent(admin, 1, 2)());
    expect([page.total, page.totalPages]).toEqual([3, 2]);
    expect(page.items.map((e) => e.subject)).toEqual(['order-2', 'order-1']);
    expect(E.isLeft(await trail.recent(admin, 1, 51)())).toBe(true);
  });

  it('is for admins only', async () => {
    expect(await trail.recent(undefined, 1, 20)()).toEqual(E.left(unauthorized('Please sign in first')));
    expect(await trail.recent({ ...admin, role: 'User' }, 1, 20)()).toEqual(E.left(forbidden(ADMINS_ONLY)));
  });
});
