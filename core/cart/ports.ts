import { Product } from '../catalog/domain/product';
import { Id } from '../shared/ids';

/** Each user's cart: a set of products (adding twice keeps one entry); deleted products leave it. */
export interface Carts {
  /** True when the product was not in the cart yet. */
  add(userId: Id, productId: Id): Promise<boolean>;
  remove(userId: Id, productId: Id): Promise<void>;
  contains(userId: Id, productId: Id): Promise<boolean>;
  count(userId: Id): Promise<number>;
  /** The products, first added first. */
  products(userId: Id): Promise<readonly Product[]>;
}
