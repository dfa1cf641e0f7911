import { z } from 'zod';
import { BOOK_CATEGORIES, PRODUCT_TYPES, Product } from '../core/catalog/domain/product';
import { RELATED_COUNT } from '../core/catalog/domain/display';
import { SEARCH_REQUEST } from '../core/catalog/domain/search';
import { toDecimal } from '../core/shared/money';
import { answer } from './envelope';
import { textField, wholeNumber } from './fields';

/** A listing's page when the query names none. */
const DEFAULT_LIMIT = 15;

/** ?page=&limit= of the listings (getproducts, recommended, category). */
export const pageQuery = z
  .object({ page: wholeNumber('page').default(1), limit: wholeNumber('limit').default(DEFAULT_LIMIT) })
  .strict();

/** ?category=&exclude={id}&limit= of the related products. */
export const relatedQuery = z
  .object({
    category: textField('category', { max: 100, notText: 'category must be a product type', tooLong: 'category must be a product type' }),
    exclude: textField('exclude', { max: 100, notText: 'exclude must be a product id', tooLong: 'exclude must be a product id' }),
    limit: wholeNumber('limit').default(RELATED_COUNT),
  })
  .strict();

/** POST /api/search { query, page, limit } */
export const searchRequest = z
  .object({
    // The search rule says how long a query may be; this refuses only what is not text.
    query: textField('query', { max: Infinity }),
    page: z.number({ error: 'page must be a whole number' }).int('page must be a whole number').default(SEARCH_REQUEST.page),
    limit: z.number({ error: 'limit must be a whole number' }).int('limit must be a whole number').default(SEARCH_REQUEST.limit),
  })
  .strict();

/**
 * A product as any visitor may see it: the spec's fields with prices as decimal numbers. Built
 * field by field from the domain's Product, so a field added there stays on the server until it is
 * listed here; `producturl` and `downloadpass` never are (DECISIONS 8).
 */
export const publicProduct = z
  .object({
    _id: z.string(),
    title: z.string(),
    author: z.array(z.string()),
    description: z.string(),
    covers: z.array(z.string()),
    smallCover: z.array(z.string()),
    price: z.number().nonnegative(),
    egpprice: z.number().nonnegative(),
    category: z.enum(PRODUCT_TYPES),
    subcategory: z.array(z.enum(BOOK_CATEGORIES)),
    size: z.number(),
    Pages: z.number(),
    Language: z.string(),
    format: z.string(),
    year: z.string(),
    isbn: z.string().optional(),
    eISBN: z.string().optional(),
    duration: z.string().optional(),
    videonumbers: z.string().optional(),
    createdAt: z.string(),
    /** Absent when the product has none; a page in Arabic shows them instead of the English. */
    arabicTitle: z.string().optional(),
    arabicDescription: z.string().optional(),
  })
  .strict();
export type PublicProduct = z.infer<typeof publicProduct>;

export const toPublicProduct = (p: Product): PublicProduct => ({
  _id: p._id,
  title: p.title,
  author: [...p.author],
  description: p.description,
  covers: [...p.covers],
  smallCover: [...p.smallCover],
  price: toDecimal(p.price),
  egpprice: toDecimal(p.egpprice),
  category: p.category,
  subcategory: [...p.subcategory],
  size: p.size,
  Pages: p.Pages,
  Language: p.Language,
  format: p.format,
  year: p.year,
  ...(p.isbn === undefined ? {} : { isbn: p.isbn }),
  ...(p.eISBN === undefined ? {} : { eISBN: p.eISBN }),
  ...(p.duration === undefined ? {} : { duration: p.duration }),
  ...(p.videonumbers === undefined ? {} : { videonumbers: p.videonumbers }),
  createdAt: p.createdAt,
  ...(p.arabicTitle ? { arabicTitle: p.arabicTitle } : {}),
  ...(p.arabicDescription ? { arabicDescription: p.arabicDescription } : {}),
});

const products = z.array(publicProduct);

/** GET /api/backendproduct/getproducts */
export const productsAnswer = answer({ products, totalPages: z.number(), total: z.number() });
/** GET /api/backendproduct/recommended */
export const recommendedAnswer = answer({ data: z.object({ allProducts: products }).strict(), totalPages: z.number() });
/** GET /api/backendproduct/details/:id */
export const detailsAnswer = answer({ productDetails: publicProduct });
/** GET /api/backendproduct/related */
export const relatedAnswer = answer({ data: z.object({ relatedProducts: products }).strict() });
/** GET /api/category/:type[/:category] */
export const shelfAnswer = answer({ productdetails: products, totalPages: z.number(), total: z.number() });
/** POST /api/search */
export const searchAnswer = answer({ message: z.string(), results: products, count: z.number() });
