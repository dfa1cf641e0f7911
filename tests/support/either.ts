import * as E from 'fp-ts/Either';
import { DomainError } from '../../core/shared/errors';

/**
 * A use case's value; a Left fails the test with its message. `E.isRight(r) && r.right` would hand
 * `false` to the matcher instead, which some assertions accept.
 */
export const right = <A>(result: E.Either<DomainError, A>): A => {
  if (E.isLeft(result)) throw new Error(`expected a value, got ${result.left.kind}: ${result.left.message}`);
  return result.right;
};

/** The error of a use case that was to refuse; throws with the value when it did not. */
export const left = <A>(result: E.Either<DomainError, A>): DomainError => {
  if (E.isRight(result)) throw new Error(`expected a refusal, got ${JSON.stringify(result.right)}`);
  return result.left;
};
