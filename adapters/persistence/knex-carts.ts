import { Knex } from 'knex';
import { Product } from '../../core/catalog/domain/product';
import { Carts } from '../../core/cart/ports';
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

  async add(userId: string, productId: string): Promise<boolean> {
    const inserted = await this.db('cart_items')
      .insert({ user_id: userId, product_id: productId })
      .onConflict(['user_id', 'product_id'])
      .ignore()
      .returning('product_id');
    return inserted.length > 0;
  }

  async remove(userId: string, productId: string): Promise<void> {
    await this.db('cart_items').where({ user_id: userId, product_id: productId }).delete();
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
