import * as E from 'fp-ts/Either';
import * as TE from 'fp-ts/TaskEither';
import { DomainError, isDomainError } from './errors';

/**
 * A use case body that returns its value, or the DomainError that stops it. Expected failures are
 * values; a port that throws (database down) is not an expected failure and keeps rejecting, so the
 * edge answers it as a server error.
 */
export const attempt =
  <A>(body: () => Promise<A | DomainError>): TE.TaskEither<DomainError, A> =>
  () =>
    body().then((value) => (isDomainError(value) ? E.left(value) : E.right(value)));
