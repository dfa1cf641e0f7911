import * as TE from 'fp-ts/TaskEither';
import { DomainError } from '../../shared/errors';
import { attempt } from '../../shared/task';
import { listedPagePaths } from '../../location/domain/crawlers';
import { pathOf } from '../../location/domain/store-pages';
import { Catalog } from '../ports/catalog';

/** A page of the store a sitemap lists: its path in English (the others follow from it) and its last change when known. */
export interface SiteAddress {
  readonly path: string;
  readonly changedAt?: string;
}

export interface CatalogueAddresses {
  /** Home, each product type's and book category's listing, the static pages. */
  readonly pages: readonly SiteAddress[];
  /** Every product on sale, by id, with its last change. */
  readonly products: readonly SiteAddress[];
}

/** What the sitemap lists (issue 22): the catalogue's addresses, each with its last change. */
export class SiteAddresses {
  constructor(private readonly catalog: Catalog) {}

  all(): TE.TaskEither<DomainError, CatalogueAddresses> {
    return attempt(async () => ({
      pages: listedPagePaths().map((path) => ({ path })),
      products: (await this.catalog.listed()).map(({ id, changedAt }) => ({ path: pathOf('product', { id }), changedAt })),
    }));
  }
}
