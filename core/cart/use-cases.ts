import * as TE from 'fp-ts/TaskEither';
import { Catalog } from '../catalog/ports/catalog';
import { requireUser } from '../identity/domain/rights';
import { User } from '../identity/domain/user';
import { DomainError, PRODUCT_NOT_FOUND, isDomainError, notFound } from '../shared/errors';
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
      const shopper = requireUser(user);
      if (isDomainError(shopper)) return shopper;
      if (!isId(productId) || !(await this.catalog.findById(productId))) return notFound(PRODUCT_NOT_FOUND);
      const added = await this.carts.add(shopper.id, productId);
      return { added, count: await this.carts.count(shopper.id) };
    });
  }

  remove(user: User | undefined, productId: string): TE.TaskEither<DomainError, { count: number }> {
    return attempt(async () => {
      const shopper = requireUser(user);
      if (isDomainError(shopper)) return shopper;
      if (isId(productId)) await this.carts.remove(shopper.id, productId);
      return { count: await this.carts.count(shopper.id) };
    });
  }

  contains(user: User | undefined, productId: string): TE.TaskEither<DomainError, boolean> {
    return attempt(async () => {
      const shopper = requireUser(user);
      if (isDomainError(shopper)) return shopper;
      return isId(productId) && (await this.carts.contains(shopper.id, productId));
    });
  }

  count(user: User | undefined): TE.TaskEither<DomainError, number> {
    return attempt(async () => {
      const shopper = requireUser(user);
      return isDomainError(shopper) ? shopper : this.carts.count(shopper.id);
    });
  }

  products(user: User | undefined): TE.TaskEither<DomainError, readonly Product[]> {
    return attempt(async () => {
      const shopper = requireUser(user);
      return isDomainError(shopper) ? shopper : this.carts.products(shopper.id);
    });
  }
}
