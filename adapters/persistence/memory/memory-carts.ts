import { Product } from '../../../core/catalog/domain/product';
import { Carts } from '../../../core/cart/ports';

/** The in-memory twin of KnexCarts; it reads products through the catalogue it is given. */
export class MemoryCarts implements Carts {
  /** Product ids per user, deleted products' too, as the cart_items table keeps them. */
  readonly carts = new Map<string, string[]>();

  constructor(private readonly productOf: (id: string) => Promise<Product | undefined>) {}

  private ids(userId: string) {
    return this.carts.get(userId) ?? [];
  }

  async add(userId: string, productId: string) {
    if (this.ids(userId).includes(productId)) return false;
    this.carts.set(userId, [...this.ids(userId), productId]);
    return true;
  }

  async remove(userId: string, productId: string) {
    this.carts.set(userId, this.ids(userId).filter((id) => id !== productId));
  }

  async contains(userId: string, productId: string) {
    return (await this.products(userId)).some((p) => p._id === productId);
  }

  async count(userId: string) {
    return (await this.products(userId)).length;
  }

  async products(userId: string) {
    const found = await Promise.all(this.ids(userId).map(this.productOf));
    return found.filter((p): p is Product => p !== undefined);
  }
}
