import { Knex } from 'knex';
import { CatalogWriter } from '../../../core/catalog/ports/catalog';
import { toCount } from '../product-rows';
import { demoCatalogue } from './demo-catalogue';
import { largeCatalogue } from './large-catalogue';

/** True when no product was ever added (deleted ones count: an emptied shop is not reseeded). */
const neverStocked = async (db: Knex) => {
  const [row] = await db('products').count<{ count: string | number }[]>({ count: '*' });
  return toCount(row?.count) === 0;
};

/** First start: the demo catalogue, so a new user sees a real store. Returns how many were added. */
export const seedDemoOnFirstStart = async (db: Knex, writer: CatalogWriter): Promise<number> => {
  if (!(await neverStocked(db))) return 0;
  const products = demoCatalogue();
  await writer.addMany(products);
  return products.length;
};

/** A large generated catalogue for benchmarks, added in batches (each batch all or nothing). */
export const seedLarge = async (writer: CatalogWriter, count: number, onBatch?: (added: number) => void) => {
  let added = 0;
  for (const batch of largeCatalogue(count)) {
    await writer.addMany(batch);
    added += batch.length;
    onBatch?.(added);
  }
  return added;
};
