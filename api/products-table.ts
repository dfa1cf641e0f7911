import { z } from 'zod';
import { BOOK_CATEGORIES, PRODUCT_TYPES } from '../core/catalog/domain/product';
import { SEARCH_MAX, SEARCH_TOO_LONG } from '../core/catalog/domain/products-table';
import { answer, countedPage } from './envelope';
import { textField, wholeNumber } from './fields';

/**
 * The products table, a product's duplicate and Update Prices' preview (issue 21). Only shapes
 * here: which sort keys, filters and pages are good is the core's to say (products-table.ts).
 */

/** GET /api/admin/products?q=&type=&category=&deleted=&sort=&dir=&page=&limit= */
export const productsTableQuery = z
  .object({
    q: textField('q', { max: SEARCH_MAX, tooLong: SEARCH_TOO_LONG }).optional(),
    type: textField('type', { max: 100 }).optional(),
    category: textField('category', { max: 100 }).optional(),
    deleted: textField('deleted', { max: 100 }).optional(),
    sort: textField('sort', { max: 100 }).optional(),
    dir: textField('dir', { max: 100 }).optional(),
    page: wholeNumber('page').optional(),
    limit: wholeNumber('limit').optional(),
  })
  .strict();

export const productsTableRow = z
  .object({
    _id: z.string(),
    title: z.string(),
    author: z.array(z.string()),
    /** The small cover, else the first cover. */
    cover: z.string().optional(),
    category: z.enum(PRODUCT_TYPES),
    subcategory: z.array(z.enum(BOOK_CATEGORIES)),
    price: z.number(),
    egpprice: z.number(),
    keepEgpPrice: z.boolean(),
    sales: z.number(),
    hasFile: z.boolean(),
    deleted: z.boolean(),
    createdAt: z.string(),
  })
  .strict();
export type ProductsTableRowData = z.infer<typeof productsTableRow>;

/** The table's whole total and a filter's are exact; a search is counted to the cap. */
export const productsTableAnswer = answer({ products: z.array(productsTableRow), ...countedPage });

/** POST /api/admin/products/:id/duplicate */
export const PRODUCT_DUPLICATED = 'The product is duplicated: the copy is a new product, without the files';
export const duplicatedAnswer = answer({ message: z.string(), id: z.string() });

/** GET /api/admin/products/reprice-preview: what Update Prices would do; it changes nothing. */
export const repriceExample = z.object({ _id: z.string(), title: z.string(), price: z.number(), before: z.number(), after: z.number() }).strict();
export const repricePreviewAnswer = answer({ egpPerUsd: z.string(), products: z.number(), kept: z.number(), examples: z.array(repriceExample) });
export type RepricePreviewData = Omit<z.infer<typeof repricePreviewAnswer>, 'success'>;
