import { KnexVisits } from '../../adapters/persistence/knex-visits';
import { MemoryVisits } from '../../adapters/persistence/memory/memory-visits';
import { Visits } from '../../core/location/ports';
import { TEST_DATABASE_URL, freshPglite, freshPostgres } from '../support/databases';
import { Database } from '../../adapters/persistence/database';

/** Visits count per day, page and country; each adapter reports its counts the same way. */
const visitsContract = (name: string, open: () => Promise<{ visits: Visits; counts(): Promise<Record<string, number>>; close(): Promise<void> }>) =>
  describe(`Visits contract: ${name}`, () => {
    it('adds up visits of the same day, page and country, apart from the others', async () => {
      const subject = await open();
      try {
        const home = { day: '2026-11-21', page: '/', country: 'Egypt' };
        await subject.visits.record(home);
        await subject.visits.record(home);
        await subject.visits.record({ ...home, country: 'Unknown' });
        await subject.visits.record({ ...home, day: '2026-11-22' });
        expect(await subject.counts()).toEqual({ '2026-11-21|/|Egypt': 2, '2026-11-21|/|Unknown': 1, '2026-11-22|/|Egypt': 1 });
      } finally {
        await subject.close();
      }
    });
  });

const knexVisits = (db: Database) => ({
  visits: new KnexVisits(db.knex),
  counts: async () => {
    const rows: { day: string; page: string; country: string; count: number }[] = await db.knex('visits').select(db.knex.raw("to_char(day, 'YYYY-MM-DD') as day"), 'page', 'country', 'count');
    return Object.fromEntries(rows.map((r) => [`${r.day}|${r.page}|${r.country}`, Number(r.count)]));
  },
  close: () => db.close(),
});

visitsContract('in memory', async () => {
  const visits = new MemoryVisits();
  return { visits, counts: async () => Object.fromEntries(visits.counts), close: async () => {} };
});
visitsContract('PGlite', async () => knexVisits(await freshPglite()));
const url = TEST_DATABASE_URL;
if (url) visitsContract('PostgreSQL server', async () => knexVisits(await freshPostgres(url)));
