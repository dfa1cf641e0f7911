import * as TE from 'fp-ts/TaskEither';
import { Catalog } from '../catalog/ports/catalog';
import { NOT_SIGNED_IN, User } from '../identity/domain/user';
import { DomainError, PRODUCT_NOT_FOUND, notFound, unauthorized } from '../shared/errors';
import { isId } from '../shared/ids';
import { attempt } from '../shared/task';
import { Carts } from './ports';
import { Product } from '../catalog/domain/product';

/** The signed-in user's cart; every call needs a user. */
export class Cart {
  constructor(
    private readonly carts: Carts,
    private readonly catalog: Catalog,
  ) {}

  add(user: User | undefined, productId: string): TE.TaskEither<DomainError, { added: boolean; count: number }> {
    return attempt(async () => {
      if (!user) return unauthorized(NOT_SIGNED_IN);
      if (!isId(productId) || !(await this.catalog.findById(productId))) return notFound(PRODUCT_NOT_FOUND);
      const added = await this.carts.add(user.id, productId);
      return { added, count: await this.carts.count(user.id) };
    });
  }

  remove(user: User | undefined, productId: string): TE.TaskEither<DomainError, { count: number }> {
    return attempt(async () => {
      if (!user) return unauthorized(NOT_SIGNED_IN);
      if (isId(productId)) await this.carts.remove(user.id, productId);
      return { count: await this.carts.count(user.id) };
    });
  }

  contains(user: User | undefined, productId: string): TE.TaskEither<DomainError, boolean> {
    return attempt(async () => {
      if (!user) return unauthorized(NOT_SIGNED_IN);
      return isId(productId) && (await this.carts.contains(user.id, productId));
    });
  }

  count(user: User | undefined): TE.TaskEither<DomainError, number> {
    return attempt(async () => (user ? this.carts.count(user.id) : unauthorized(NOT_SIGNED_IN)));
  }

  products(user: User | undefined): TE.TaskEither<DomainError, readonly Product[]> {
    return attempt(async () => (user ? this.carts.products(user.id) : unauthorized(NOT_SIGNED_IN)));
  }
}
