import fs from 'node:fs';
import { TOKENS } from '../adapters/di/tokens';
import { composeStore } from '../adapters/di/container';
import { LARGE_ID_PREFIX } from '../adapters/persistence/seed/large-catalogue';
import { benchConfig } from './seed';

/** The admin the back-office scenarios sign in as. */
export const BENCH_ADMIN = { username: 'benchadmin', email: 'admin@bench.test', password: 'Bench123' } as const;

const countOf = (name: string, fallback: number, max: number): number => {
  const text = process.env[name];
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 100 || n > max) throw new Error(`${name} takes a whole number from 100 to ${max.toLocaleString('en')}`);
  return n;
};

/**
 * The back office is measured over this many orders of this many customers: the issue's figure
 * (issue 21: 1,000,000 of 100,000) unless BENCH_ORDERS and BENCH_CUSTOMERS say fewer (or more).
 */
export const ORDERS = countOf('BENCH_ORDERS', 1_000_000, 10_000_000);
export const CUSTOMERS = countOf('BENCH_CUSTOMERS', 100_000, 1_000_000);
/** The CSV export is measured over this many orders (the newest), streamed once. */
export const EXPORT_ORDERS = Math.min(100_000, ORDERS);

const GUESTS = Math.max(1, Math.floor(CUSTOMERS / 10));

/**
 * Each seeded order's facts from its number n, for the orders and their lines alike: one a minute
 * back from the seeding's start (the newest k orders are those of the last k minutes), one to three
 * lines of one price; every tenth a guest's; the mix of providers and states below.
 */
const orderFacts = (first: number, last: number) => `o as (
    -- r picks the provider, s the state: drawn from n apart, so that every provider has every state.
    select n, (n + n / 100) % 100 as r, (n / 3) % 100 as s, n % 10 = 0 as guest, n % 3 + 1 as lines,
           date_trunc('milliseconds', now()) - n * interval '1 minute' as at
    from generate_series(${first}, ${last}) n
  ), m as (
    select o.*,
      case when r < 70 then 'paypal' when r < 95 then 'paymob' when r < 98 then 'transfer' else 'free' end as method,
      case when r < 70 then 'paypal' when r < 85 then 'card' when r < 90 then 'wallet' when r < 95 then 'kiosk' when r < 98 then 'transfer' else 'free' end as payment_method,
      case when r < 70 or r >= 98 then 'USD' else 'EGP' end as currency,
      case when s < 85 then 'paid' when s < 90 then 'pending' when s < 95 then 'failed' when s < 98 then 'refunded' else 'partly-refunded' end as status
    from o
  ), facts as (
    select m.*,
      case when method = 'free' then 0 when currency = 'EGP' then 95000 else 1999 end as line_minor,
      case when status = 'refunded' then lines when status = 'partly-refunded' then least(1, lines - 1) else 0 end as refunded_lines,
      status in ('paid', 'partly-refunded', 'refunded') and n % 2 = 0 as delivered
    from m
  )`;

/** Orders are written this many at a time: each statement (its triggers' rollups included) ends well within the client's wait for an answer. */
const ORDERS_PER_STATEMENT = 50_000;

const hex24 = (prefix: string, n: string) => `'${prefix}' || lpad(to_hex(${n}), ${24 - prefix.length}, '0')`;

/**
 * The admin account, CUSTOMERS accounts and ORDERS orders of one to three products of the large
 * catalogue (titles as sold), written in set-based statements, unless already there (a reused
 * BENCH_DATABASE_URL). Every tenth order is a guest's (an address with no account, 1 of CUSTOMERS/10
 * addresses); orders are 70% PayPal (USD), 25% Paymob (EGP: card, wallet, kiosk), 3% transfers (EGP),
 * 2% free; 85% paid (half of them delivered), 5% pending, 5% failed, 3% refunded, 2% partly refunded.
 * Moments are whole milliseconds, as the store writes them (the export's keyset compares them).
 */
