import * as E from 'fp-ts/Either';
import { DomainError, invalid } from '../../shared/errors';
import { normalizedForSearch } from './search-text';

export const MAX_QUERY_LENGTH = 200;
/** Words beyond this add little to a title search and cost the database a trigram scan each. */
export const MAX_SEARCH_WORDS = 8;

/** The search call's page and limit when a request leaves them out; the search box sends the same. */
export const SEARCH_REQUEST = { page: 1, limit: 20 } as const;

/** The search box and the search call share this rule: the trimmed query must be non-blank. */
export const isSearchable = (raw: string): boolean => raw.trim().length > 0;

/** Why the search rule refuses a trimmed query, or undefined when it takes it. */
const refusalOf = (query: string): string | undefined => {
  if (!query) return 'Please enter something to search for';
  if (query.length > MAX_QUERY_LENGTH) return `Search is limited to ${MAX_QUERY_LENGTH} characters`;
  return undefined;
};

export const searchQuery = (raw: string): E.Either<DomainError, string> => {
  const query = raw.trim();
  const refusal = refusalOf(query);
  return refusal ? E.left(invalid(refusal)) : E.right(query);
};

/** The query the rule takes out of `raw`, or undefined when it refuses it (for a page that only shows). */
export const acceptedQuery = (raw: string): string | undefined => {
  const query = raw.trim();
  return refusalOf(query) ? undefined : query;
};

/**
 * The words every catalogue adapter matches, in the catalogue's spelling (search-text.ts); those
 * past the first 8 are ignored. A word of diacritics only is no word: it matches nothing, as a
 * blank does.
 */
export const searchWords = (query: string): readonly string[] =>
  normalizedForSearch(query).split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
