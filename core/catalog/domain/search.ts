import * as E from 'fp-ts/Either';
import { DomainError, invalid } from '../../shared/errors';

export const MAX_QUERY_LENGTH = 200;

/** The search box and the search call share this rule: the trimmed query must be non-blank. */
export const isSearchable = (raw: string): boolean => raw.trim().length > 0;

export const searchQuery = (raw: string): E.Either<DomainError, string> => {
  const query = raw.trim();
  if (!query) return E.left(invalid('Please enter something to search for'));
  if (query.length > MAX_QUERY_LENGTH)
    return E.left(invalid(`Search is limited to ${MAX_QUERY_LENGTH} characters`));
  return E.right(query);
};
