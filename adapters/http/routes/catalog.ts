import Router from '@koa/router';
import { Browse } from '../../../core/catalog/use-cases/browse';
import { SearchCatalog } from '../../../core/catalog/use-cases/search';
import { encodedAnswer, publicRoutes, sharedAnswer } from '../public-routes';
import { searchAnswerJson } from '../search-answer';
import { AnswerCaches } from '../response-cache';
import {
  detailsAnswer,
  productsAnswer,
  recommendedAnswer,
  relatedAnswer,
  shelfAnswer,
  toPublicProduct,
} from '../../../api/catalog';

/** Catalogue and search (spec 7, DECISIONS 3 and 7): the same answer for everyone, kept encoded. */
export const catalogRoutes = (router: Router, browse: Browse, search: SearchCatalog, caches: AnswerCaches) => {
  const on = publicRoutes(router, caches.pages);

  on('products', ({ query: q }) =>
    sharedAnswer(`products|${q.page}|${q.limit}`, browse.products(q.page, q.limit), productsAnswer, (p) => ({
      products: p.items.map(toPublicProduct),
      totalPages: p.totalPages,
      total: p.total,
    })),
  );

  on('recommended', ({ query: q }) =>
    sharedAnswer(`recommended|${q.page}|${q.limit}`, browse.recommended(q.page, q.limit), recommendedAnswer, (p) => ({
      data: { allProducts: p.items.map(toPublicProduct) },
      totalPages: p.totalPages,
    })),
  );

  on('details', ({ params: { id } }) =>
    sharedAnswer(`details|${id}`, browse.details(id), detailsAnswer, (product) => ({ productDetails: toPublicProduct(product) })),
  );

  on('related', ({ query: q }) =>
    sharedAnswer(`related|${q.category}|${q.exclude}|${q.limit}`, browse.related(q.category, q.exclude, q.limit), relatedAnswer, (products) => ({
      data: { relatedProducts: products.map(toPublicProduct) },
    })),
  );

  const shelf = (q: { page: number; limit: number }, type: string, category?: string) =>
    sharedAnswer(`shelf|${type}|${category?.toLowerCase()}|${q.page}|${q.limit}`, browse.shelf(type, category, q.page, q.limit), shelfAnswer, (p) => ({
      productdetails: p.items.map(toPublicProduct),
      totalPages: p.totalPages,
      total: p.total,
    }));
  on('shelf', ({ query, params }) => shelf(query, params.type!));
  on('categoryShelf', ({ query, params }) => shelf(query, params.type!, params.category));

  // Written by hand (search-answer.ts): a new search's products are joined from their kept JSON.
  publicRoutes(router, caches.searches)('search', ({ body }) =>
    encodedAnswer(`search|${body.query.trim().toLowerCase()}|${body.page}|${body.limit}`, search.run(body.query, body.page, body.limit), searchAnswerJson),
  );
};
