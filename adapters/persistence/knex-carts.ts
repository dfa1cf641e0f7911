import { Knex } from 'knex';
import { Product } from '../../core/catalog/domain/product';
import { Carts } from '../../core/cart/ports';
import { TELL_OTHERS } from './change-feed';
import { PUBLIC_COLUMNS, ProductRow, toCount, toProduct } from './product-rows';

export class KnexCarts implements Carts {
  constructor(private readonly db: Knex) {}

  /** Entries whose product is still on sale; a deleted product leaves every cart (DECISIONS 9). */
  private entries(userId: string) {
    return this.db('cart_items')
      .join('products', 'products.id', 'cart_items.product_id')
      .where('cart_items.user_id', userId)
      .whereNull('products.deleted_at');
  }

  /**
   * Each write logs the user's cart as changed, and notifies the other processes, in the same
   * statement, so the caches of every process hear of it exactly when it lands (see change-feed.ts);
   * removing what was not in the cart changes nothing and tells no one (a settled order clears its products).
   */
  async add(userId: string, productId: string): Promise<boolean> {
    const { rows } = await this.db.raw(
      `with added as (
         insert into cart_items (user_id, product_id) values (?, ?) on conflict (user_id, product_id) do nothing returning product_id
       ), logged as (insert into cache_changes (area, key) values ('cart', ?) returning seq)
       select (select count(*) from added) as added, ${TELL_OTHERS} from logged`,
      [userId, productId, userId],
    );
    return toCount(rows[0]?.added) > 0;
  }

  async remove(userId: string, productId: string): Promise<void> {
    await this.db.raw(
      `with removed as (delete from cart_items where user_id = ? and product_id = ? returning 1),
         logged as (insert into cache_changes (area, key) select 'cart', ? where exists (select 1 from removed) returning seq)
       select ${TELL_OTHERS} from logged`,
      [userId, productId, userId],
    );
  }

  async contains(userId: string, productId: string): Promise<boolean> {
    return Boolean(await this.entries(userId).where('cart_items.product_id', productId).first('cart_items.product_id'));
  }

  async count(userId: string): Promise<number> {
    const [row] = await this.entries(userId).count<{ count: string | number }[]>({ count: '*' });
    return toCount(row?.count);
  }

  async products(userId: string): Promise<readonly Product[]> {
    const rows: ProductRow[] = await this.entries(userId)
      .select(PUBLIC_COLUMNS.map((c) => `products.${c}`))
      .orderBy('cart_items.added_at');
    return rows.map(toProduct);
  }
}
