import { parseArgs } from 'node:util';
import { configFromEnv } from '../adapters/di/config';
import { TOKENS } from '../adapters/di/tokens';
import { composeStore } from '../adapters/di/container';
import { seedLarge } from '../adapters/persistence/seed/seed';

/** `npm run seed -- --products 100000`: adds a large generated catalogue (for benchmarks). */
const main = async () => {
  const { values } = parseArgs({ options: { products: { type: 'string', default: '100000' } } });
  const count = Number(values.products);
  if (!Number.isInteger(count) || count < 1 || count > 10_000_000) throw new Error('--products takes a whole number from 1');
  const store = await composeStore(configFromEnv());
  const started = Date.now();
  try {
    await seedLarge(store.get(TOKENS.CatalogWriter), count, (added) => {
      if (added % 10_000 === 0 || added === count) process.stdout.write(`\r${added} / ${count} products`);
    });
    console.log(`\nAdded ${count} products in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await store.close();
  }
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
