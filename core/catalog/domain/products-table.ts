import { DomainError, invalid } from '../../shared/errors';
import { Paging, paging } from '../../shared/paging';
import { normalizedForSearch } from './search-text';
import { BookCategory, PRODUCT_TYPES, ProductType, bookCategoryNamed, isProductType } from './product';

/**
 * The admin's table of every product (issue 21): what it may be searched, filtered and sorted by.
 * The keys are a closed list, so no text from a request ever reaches an ORDER BY.
 */
export const PRODUCT_SORT_KEYS = ['title', 'type', 'category', 'price', 'egpprice', 'sales', 'file', 'createdAt'] as const;
export type ProductSortKey = (typeof PRODUCT_SORT_KEYS)[number];

/** Which products: on sale (the default), deleted ones only, or both. */
export const DELETED_FILTERS = ['no', 'only', 'all'] as const;
export type DeletedFilter = (typeof DELETED_FILTERS)[number];

export interface ProductsQuery extends Paging {
  /** Part of a word of the title or an author, in search's spelling (search-text.ts); none for every product. */
  readonly text?: string;
  readonly type?: ProductType;
  readonly category?: BookCategory;
  readonly deleted: DeletedFilter;
  readonly sort: ProductSortKey;
  readonly descending: boolean;
}

/** A query as it arrives: every part optional text. */
export interface ProductsQueryInput {
  readonly q?: string;
  readonly type?: string;
  readonly category?: string;
  readonly deleted?: string;
  readonly sort?: string;
  readonly dir?: string;
  readonly page?: number;
  readonly limit?: number;
}

export const SEARCH_MAX = 100;
export const BAD_SORT_KEY = `sort must be one of: ${PRODUCT_SORT_KEYS.join(', ')}`;
export const BAD_DIRECTION = 'dir must be asc or desc';
export const BAD_TYPE = `type must be one of: ${PRODUCT_TYPES.join(', ')}`;
export const BAD_CATEGORY = 'category must be one of the book categories';
export const BAD_DELETED_FILTER = `deleted must be one of: ${DELETED_FILTERS.join(', ')}`;
export const SEARCH_TOO_LONG = `The search must be at most ${SEARCH_MAX} characters`;

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

/** The table's query, or the first thing wrong with it (400): newest first unless told otherwise. */
export const productsQueryOf = (input: ProductsQueryInput): ProductsQuery | DomainError => {
  const page = paging(input.page ?? 1, input.limit ?? 20);
  if (page._tag === 'Left') return page.left;
  const text = normalizedForSearch((input.q ?? '').trim());
  if (text.length > SEARCH_MAX) return invalid(SEARCH_TOO_LONG);
  const sort = input.sort || 'createdAt';
  if (!isOneOf(PRODUCT_SORT_KEYS, sort)) return invalid(BAD_SORT_KEY);
  const dir = input.dir || (sort === 'createdAt' || sort === 'sales' ? 'desc' : 'asc');
  if (dir !== 'asc' && dir !== 'desc') return invalid(BAD_DIRECTION);
  const deleted = input.deleted || 'no';
  if (!isOneOf(DELETED_FILTERS, deleted)) return invalid(BAD_DELETED_FILTER);
  if (input.type && !isProductType(input.type)) return invalid(BAD_TYPE);
  const category = input.category ? bookCategoryNamed(input.category) : undefined;
  if (input.category && !category) return invalid(BAD_CATEGORY);
  return {
    ...page.right,
    ...(text ? { text } : {}),
    ...(input.type ? { type: input.type as ProductType } : {}),
    ...(category ? { category } : {}),
    deleted,
    sort,
    descending: dir === 'desc',
  };
};

/** What the mark of a duplicated product's title says, and the title it gets, within the title's limit. */
export const COPY_MARK = ' (copy)';
export const copyTitle = (title: string, max: number): string => title.slice(0, max - COPY_MARK.length) + COPY_MARK;
