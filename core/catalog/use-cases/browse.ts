import * as E from 'fp-ts/Either';
import * as TE from 'fp-ts/TaskEither';
import { DomainError, PRODUCT_NOT_FOUND, notFound } from '../../shared/errors';
import { isId } from '../../shared/ids';
import { PageOf, Paging, pageOf, paging } from '../../shared/paging';
import { attempt } from '../../shared/task';
import { RELATED_COUNT } from '../domain/display';
import { Product, bookCategoryNamed, isProductType } from '../domain/product';
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
    return attempt(() => this.page({}, page, limit, (p) => this.catalog.list({}, p)));
  }

  shelf(type: string, category: string | undefined, page: number, limit: number): TE.TaskEither<DomainError, PageOf<Product>> {
    return attempt(async () => {
      const shelf = shelfNamed(type, category);
      if (E.isLeft(shelf)) return shelf.left;
      return this.page(shelf.right, page, limit, (p) => this.catalog.list(shelf.right, p));
    });
  }

  recommended(page: number, limit: number): TE.TaskEither<DomainError, PageOf<Product>> {
    return attempt(() => this.page({}, page, limit, (p) => this.catalog.recommended(p)));
  }

  details(id: string): TE.TaskEither<DomainError, Product> {
    return attempt(async () => {
      if (!isId(id)) return notFound(PRODUCT_NOT_FOUND);
      return (await this.catalog.findById(id)) ?? notFound(PRODUCT_NOT_FOUND);
    });
  }

  related(type: string, exclude: string, limit: number = RELATED_COUNT): TE.TaskEither<DomainError, readonly Product[]> {
    return attempt(async () => {
      if (!isProductType(type)) return notFound(CATEGORY_NOT_FOUND);
      const p = paging(1, limit);
      if (E.isLeft(p)) return p.left;
      return this.catalog.related(type, exclude, p.right.limit);
    });
  }

  /** One page of a list and the count of the whole shelf, or why the paging is refused. */
  private async page(
    shelf: Shelf,
    page: number,
    limit: number,
    items: (p: Paging) => Promise<readonly Product[]>,
  ): Promise<PageOf<Product> | DomainError> {
    const p = paging(page, limit);
    if (E.isLeft(p)) return p.left;
    const [found, total] = await Promise.all([items(p.right), this.catalog.count(shelf)]);
    return pageOf(found, total, p.right);
  }
}
