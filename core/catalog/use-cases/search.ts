import * as TE from 'fp-ts/TaskEither';
import { pipe } from 'fp-ts/function';
import { sequenceS } from 'fp-ts/Apply';
import * as E from 'fp-ts/Either';
import { DomainError } from '../../shared/errors';
import { PageOf, pageOf, paging } from '../../shared/paging';
import { fromPromise } from '../../shared/task';
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
    return pipe(
      TE.fromEither(sequenceS(E.Apply)({ query: searchQuery(raw), paging: paging(page, limit) })),
      TE.chain(({ query, paging: p }) =>
        fromPromise(async () => {
          const { items, total } = await this.catalog.search(query, p);
          return { ...pageOf(items, total, p), query };
        }),
      ),
    );
  }
}
