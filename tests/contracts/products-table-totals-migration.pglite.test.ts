import { down, up } from '../../adapters/persistence/migrations/034-products-table-at-scale';
import { toRow } from '../../adapters/persistence/product-rows';
import { freshPglite } from '../support/databases';
import { aProduct } from '../support/products';

/** Each kept total beside the same figure counted afresh from the products. */
const KEPT_AND_COUNTED = `
  select coalesce(k.type, f.type) as type, coalesce(k.category, f.category) as category, coalesce(k.deleted, f.deleted) as deleted,
         coalesce(k.products, 0) as kept, coalesce(f.products, 0) as counted
  from product_totals k
  full join (
    select type, '' as category, deleted_at is not null as deleted, count(*) as products from products group by 1, 2, 3
    union all
    select type, category, deleted_at is not null, count(distinct id) from products, unnest(categories) as category group by 1, 2, 3
  ) f on f.type = k.type and f.category = k.category and f.deleted = k.deleted
  order by 1, 2, 3`;

/**
 * Migration 034 on a catalogue written before it: the totals it keeps start from the products
 * already there (one set-based statement), deleted ones and every category included, then the
 * triggers carry them on.
 */
test('migration 034 fills the products totals from the products already there', async () => {
  const db = await freshPglite();
  try {
    await down(db.knex);
    const deleted = new Date(Date.UTC(2026, 0, 1));
    await db.knex('products').insert([
      toRow(aProduct({ subcategory: ['Anatomy', 'Endodontics'] })),
      toRow(aProduct({ subcategory: ['Anatomy', 'Anatomy'] })),
      toRow(aProduct({ category: 'courses', subcategory: [] })),
      { ...toRow(aProduct({ category: 'journals', subcategory: ['Anatomy'] })), deleted_at: deleted },
    ]);
    await up(db.knex);
    const totals = (await db.knex.raw(KEPT_AND_COUNTED)).rows as { kept: number | string; counted: number | string }[];
    expect(totals.length).toBe(6);
    for (const row of totals) expect(Number(row.kept)).toBe(Number(row.counted));

    await db.knex('products').insert(toRow(aProduct({ category: 'journals', subcategory: ['Endodontics'] })));
    await db.knex('products').update({ deleted_at: null });
    await db.knex('products').where('type', 'courses').update({ type: 'books', categories: ['Implantology'] });
    await db.knex('products').where('type', 'books').update({ deleted_at: deleted });
    const after = (await db.knex.raw(KEPT_AND_COUNTED)).rows as { kept: number | string; counted: number | string }[];
    for (const row of after) expect(Number(row.kept)).toBe(Number(row.counted));
  } finally {
    await db.close();
  }
});
