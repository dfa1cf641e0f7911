import * as E from 'fp-ts/Either';
import * as TE from 'fp-ts/TaskEither';
import { DomainError } from '../../shared/errors';
import { PageOf, pageOf, paging } from '../../shared/paging';
import { attempt } from '../../shared/task';
import { searchQuery } from '../domain/search';
import { Product } from '../domain/product';
import { Catalog } from '../ports/catalog';

export interface SearchResults extends PageOf<Product> {
  readonly query: string;
}

/** Searches titles and authors (DECISIONS 7). */
export class SearchCatalog {
  constructor(private readonly catalog: Catalog) {}

  run(raw: string, page: number, limit: number): TE.TaskEither<DomainError, SearchResults> {
    return attempt(async () => {
      const query = searchQuery(raw);
      if (E.isLeft(query)) return query.left;
      const p = paging(page, limit);
      if (E.isLeft(p)) return p.left;
      const { items, total } = await this.catalog.search(query.right, p.right);
      return { ...pageOf(items, total, p.right), query: query.right };
    });
  }
}
