import * as E from 'fp-ts/Either';
import * as TE from 'fp-ts/TaskEither';
import { DomainError } from './errors';

/**
 * Lifts a port call into a use case's TaskEither. Expected failures are values; a port that throws
 * (database down) is not an expected failure and keeps rejecting, so the edge answers it as a
 * server error.
 */
export const fromPromise =
  <A>(run: () => Promise<A>): TE.TaskEither<DomainError, A> =>
  () =>
    run().then(E.right);
