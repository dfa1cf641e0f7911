import { Product } from '../../core/catalog/domain/product';
import { SearchResults } from '../../core/catalog/use-cases/search';
import { toPublicProduct } from '../../api/catalog';
import { MessageCode } from '../../api/messages';

/**
 * Each product's public JSON, made once per product object. The search hands back the same
 * objects while it keeps them (kept-products.ts), and products never change in place, so a page
 * of kept products new to the answer cache is joined rather than encoded again: encoding was a
 * sixth of a new search's time.
 */
const encoded = new WeakMap<Product, string>();

const productJson = (product: Product): string => {
  let json = encoded.get(product);
  if (json === undefined) encoded.set(product, (json = JSON.stringify(toPublicProduct(product))));
  return json;
};

const searchMessage = (total: number): { message: string; code: MessageCode } =>
  total ? { message: `${total} results found`, code: 'search.found' } : { message: 'No results found', code: 'search.none' };

/** The search call's answer (`searchAnswer` in api/catalog.ts), as JSON. */
export const searchAnswerJson = ({ items, total }: Pick<SearchResults, 'items' | 'total'>): string => {
  const { message, code } = searchMessage(total);
  return `{"success":true,"message":${JSON.stringify(message)},"code":"${code}","results":[${items.map(productJson).join(',')}],"count":${total}}`;
};
