import * as TE from 'fp-ts/TaskEither';
import { requireAdmin } from '../../identity/domain/rights';
import { User } from '../../identity/domain/user';
import { DomainError, isDomainError } from '../../shared/errors';
import { PageOf, SEARCH_COUNT_CAP, pageOf } from '../../shared/paging';
import { attempt } from '../../shared/task';
import { ProductsQueryInput, productsQueryOf } from '../domain/products-table';
import { ProductsTable, ProductsTableRow } from '../ports/products-table';

/** The admin's table of every product (issue 21): admins only, the query checked here (400). */
export class BrowseProductsTable {
  constructor(private readonly table: ProductsTable) {}

  page(user: User | undefined, input: ProductsQueryInput): TE.TaskEither<DomainError, PageOf<ProductsTableRow> & { readonly more: boolean }> {
    return attempt(async () => {
      const admin = requireAdmin(user);
      if (isDomainError(admin)) return admin;
      const query = productsQueryOf(input);
      if (isDomainError(query)) return query;
      const { items, total } = await this.table.page(query, SEARCH_COUNT_CAP);
      // A search's matches are counted, to the cap (4,450 for part of an author's name, 140 ms cold
      // at 100,000 products); the whole table's total and a filter's are kept, and exact.
      const more = query.text !== undefined && total > SEARCH_COUNT_CAP;
      return { ...pageOf(items, more ? SEARCH_COUNT_CAP : total, query), more };
    });
  }
}
