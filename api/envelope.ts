import { z } from 'zod';

/**
 * The HTTP API's answers, defined once (DECISIONS 2): the server's routes build them through these
 * types, the UI's client reads them through the same types, and the tests check every answer (the
 * real server's and the UI tests' fakes) against these schemas. Every object is strict, so a field
 * that is not listed here, a secret included, fails the check instead of reaching a browser.
 */

/** Every failure: an honest status and the message the screen shows. */
export const failure = z.object({ success: z.literal(false), message: z.string() }).strict();

/** A successful answer: `success: true` and the call's own fields. */
export const answer = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.object({ success: z.literal(true), ...shape }).strict();

/** What a route hands to `respond`: the answer without the `success` that respond adds. */
export type Body<S extends z.ZodType> = Omit<z.infer<S>, 'success'>;
