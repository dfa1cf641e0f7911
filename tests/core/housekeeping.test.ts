import * as E from 'fp-ts/Either';
import { RETAINED_RECORDS, RETENTION_POLICY, RetainedRecord, removableBefore } from '../../core/housekeeping/domain/retention';
import { Retention } from '../../core/housekeeping/ports';
import { Housekeeping } from '../../core/housekeeping/use-cases';
import { FixedClock } from '../support/clock';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/** Tables of a given backlog per kind, which remember every call. */
class BackloggedTables implements Retention {
  readonly calls: { kind: RetainedRecord; before: Date; limit: number }[] = [];
  constructor(readonly backlog: Partial<Record<RetainedRecord, number>> = {}) {}

  async remove(kind: RetainedRecord, before: Date, limit: number) {
    this.calls.push({ kind, before, limit });
    const removed = Math.min(limit, this.backlog[kind] ?? 0);
    this.backlog[kind] = (this.backlog[kind] ?? 0) - removed;
    return removed;
  }
}

describe('housekeeping', () => {
  it('removes each kind of record past its own retention, as of the clock', async () => {
    const clock = new FixedClock();
    const tables = new BackloggedTables();
    expect(E.isRight(await new Housekeeping(tables, clock).run()())).toBe(true);
    const before = Object.fromEntries(tables.calls.map((c) => [c.kind, clock.now().getTime() - c.before.getTime()]));
    expect(Object.keys(before)).toEqual([...RETAINED_RECORDS]);
    expect(before).toMatchObject({
      visits: 730 * DAY,
      sessions: HOUR,
      'pending-sign-ins': HOUR,
      'password-resets': HOUR,
      'sign-in-failures': HOUR,
      'sign-in-addresses': 365 * DAY,
      downloads: 365 * DAY,
      'file-downloads': 365 * DAY,
      'library-links': HOUR,
      'library-sessions': HOUR,
      'sent-mail': 30 * DAY,
      'failed-mail': 90 * DAY,
      'unpaid-orders': 90 * DAY,
      'cart-entries-of-deleted-products': 30 * DAY,
    });
  });

  it('removes a backlog in batches, and says how many of each kind went', async () => {
    const tables = new BackloggedTables({ sessions: 1200, visits: 3 });
    const run = await new Housekeeping(tables, new FixedClock(), RETENTION_POLICY, { batch: 500, batchesPerRun: 10 }).run()();
    expect(run).toEqual(E.right(expect.objectContaining({ sessions: 1200, visits: 3, downloads: 0 })));
    expect(tables.calls.filter((c) => c.kind === 'sessions').map((c) => c.limit)).toEqual([500, 500, 500]);
    expect(tables.calls.filter((c) => c.kind === 'downloads')).toHaveLength(1);
  });

  it('stops a kind after its batches for the run, and the next run goes on from there', async () => {
    const tables = new BackloggedTables({ 'sent-mail': 10_000 });
    const housekeeping = new Housekeeping(tables, new FixedClock(), RETENTION_POLICY, { batch: 100, batchesPerRun: 3 });
    expect(await housekeeping.run()()).toEqual(E.right(expect.objectContaining({ 'sent-mail': 300 })));
    expect(await housekeeping.run()()).toEqual(E.right(expect.objectContaining({ 'sent-mail': 300 })));
    expect(tables.backlog['sent-mail']).toBe(9_400);
  });

  it('names the moment a record goes from the policy, one place', () => {
    const now = new Date('2026-11-21T10:00:00Z');
    expect(removableBefore('visits', now)).toEqual(new Date('2024-11-21T10:00:00Z'));
    expect(removableBefore('sessions', now)).toEqual(new Date('2026-11-21T09:00:00Z'));
    expect(removableBefore('sessions', now, { ...RETENTION_POLICY, sessions: DAY })).toEqual(new Date('2026-11-20T10:00:00Z'));
  });
});
