import Router from '@koa/router';
import { z } from 'zod';
import { Browse } from '../../../core/catalog/use-cases/browse';
import { SearchCatalog } from '../../../core/catalog/use-cases/search';
import { RELATED_COUNT } from '../../../core/catalog/domain/display';
import { SEARCH_REQUEST } from '../../../core/catalog/domain/search';
import { wholeNumber } from '../respond';
import { PublicRequest, encodedAnswer, given, publicRoutes, sharedAnswer } from '../public-routes';
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
import { textField } from '../text-field';

const DEFAULT_LIMIT = 15;

const pageQuery = z
  .object({ page: wholeNumber('page').default(1), limit: wholeNumber('limit').default(DEFAULT_LIMIT) })
  .strict();

const relatedQuery = z
  .object({
    category: textField('category', { max: 100, notText: 'category must be a product type', tooLong: 'category must be a product type' }),
    exclude: textField('exclude', { max: 100, notText: 'exclude must be a product id', tooLong: 'exclude must be a product id' }),
    limit: wholeNumber('limit').default(RELATED_COUNT),
  })
  .strict();

const searchBody = z
  .object({
    // The search rule says how long a query may be; this refuses only what is not text.
    query: textField('query', { max: Infinity }),
    page: z.number({ error: 'page must be a whole number' }).int('page must be a whole number').default(SEARCH_REQUEST.page),
    limit: z.number({ error: 'limit must be a whole number' }).int('limit must be a whole number').default(SEARCH_REQUEST.limit),
  })
  .strict();

/** Catalogue and search (spec 7, DECISIONS 3 and 7): the same answer for everyone, kept encoded. */
export const catalogRoutes = (router: Router, browse: Browse, search: SearchCatalog, caches: AnswerCaches) => {
  const routes = publicRoutes(router, caches.pages);

  routes.get('/backendproduct/getproducts', (request) =>
    given(pageQuery, request.query, (q) =>
      sharedAnswer(`products|${q.page}|${q.limit}`, browse.products(q.page, q.limit), productsAnswer, (p) => ({
        products: p.items.map(toPublicProduct),
        totalPages: p.totalPages,
        total: p.total,
      })),
    ),
  );

  routes.get('/backendproduct/recommended', (request) =>
    given(pageQuery, request.query, (q) =>
      sharedAnswer(`recommended|${q.page}|${q.limit}`, browse.recommended(q.page, q.limit), recommendedAnswer, (p) => ({
        data: { allProducts: p.items.map(toPublicProduct) },
        totalPages: p.totalPages,
      })),
    ),
  );

  routes.get('/backendproduct/details/:id', ({ params: { id } }) =>
    sharedAnswer(`details|${id}`, browse.details(id), detailsAnswer, (product) => ({ productDetails: toPublicProduct(product) })),
  );

  routes.get('/backendproduct/related', (request) =>
    given(relatedQuery, request.query, (q) =>
      sharedAnswer(`related|${q.category}|${q.exclude}|${q.limit}`, browse.related(q.category, q.exclude, q.limit), relatedAnswer, (products) => ({
        data: { relatedProducts: products.map(toPublicProduct) },
      })),
    ),
  );

  const shelf = (request: PublicRequest, type: string, category?: string) =>
    given(pageQuery, request.query, (q) =>
      sharedAnswer(`shelf|${type}|${category?.toLowerCase()}|${q.page}|${q.limit}`, browse.shelf(type, category, q.page, q.limit), shelfAnswer, (p) => ({
        productdetails: p.items.map(toPublicProduct),
        totalPages: p.totalPages,
        total: p.total,
      })),
    );
  routes.get('/category/:type', (request) => shelf(request, request.params.type));
  routes.get('/category/:type/:category', (request) => shelf(request, request.params.type, request.params.category));

  // Written by hand (search-answer.ts): a new search's products are joined from their kept JSON.
  publicRoutes(router, caches.searches).post('/search', (request) =>
    given(searchBody, request.body, (body) =>
      encodedAnswer(`search|${body.query.trim().toLowerCase()}|${body.page}|${body.limit}`, search.run(body.query, body.page, body.limit), searchAnswerJson),
    ),
  );
};
