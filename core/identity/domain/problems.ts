import { DomainError, invalid } from '../../shared/errors';

/** The first broken rule of a form, as the 400 a shopper sees; undefined when every rule holds. */
export const firstProblem = (...messages: (string | undefined)[]): DomainError | undefined => {
  const message = messages.find(Boolean);
  return message ? invalid(message) : undefined;
};
