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

export const searchQuery = (raw: string): E.Either<DomainError, string> => {
  const query = raw.trim();
  if (!query) return E.left(invalid('Please enter something to search for'));
  if (query.length > MAX_QUERY_LENGTH)
    return E.left(invalid(`Search is limited to ${MAX_QUERY_LENGTH} characters`));
  return E.right(query);
};

/**
 * The words every catalogue adapter matches, in the catalogue's spelling (search-text.ts); those
 * past the first 8 are ignored. A word of diacritics only is no word: it matches nothing, as a
 * blank does.
 */
export const searchWords = (query: string): readonly string[] =>
  normalizedForSearch(query).split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
