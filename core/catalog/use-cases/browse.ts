import * as E from 'fp-ts/Either';
import * as TE from 'fp-ts/TaskEither';
import { pipe } from 'fp-ts/function';
import { DomainError, PRODUCT_NOT_FOUND, notFound } from '../../shared/errors';
import { isId } from '../../shared/ids';
import { PageOf, Paging, pageOf, paging } from '../../shared/paging';
import { fromPromise } from '../../shared/task';
import { RELATED_COUNT } from '../domain/display';
import { Product, ProductType, bookCategoryNamed, isProductType } from '../domain/product';
import { Catalog, Shelf } from '../ports/catalog';

export const CATEGORY_NOT_FOUND = 'No such category';

/** `/category/{type}[/{book category}]`: only names the catalogue has are shelves. */
export const shelfNamed = (type: string, category?: string): E.Either<DomainError, Shelf> => {
  if (!isProductType(type)) return E.left(notFound(CATEGORY_NOT_FOUND));
  if (category === undefined) return E.right({ type });
  const named = bookCategoryNamed(category);
  return type === 'books' && named ? E.right({ type, category: named }) : E.left(notFound(CATEGORY_NOT_FOUND));
};

/** Catalogue reads. Each public method is one use case over the same port and paging rule. */
export class Browse {
  constructor(private readonly catalog: Catalog) {}

  /** The home page and `getproducts`: the whole catalogue, newest first. */
  products(page: number, limit: number): TE.TaskEither<DomainError, PageOf<Product>> {
    return this.page({}, page, limit, (p) => this.catalog.list({}, p));
  }

  shelf(type: string, category: string | undefined, page: number, limit: number): TE.TaskEither<DomainError, PageOf<Product>> {
    return pipe(
      TE.fromEither(shelfNamed(type, category)),
      TE.chain((shelf) => this.page(shelf, page, limit, (p) => this.catalog.list(shelf, p))),
    );
  }

  recommended(page: number, limit: number): TE.TaskEither<DomainError, PageOf<Product>> {
    return this.page({}, page, limit, (p) => this.catalog.recommended(p));
  }

  details(id: string): TE.TaskEither<DomainError, Product> {
    if (!isId(id)) return TE.left(notFound(PRODUCT_NOT_FOUND));
    return pipe(
      fromPromise(() => this.catalog.findById(id)),
      TE.chain(TE.fromNullable(notFound(PRODUCT_NOT_FOUND))),
    );
  }

  related(type: string, exclude: string, limit: number = RELATED_COUNT): TE.TaskEither<DomainError, readonly Product[]> {
    return pipe(
      TE.fromEither(shelfNamed(type)),
      TE.chainEitherK(() => paging(1, limit)),
      TE.chain((p) => fromPromise(() => this.catalog.related(type as ProductType, exclude, p.limit))),
    );
  }

  private page(
    shelf: Shelf,
    page: number,
    limit: number,
    items: (p: Paging) => Promise<readonly Product[]>,
  ): TE.TaskEither<DomainError, PageOf<Product>> {
    return pipe(
      TE.fromEither(paging(page, limit)),
      TE.chain((p) =>
        fromPromise(async () => {
          const [found, total] = await Promise.all([items(p), this.catalog.count(shelf)]);
          return pageOf(found, total, p);
        }),
      ),
    );
  }
}
