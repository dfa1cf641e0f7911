import { Database } from '../../adapters/persistence/database';
import { KnexSalesFigures } from '../../adapters/persistence/knex-sales-figures';
import { usd } from '../../core/shared/money';
import { freshPglite } from '../support/databases';

/**
 * What migration 035 is for: the top of a long range comes from each month's head when the heads
 * prove it, and the full read of every product sold in the range runs only when they cannot (the
 * answers themselves are the SalesFigures contract's). The rollup's rows are written directly here.
 */
describe("KnexSalesFigures: a range's best sellers from its months' heads (PGlite)", () => {
  let db: Database;
  let figures: KnexSalesFigures;
  const statements: string[] = [];
  const product = (name: string, n: number) => `${name}${String(n).padStart(22, '0')}`.slice(-24);
  const monthsOf = (year: number) => Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}-01`);
  const monthRow = (start: string, productId: string, revenue: number) => ({
    span: 'month',
    start,
    product_id: productId,
    currency: 'USD',
    units: 1,
    revenue_minor: revenue,
    refunded_minor: 0,
  });
  const fullReads = async (read: () => Promise<unknown>) => {
    statements.length = 0;
    await read();
    return statements.filter((sql) => sql.includes('as covering')).length;
  };

  beforeAll(async () => {
    db = await freshPglite();
    figures = new KnexSalesFigures(db.knex);
    // 2024: fifty products selling alike every month (the n-th for 100 + n), and one far above them.
    // 2023: each month fifty products of its own, all alike: no month's head says who leads the year.
    const rows = [
      ...monthsOf(2024).flatMap((month) => [monthRow(month, product('st', 1), 10_000), ...Array.from({ length: 50 }, (_, n) => monthRow(month, product('ab', n), 100 + n))]),
      ...monthsOf(2023).flatMap((month, m) => Array.from({ length: 50 }, (_, n) => monthRow(month, product('cd', m * 50 + n), 100))),
    ];
    await db.knex.batchInsert('product_sales', rows, 500);
    db.knex.on('query', (query: { sql: string }) => statements.push(query.sql));
  });
  afterAll(() => db.close());

  const sold = (productId: string, units: number, revenue: number) => ({ productId, title: productId, units, revenue: usd(revenue), refunded: usd(0) });

  it("answers a year from its months' heads when they prove it, reading no other product", async () => {
    const year = { from: '2024-01-01', to: '2024-12-31' };
    let answer: unknown;
    expect(await fullReads(async () => (answer = await figures.topSellers(year, 5)))).toBe(0);
    expect(answer).toEqual([
      sold(product('st', 1), 12, 120_000),
      ...[49, 48, 47, 46].map((n) => sold(product('ab', n), 12, 12 * (100 + n))),
    ]);
  });

  it("reads one month's head alone", async () => {
    expect(await fullReads(() => figures.topSellers({ from: '2024-03-01', to: '2024-03-31' }, 3))).toBe(0);
  });

  it('reads every product of the range when the heads cannot tell who leads it', async () => {
    let answer: unknown;
    expect(await fullReads(async () => (answer = await figures.topSellers({ from: '2023-01-01', to: '2023-12-31' }, 2)))).toBe(1);
    expect(answer).toEqual([sold(product('cd', 0), 1, 100), sold(product('cd', 1), 1, 100)]);
  });

  it('keeps an answer until the rollup changes, reading only its version meanwhile', async () => {
    const year = { from: '2023-01-01', to: '2023-12-31' };
    const reads = async () => {
      statements.length = 0;
      const answer = await figures.topSellers(year, 3);
      return { answer, rollupReads: statements.filter((sql) => sql.includes('from product_sales')).length };
    };
    const first = await reads();
    expect(first.rollupReads).toBeGreaterThan(0);
    expect(await reads()).toEqual({ answer: first.answer, rollupReads: 0 });
    // A statement that changes no row leaves the answer kept.
    await db.knex('product_sales').where('product_id', 'none').update({ units: 2 });
    expect((await reads()).rollupReads).toBe(0);
    await db.knex('product_sales').insert(monthRow('2023-06-01', product('ef', 1), 5_000));
    const changed = await reads();
    expect(changed.answer).toEqual([sold(product('ef', 1), 1, 5_000), sold(product('cd', 0), 1, 100), sold(product('cd', 1), 1, 100)]);
    expect(changed.rollupReads).toBeGreaterThan(0);
  });
});
