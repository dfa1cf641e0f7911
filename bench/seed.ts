import { AppConfig, configFromEnv } from '../adapters/di/config';
import { composeStore } from '../adapters/di/container';
import { TOKENS } from '../adapters/di/tokens';
import { largeId } from '../adapters/persistence/seed/large-catalogue';
import { seedLarge } from '../adapters/persistence/seed/seed';

/** The store's configuration for a PostgreSQL URL, without the UI (the benchmark reads the API). */
export const benchConfig = (databaseUrl: string): AppConfig => ({
  ...configFromEnv({ DATABASE_URL: databaseUrl }),
  uiDir: undefined,
  // The benchmark's server reads its child's output only for the port: a line per request would fill the pipe.
  logLevel: 'silent',
  // Its scenarios send thousands of requests a second, sign-ins too, from one address: the
  // per-address limits would answer them 429. The fairness scenario runs with them.
  addressLimits: {},
});

/** One line per 25,000 products (rewritten in place on a terminal). */
const progress = (count: number) => (added: number) => {
  if (added % 25_000 !== 0 && added !== count) return;
  const line = `  ${added.toLocaleString('en')} / ${count.toLocaleString('en')} products`;
  if (!process.stdout.isTTY) return console.log(line);
  process.stdout.write(`\r${line}${added === count ? '\n' : ''}`);
};

/**
 * Migrates the database and adds the large generated catalogue through the store's own writer,
 * unless its last product is already there (a reused `BENCH_DATABASE_URL`). Then refreshes the
 * planner's statistics, as autovacuum would soon after. Returns the seconds it took, or undefined.
 */
export const seedCatalogue = async (databaseUrl: string, count: number): Promise<number | undefined> => {
  const store = await composeStore(benchConfig(databaseUrl));
  try {
    const { knex } = store.get(TOKENS.Database);
    if (await knex('products').where('id', largeId(count - 1)).first('id')) return undefined;
    const started = performance.now();
    await seedLarge(store.get(TOKENS.CatalogWriter), count, progress(count));
    await knex.raw('vacuum analyze products');
    return (performance.now() - started) / 1000;
  } finally {
    await store.close();
  }
};
