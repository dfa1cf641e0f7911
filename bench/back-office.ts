import { TOKENS } from '../adapters/di/tokens';
import { composeStore } from '../adapters/di/container';
import { LARGE_ID_PREFIX } from '../adapters/persistence/seed/large-catalogue';
import { benchConfig } from './seed';

/** The admin the back-office scenarios sign in as. */
export const BENCH_ADMIN = { username: 'benchadmin', email: 'admin@bench.test', password: 'Bench123' } as const;
/** Customer Orders is measured over this many orders, of this many customers. */
export const ORDERS = 10_000;
const CUSTOMERS = 1_000;

const hex24 = (prefix: string, n: string) => `'${prefix}' || lpad(to_hex(${n}), ${24 - prefix.length}, '0')`;

/**
 * The admin account and 10,000 paid orders of 1,000 customers, each of one to three products of the
 * large catalogue, half of them delivered: written in three set-based statements, unless already
 * there (a reused BENCH_DATABASE_URL).
 */
export const seedOrders = async (databaseUrl: string, products: number): Promise<void> => {
  const store = await composeStore(benchConfig(databaseUrl));
  try {
    const admin = await store.get(TOKENS.AdminAtStart).ensure(BENCH_ADMIN)();
    if (admin._tag === 'Left') throw new Error(`The benchmark admin was refused: ${admin.left.message}`);
    const { knex } = store.get(TOKENS.Database);
    if (await knex('orders').where('id', 'like', 'be%').first('id')) return;
    await knex.transaction(async (trx) => {
      // The password hash is never checked: these customers only own orders.
      await trx.raw(`insert into users (id, username, email, password_hash)
        select ${hex24('bc', 'n')}, 'customer' || n, 'customer' || n || '@bench.test', 'unused'
        from generate_series(1, ${CUSTOMERS}) n`);
      await trx.raw(`insert into orders (id, user_id, buyer_name, buyer_email, method, payment_method, currency, total_minor, status, delivered, reference, payment_id, created_at, paid_at)
        select ${hex24('be', 'n')}, ${hex24('bc', `(n % ${CUSTOMERS}) + 1`)}, 'Customer ' || n, 'customer' || n || '@bench.test',
               'paypal', 'card', 'USD', 1999 * (n % 3 + 1), 'paid', n % 2 = 0, 'ref-' || n, 'pay-' || n,
               now() - n * interval '1 minute', now() - n * interval '1 minute'
        from generate_series(1, ${ORDERS}) n`);
      await trx.raw(`insert into order_lines (order_id, position, product_id, title, price_minor, currency)
        select ${hex24('be', 'n')}, p, '${LARGE_ID_PREFIX}' || lpad(to_hex((n * 7 + p * 13) % ${products}), ${24 - LARGE_ID_PREFIX.length}, '0'),
               'Product ' || p, 1999, 'USD'
        from generate_series(1, ${ORDERS}) n, generate_series(0, 2) p where p <= n % 3`);
    });
    // As autovacuum would soon after: the listing's index-only scan then skips the table.
    await knex.raw('vacuum analyze orders, order_lines, users');
  } finally {
    await store.close();
  }
};
