import type { PublicProduct as Product } from '../../../api/catalog';
import { SEARCH_REQUEST, acceptedQuery } from '../../../core/catalog/domain/search';
import { MAX_PAGE } from '../../../core/shared/paging';
import { SEARCH_RESULTS_PAGE_SIZE } from './display';

/**
 * What the results page reads of a search: from its address (ui/src/layout/links.ts, searchAddress)
 * or the navigation state the search box also sends (the spec's results, query and totalResults),
 * which only spares the first page a second request. Only the results page imports this, so the
 * search rule's checks stay out of every other page's script.
 */

export interface SearchNavigationState {
  results: Product[];
  query: string;
  totalResults: number;
}

export const isSearchNavigationState = (value: unknown): value is SearchNavigationState => {
  const v = value as Partial<SearchNavigationState> | null;
  return !!v && Array.isArray(v.results) && typeof v.query === 'string' && typeof v.totalResults === 'number';
};

/**
 * The query a results page searches: the address's `q` when present (even blank: an address wins
 * over the state), else the navigation state's. Undefined when the search rule refuses it (blank,
 * or longer than the server takes), so the page shows the spec's 'No search results found'
 * rather than asking for a refusal.
 */
export const searchedQuery = (addressQuery: string | null, state: unknown): string | undefined => {
  const raw = addressQuery ?? (isSearchNavigationState(state) ? state.query : undefined);
  if (raw === undefined) return undefined;
  return acceptedQuery(raw);
};

/**
 * The call for a page of results shown 12 at a time. The first is the spec's request (page 1 of
 * 20), of which the first 12 show; a later page asks for its own 12, so every result is reachable.
 * A page past the server's bound is past any catalogue's end: asking for the last it takes answers
 * the same empty page without a refusal.
 */
export const searchRequestOf = (page: number): { page: number; limit: number } =>
  page === 1 ? SEARCH_REQUEST : { page: Math.min(page, MAX_PAGE), limit: SEARCH_RESULTS_PAGE_SIZE };

export interface SearchPage {
  /** the results this page shows */
  results: Product[];
  /** every result of the query, on all pages */
  count: number;
}

/** A page's results out of the call's answer (the first call answers more than a page shows). */
export const searchPageOf = (answer: { results: Product[]; count: number }): SearchPage => ({
  results: answer.results.slice(0, SEARCH_RESULTS_PAGE_SIZE),
  count: answer.count,
});
