import * as TE from 'fp-ts/TaskEither';
import { requireAdmin } from '../../identity/domain/rights';
import { User } from '../../identity/domain/user';
import { DomainError, isDomainError } from '../../shared/errors';
import { PageOf, pageOf } from '../../shared/paging';
import { attempt } from '../../shared/task';
import { ProductsQueryInput, productsQueryOf } from '../domain/products-table';
import { ProductsTable, ProductsTableRow } from '../ports/products-table';

/** The admin's table of every product (issue 21): admins only, the query checked here (400). */
export class BrowseProductsTable {
  constructor(private readonly table: ProductsTable) {}

  page(user: User | undefined, input: ProductsQueryInput): TE.TaskEither<DomainError, PageOf<ProductsTableRow>> {
    return attempt(async () => {
      const admin = requireAdmin(user);
      if (isDomainError(admin)) return admin;
      const query = productsQueryOf(input);
      if (isDomainError(query)) return query;
      const { items, total } = await this.table.page(query);
      return pageOf(items, total, query);
    });
  }
}
