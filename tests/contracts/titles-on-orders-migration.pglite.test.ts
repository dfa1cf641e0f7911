import { KnexCatalog } from '../../adapters/persistence/knex-catalog';
import { KnexOrders } from '../../adapters/persistence/knex-orders';
import { down, up } from '../../adapters/persistence/migrations/039-titles-on-orders';
import { NewOrder } from '../../core/ordering/ports/orders';
import { usd } from '../../core/shared/money';
import { freshPglite } from '../support/databases';
import { aProduct, nextId } from '../support/products';

/**
 * Migration 039 on orders written before it: their titles are brought onto their rows, in the lines'
 * order, so the search finds them; lines added after it are kept there by the trigger.
 */
test('migration 039 puts the titles of orders sold before it on their rows', async () => {
  const db = await freshPglite();
  try {
    const book = aProduct({ title: 'Atlas of Periodontics' });
    const course = aProduct({ title: 'Composite Veneers' });
    await new KnexCatalog(db.knex).addMany([book, course]);
    const orders = new KnexOrders(db.knex);
    const anOrder = (lines: NewOrder['lines']): NewOrder => ({
      id: nextId(),
      buyerName: 'Hana Adel',
      buyerEmail: 'hana@mail.test',
      language: 'en',
      method: 'paypal',
      paymentMethod: 'paypal',
      currency: 'USD',
      total: usd(lines.length),
      lines,
      createdAt: new Date().toISOString(),
    });
    const titlesOf = async (id: string) => (await db.knex('orders').where({ id }).first('titles'))?.titles;

    await down(db.knex);
    const before = await orders.add(anOrder([{ productId: course._id, title: course.title, price: usd(1) }, { productId: book._id, title: book.title, price: usd(1) }]));
    await up(db.knex);
    const after = await orders.add(anOrder([{ productId: book._id, title: book.title, price: usd(1) }]));

    expect(await titlesOf(before.id)).toBe('composite veneers\natlas of periodontics');
    expect(await titlesOf(after.id)).toBe('atlas of periodontics');
    const found = await orders.search({ text: 'atlas of perio' }, { page: 1, limit: 10 }, 100);
    expect({ ids: new Set(found.items.map((o) => o.id)), total: found.total }).toEqual({ ids: new Set([before.id, after.id]), total: 2 });
  } finally {
    await db.close();
  }
});
