import { down, up } from '../../adapters/persistence/migrations/026-arabic-product-text';
import { toRow } from '../../adapters/persistence/product-rows';
import { freshPglite } from '../support/databases';
import { aProduct } from '../support/products';

/**
 * Migration 026 on a catalogue written before it: search_text was the title and authors lower-cased
 * only, so a title with Arabic letters or digits must be brought to the search's spelling, and the
 * rest left as they are.
 */
test('migration 026 writes the search text again for Arabic titles only', async () => {
  const db = await freshPglite();
  try {
    const arabic = aProduct({ title: 'Dental Radiology ٢٠٢٣', author: ['أحمد إبراهيم'] });
    const english = aProduct({ title: 'Oral Surgery Handbook', author: ['James Hupp'] });
    await down(db.knex);
    const { arabic_title: _t, arabic_description: _d, ...before026 } = toRow(arabic);
    const { arabic_title: _t2, arabic_description: _d2, ...englishRow } = toRow(english);
    await db.knex('products').insert([
      { ...before026, search_text: 'dental radiology ٢٠٢٣ أحمد إبراهيم' },
      { ...englishRow, search_text: 'as it was' },
    ]);
    await up(db.knex);
    const texts = Object.fromEntries((await db.knex('products').select('id', 'search_text')).map((r: { id: string; search_text: string }) => [r.id, r.search_text]));
    expect(texts[arabic._id]).toBe('dental radiology 2023 احمد ابراهيم');
    expect(texts[english._id]).toBe('as it was');
    expect(await db.knex('products').whereNotNull('arabic_title').count({ n: '*' })).toEqual([{ n: 0 }]);
  } finally {
    await db.close();
  }
});
