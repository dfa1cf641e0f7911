import { codesOf } from '../../api/messages';

/**
 * A message as the server answers it, with its code (api/messages.ts) beside it, and one per line
 * where it has several: for tests that compare a whole answer. tests/http/message-codes.test.ts
 * checks the codes themselves.
 */
export const withCode = (message: string) => {
  const codes = codesOf(message);
  return codes.length > 1 ? { message, code: codes[0], codes } : { message, code: codes[0] };
};