export const seedOrders = async (databaseUrl: string, products: number): Promise<void> => {
  const store = await composeStore(benchConfig(databaseUrl));
  try {
    const admin = await store.get(TOKENS.AdminAtStart).ensure(BENCH_ADMIN)();
    if (admin._tag === 'Left') throw new Error(`The benchmark admin was refused: ${admin.left.message}`);
    const { knex } = store.get(TOKENS.Database);
    if (await knex('orders').where('id', 'like', 'be%').first('id')) return;
    const started = performance.now();
    await knex.transaction(async (trx) => {
      // Minutes of work at the issue's figure: more than the store's own statement time-out allows.
      await trx.raw('set local statement_timeout = 0');
      // The password hash is never checked: these customers only own orders.
      await trx.raw(`insert into users (id, username, email, password_hash)
        select ${hex24('bc', 'n')}, 'customer' || n, 'customer' || n || '@bench.test', 'unused'
        from generate_series(1, ${CUSTOMERS}) n`);
      for (let first = 1; first <= ORDERS; first += ORDERS_PER_STATEMENT) {
        const facts = orderFacts(first, Math.min(ORDERS, first + ORDERS_PER_STATEMENT - 1));
        await trx.raw(`with ${facts}
        insert into orders (id, user_id, buyer_name, buyer_email, method, payment_method, currency, total_minor, refunded_minor, status, delivered,
                            reference, payment_id, created_at, paid_at, delivered_at, language)
        select ${hex24('be', 'n')}, case when guest then null else ${hex24('bc', `(n % ${CUSTOMERS}) + 1`)} end,
               case when guest then 'Guest ' || ((n / 10) % ${GUESTS}) else 'Customer ' || ((n % ${CUSTOMERS}) + 1) end,
               case when guest then 'guest' || ((n / 10) % ${GUESTS}) || '@bench.test' else 'customer' || ((n % ${CUSTOMERS}) + 1) || '@bench.test' end,
               method, payment_method, currency, line_minor * lines, refunded_lines * line_minor, status, delivered,
               'ref-' || n, case when status in ('pending', 'failed') then null else 'pay-' || n end,
               at, case when status in ('pending', 'failed') then null else at end, case when delivered then at end,
               case when currency = 'EGP' then 'ar' else 'en' end
        from facts`);
        await trx.raw(`with ${facts}
        insert into order_lines (order_id, position, product_id, title, price_minor, currency, refunded)
        select ${hex24('be', 'n')}, p, pr.id, pr.title, line_minor, currency, p < refunded_lines
        from facts cross join generate_series(0, 2) p
        join products pr on pr.id = '${LARGE_ID_PREFIX}' || lpad(to_hex((n * 7 + p * 13) % ${products}), ${24 - LARGE_ID_PREFIX.length}, '0')
        where p < lines`);
      }
    });
    // As autovacuum would soon after: the listing's index-only scan then skips the table. Outside a
    // transaction, as vacuum must be, on one connection with no time-out: at a million orders it
    // outlasts the store's 5 s, and the seeding failed at its last statement.
    const connection: unknown = await knex.client.acquireConnection();
    try {
      await knex.raw('set statement_timeout = 0').connection(connection);
      await knex.raw('vacuum analyze orders, order_lines, users, customer_figures, customer_spending').connection(connection);
      await knex.raw('reset statement_timeout').connection(connection);
    } finally {
      await knex.client.releaseConnection(connection);
    }
    console.log(`Seeded ${ORDERS.toLocaleString('en')} orders of ${CUSTOMERS.toLocaleString('en')} customers in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await store.close();
  }
};

/** What streaming the CSV export cost the store: its rows and bytes, time, and resident memory. */
export interface ExportRun {
  readonly rows: number;
  readonly mb: number;
  readonly seconds: number;
  readonly rssBeforeMb: number;
  readonly rssPeakMb: number;
}

const residentMb = (pid: number): number => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/**
 * The CSV of the newest EXPORT_ORDERS orders (a `from` date that takes them), read as it streams and
 * counted, while the store's VmRSS is sampled every 100 ms. Constant memory means the peak stays
 * near the start whatever the number of rows.
 */
export const measureExport = async (base: string, cookie: string, serverPid: number, newest: string): Promise<ExportRun> => {
  const rssBeforeMb = residentMb(serverPid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, residentMb(serverPid))), 100);
  const started = performance.now();
  try {
    const answer = await fetch(`${base}/api/admin/orders/export?from=${encodeURIComponent(newest)}`, { headers: { cookie } });
    if (!answer.ok || !answer.body) throw new Error(`The export answered ${answer.status}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) lines++;
    }
    return { rows: lines - 1, mb: bytes / 1e6, seconds: (performance.now() - started) / 1000, rssBeforeMb, rssPeakMb };
  } finally {
    clearInterval(sampler);
  }
};

/** How many sales the first reads after a sale are measured over, one at a time. */
export const SALES_BEFORE_READS = 5;

/** The first reads of a report after a sale: its answers kept until then are of no use to them. */
export interface ReadsAfterSales {
  readonly report: string;
  readonly ms: readonly number[];
}

/**
 * A report is answered from what the store keeps until the next sale (the best sellers, migration
 * 038), so the scenarios at 20 connections measure a kept answer. This measures the read that
 * follows a sale: SALES_BEFORE_READS times, a paid order of one product written to the database
 * (its triggers keep the rollups as the store's settlement would), then the report read once.
 */
export const measureReadsAfterSales = async (databaseUrl: string, base: string, cookie: string, report: { name: string; path: string }, productId: string): Promise<ReadsAfterSales> => {
  const store = await composeStore(benchConfig(databaseUrl));
  const ms: number[] = [];
  try {
    const { knex } = store.get(TOKENS.Database);
    for (let sale = 0; sale < SALES_BEFORE_READS; sale++) {
      const id = `bf${Date.now().toString(16)}${sale}`.padEnd(24, '0');
      await knex.transaction(async (trx) => {
        await trx('orders').insert({
          id, buyer_name: 'After Sale', buyer_email: 'after-sale@bench.test', method: 'paypal', payment_method: 'paypal', currency: 'USD',
          total_minor: 1999, refunded_minor: 0, status: 'paid', delivered: false, reference: `ref-${id}`, payment_id: `pay-${id}`,
          created_at: new Date(), paid_at: new Date(), language: 'en',
        });
        await trx.raw(`insert into order_lines (order_id, position, product_id, title, price_minor, currency, refunded)
          select ?, 0, id, title, 1999, 'USD', false from products where id = ?`, [id, productId]);
      });
      const started = performance.now();
      const answer = await fetch(`${base}${report.path}`, { headers: { cookie } });
      await answer.arrayBuffer();
      if (!answer.ok) throw new Error(`${report.name} answered ${answer.status} after a sale`);
      ms.push(Number((performance.now() - started).toFixed(0)));
    }
  } finally {
    await store.close();
  }
  return { report: report.name, ms };
};
