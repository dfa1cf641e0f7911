import { Knex } from 'knex';
import { CatalogWriter } from '../../../core/catalog/ports/catalog';
import { toCount } from '../product-rows';
import { FileStorage } from '../../../core/delivery/ports/file-storage';
import { demoCatalogue } from './demo-catalogue';
import { seedDemoFiles } from './demo-files';
import { largeCatalogue } from './large-catalogue';

/** True when no product was ever added (deleted ones count: an emptied shop is not reseeded). */
const neverStocked = async (db: Knex) => {
  const [row] = await db('products').count<{ count: string | number }[]>({ count: '*' });
  return toCount(row?.count) === 0;
};

/**
 * First start: the demo catalogue with a real file for each product, so a new user sees a real
 * store and their first download works. Returns how many products were added.
 */
export const seedDemoOnFirstStart = async (db: Knex, writer: CatalogWriter, storage: FileStorage, now: Date): Promise<number> => {
  if (!(await neverStocked(db))) return 0;
  const products = demoCatalogue();
  await writer.addMany(products);
  await seedDemoFiles(db, storage, products, now);
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
