import { z } from 'zod';
import { MESSAGE_CODES } from './messages';

/**
 * The HTTP API's answers, defined once (DECISIONS 2): the server's routes build them through these
 * types, the UI's client reads them through the same types, and the tests check every answer (the
 * real server's and the UI tests' fakes) against these schemas. Every object is strict, so a field
 * that is not listed here, a secret included, fails the check instead of reaching a browser.
 */

/** A message's code (api/messages.ts), beside its English text: what the UI decides and translates by. */
export const messageCode = z.enum(MESSAGE_CODES);

/**
 * Every failure: an honest status, the message the screen shows and its code. A message of several
 * lines (the password rules, the product form's problems) has `codes`, one per line; `code` is the first.
 */
export const failure = z
  .object({ success: z.literal(false), message: z.string(), code: messageCode, codes: z.array(messageCode).min(2).optional() })
  .strict();

type WithCode<Shape extends z.ZodRawShape> = Shape extends { message: z.ZodType } ? Shape & { code: typeof messageCode } : Shape;

/** A successful answer: `success: true` and the call's own fields; a `message` comes with its `code`. */
export const answer = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.object({ success: z.literal(true), ...(('message' in shape ? { ...shape, code: messageCode } : shape) as WithCode<Shape>) }).strict();

/**
 * A page of a list that counts its matches only to COUNT_CAP (core/shared/paging.ts): past it,
 * `total` is the cap and `more` is true, and the page says "more than".
 */
export const countedPage = {
  page: z.number(),
  totalPages: z.number(),
  total: z.number(),
  more: z.boolean().optional(),
};

/** What a route hands to `respond`: the answer without the `success` and the `code` that respond adds. */
export type Body<S extends z.ZodType> = Omit<z.infer<S>, 'success' | 'code'>;
