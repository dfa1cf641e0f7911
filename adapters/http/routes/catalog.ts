import Router from '@koa/router';
import { z } from 'zod';
import { Browse } from '../../../core/catalog/use-cases/browse';
import { SearchCatalog } from '../../../core/catalog/use-cases/search';
import { RELATED_COUNT, SEARCH_REQUEST } from '../../../core/catalog/domain/display';
import { wholeNumber } from '../respond';
import { PublicRequest, given, publicRoutes, sharedAnswer } from '../public-routes';
import { ResponseCache } from '../response-cache';

const DEFAULT_LIMIT = 15;

const pageQuery = z
  .object({ page: wholeNumber('page').default(1), limit: wholeNumber('limit').default(DEFAULT_LIMIT) })
  .strict();

const relatedQuery = z
  .object({
    category: z.string({ error: 'category must be a product type' }).max(100, 'category must be a product type'),
    exclude: z.string({ error: 'exclude must be a product id' }).max(100, 'exclude must be a product id'),
    limit: wholeNumber('limit').default(RELATED_COUNT),
  })
  .strict();

const searchBody = z
  .object({
    query: z.string({ error: 'query must be text' }),
    page: z.number({ error: 'page must be a whole number' }).int('page must be a whole number').default(SEARCH_REQUEST.page),
    limit: z.number({ error: 'limit must be a whole number' }).int('limit must be a whole number').default(SEARCH_REQUEST.limit),
  })
  .strict();

/** Catalogue and search (spec 7, DECISIONS 3 and 7): the same answer for everyone, kept encoded. */
export const catalogRoutes = (router: Router, browse: Browse, search: SearchCatalog, cache: ResponseCache) => {
  const routes = publicRoutes(router, cache);

  routes.get('/backendproduct/getproducts', (request) =>
    given(pageQuery, request.query, (q) =>
      sharedAnswer(`products|${q.page}|${q.limit}`, browse.products(q.page, q.limit), (p) => ({
        products: p.items,
        totalPages: p.totalPages,
        total: p.total,
      })),
    ),
  );

  routes.get('/backendproduct/recommended', (request) =>
    given(pageQuery, request.query, (q) =>
      sharedAnswer(`recommended|${q.page}|${q.limit}`, browse.recommended(q.page, q.limit), (p) => ({
        data: { allProducts: p.items },
        totalPages: p.totalPages,
      })),
    ),
  );

  routes.get('/backendproduct/details/:id', ({ params: { id } }) =>
    sharedAnswer(`details|${id}`, browse.details(id), (product) => ({ productDetails: product })),
  );

  routes.get('/backendproduct/related', (request) =>
    given(relatedQuery, request.query, (q) =>
      sharedAnswer(`related|${q.category}|${q.exclude}|${q.limit}`, browse.related(q.category, q.exclude, q.limit), (products) => ({
        data: { relatedProducts: products },
      })),
    ),
  );

  const shelf = (request: PublicRequest, type: string, category?: string) =>
    given(pageQuery, request.query, (q) =>
      sharedAnswer(`shelf|${type}|${category?.toLowerCase()}|${q.page}|${q.limit}`, browse.shelf(type, category, q.page, q.limit), (p) => ({
        productdetails: p.items,
        totalPages: p.totalPages,
        total: p.total,
      })),
    );
  routes.get('/category/:type', (request) => shelf(request, request.params.type));
  routes.get('/category/:type/:category', (request) => shelf(request, request.params.type, request.params.category));

  routes.post('/search', (request) =>
    given(searchBody, request.body, (body) =>
      sharedAnswer(`search|${body.query.trim().toLowerCase()}|${body.page}|${body.limit}`, search.run(body.query, body.page, body.limit), (r) => ({
        message: r.total ? `${r.total} results found` : 'No results found',
        results: r.items,
        count: r.total,
      })),
    ),
  );
};
