import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../adapters/persistence/database';
import { KnexCatalog } from '../adapters/persistence/knex-catalog';
import { KnexSalesFigures } from '../adapters/persistence/knex-sales-figures';
import { LARGE_ID_PREFIX } from '../adapters/persistence/seed/large-catalogue';
import { seedLarge } from '../adapters/persistence/seed/seed';
import { startThrowawayPostgres } from '../scripts/throwaway-postgres';

/**
 * The reports' queries over many orders, on PGlite in this process (no HTTP, one at a time):
 * `BENCH_REPORT_ORDERS` orders (default 1,000,000) of 100,000 customers over two years, in both
 * currencies, seeded with set-based SQL through migration 031's triggers (timed), then each report
 * query run 50 times (p50, p99). `npx tsx bench/reports-scale.ts`; with BENCH_REPORT_POSTGRES=1 on a throwaway
 * PostgreSQL server (scripts/throwaway-postgres.ts) instead; the HTTP scenarios at 20
 * connections are in `npm run bench` (BENCH_ONLY=admin).
 */
const ORDERS = Number(process.env.BENCH_REPORT_ORDERS ?? 1_000_000);
const CUSTOMERS = 100_000;
const PRODUCTS = 10_000;
const RUNS = 50;
const BATCH = 20_000;

const hex24 = (prefix: string, n: string) => `'${prefix}' || lpad(to_hex(${n}), ${24 - prefix.length}, '0')`;

const main = async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reports-scale-'));
  // A PostgreSQL server when asked (a fresh database: it is filled), else PGlite in a folder of its own.
  const postgres = process.env.BENCH_REPORT_POSTGRES ? await startThrowawayPostgres() : undefined;
  const db = await openDatabase(postgres ? { engine: 'postgres', url: postgres.url } : { engine: 'pglite', dataDir });
  console.log(`Reports over ${ORDERS.toLocaleString('en')} orders on ${postgres ? 'a PostgreSQL server' : 'PGlite'}`);
  try {
    const { knex } = db;
    await seedLarge(new KnexCatalog(knex), PRODUCTS);
    let started = performance.now();
    await knex.raw(`insert into users (id, username, email, password_hash)
      select ${hex24('bc', 'n')}, 'customer' || n, 'customer' || n || '@bench.test', 'unused' from generate_series(1, ${CUSTOMERS}) n`);
    // In batches of 20,000 orders, each a transaction of two set-based statements: a client's read
    // timeout bounds one statement, and the triggers add each batch's sums once.
    for (let first = 1; first <= ORDERS; first += BATCH) {
      const last = Math.min(first + BATCH - 1, ORDERS);
      await knex.transaction(async (trx) => {
        // The store's statement timeout is for requests, not for a seed's batch.
        if (postgres) await trx.raw('set local statement_timeout = 0');
        // One order a minute back from now, one in three in pounds; one in twenty refunded.
        await trx.raw(`insert into orders (id, user_id, buyer_name, buyer_email, method, payment_method, currency, total_minor, status, delivered, reference, payment_id, created_at, paid_at, refunded_minor)
          select ${hex24('be', 'n')}, ${hex24('bc', `(n % ${CUSTOMERS}) + 1`)}, 'Customer ' || n, 'customer' || n || '@bench.test',
                 case when n % 3 = 0 then 'paymob' else 'paypal' end, case when n % 3 = 0 then 'card' else 'paypal' end,
                 case when n % 3 = 0 then 'EGP' else 'USD' end, case when n % 3 = 0 then 90000 else 1999 end * (n % 3 + 1),
                 case when n % 20 = 0 then 'refunded' else 'paid' end, n % 2 = 0, 'ref-' || n, 'pay-' || n,
                 now() - n * interval '1 minute', now() - n * interval '1 minute',
                 case when n % 20 = 0 then case when n % 3 = 0 then 90000 else 1999 end * (n % 3 + 1) else 0 end
          from generate_series(${first}, ${last}) n`);
        await trx.raw(`insert into order_lines (order_id, position, product_id, title, price_minor, currency, refunded)
          select ${hex24('be', 'n')}, p, '${LARGE_ID_PREFIX}' || lpad(to_hex((n * 7 + p * 13) % ${PRODUCTS}), ${24 - LARGE_ID_PREFIX.length}, '0'),
                 'Product ' || p, case when n % 3 = 0 then 90000 else 1999 end, case when n % 3 = 0 then 'EGP' else 'USD' end, n % 20 = 0
          from generate_series(${first}, ${last}) n, generate_series(0, 2) p where p <= n % 3`);
      });
    }
    const seedSeconds = (performance.now() - started) / 1000;
    await knex.raw('analyze');
    const [{ rows: sales }, { rows: products }] = await Promise.all([knex.raw('select count(*) from sales_days'), knex.raw('select count(*) from product_sales')]);
    console.log(`${ORDERS.toLocaleString('en')} orders seeded through the triggers in ${seedSeconds.toFixed(1)} s; rollup rows: ${sales[0].count} sales days, ${products[0].count} product rows`);

    // Fresh each run: the ranked reports keep their answers until the next sale (migration 038), and
    // this measures the queries, not what is kept.
    const fresh = () => new KnexSalesFigures(knex);
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
    const month = { from: `${day(0).slice(0, 8)}01`, to: day(0) };
    const year = { from: day(365), to: day(0) };
    const cases: [string, () => Promise<unknown>][] = [
      ['sales per day, this month', () => fresh().sales(month, 'day')],
      ['sales per week, 366 days', () => fresh().sales(year, 'week')],
      ['best sellers, this month', () => fresh().topSellers(month, 10)],
      ['best sellers, 366 days', () => fresh().topSellers(year, 10)],
      ['most downloaded, 366 days', () => fresh().topDownloads(year, 10)],
      ['visits by page, 366 days', () => fresh().visits(year, 'page', 10)],
    ];
    console.log('| query | p50 ms | p99 ms |\n|---|---:|---:|');
    for (const [name, run] of cases) {
      await run();
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        started = performance.now();
        await run();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      console.log(`| ${name} | ${times[Math.floor(RUNS / 2)]!.toFixed(1)} | ${times[Math.ceil(RUNS * 0.99) - 1]!.toFixed(1)} |`);
    }
  } finally {
    await db.close();
    postgres?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

void main();
