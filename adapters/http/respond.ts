import { Context } from 'koa';
import * as TE from 'fp-ts/TaskEither';
import { z } from 'zod';
import { DomainError, DomainErrorKind } from '../../core/shared/errors';
import { Body } from '../../api/envelope';

/** The one table from domain failures to HTTP statuses (DECISIONS 2); no route invents its own. */
export const STATUS_OF: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'rate-limited': 429,
  declined: 402,
  unavailable: 503,
  gone: 410,
};

/** No failure answers with more than this: a message may quote the input, and the input may be huge. */
export const MAX_MESSAGE_LENGTH = 2000;

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);
const bounded = (message: string) => cut(message, MAX_MESSAGE_LENGTH);

/** The one place failures are written. */
export const fail = (ctx: Context, status: number, message: string) => {
  ctx.status = status;
  ctx.body = { success: false, message: bounded(message) };
};

/**
 * The message of an input's first issue. A strict object's default message lists every unknown
 * key, as many as the sender chose to send: it names the first only.
 */
export const firstIssue = (error: z.ZodError): string => {
  const issue = error.issues[0];
  if (issue.code === 'unrecognized_keys' && issue.message.startsWith('Unrecognized key'))
    return `Unrecognized key: ${JSON.stringify(cut(issue.keys[0] ?? '', 60))}`;
  return issue.message;
};

/** Answers a domain failure with the table's status, for routes whose success is not a JSON answer. */
export const refuse = (ctx: Context, error: DomainError) => fail(ctx, STATUS_OF[error.kind], error.message);

/**
 * Runs a use case and answers its value through `toBody`, typed by the call's answer schema (api/),
 * or its failure with the table's status.
 */
export const respond = async <A, S extends z.ZodType>(
  ctx: Context,
  task: TE.TaskEither<DomainError, A>,
  _answer: S,
  toBody: (value: A) => Body<S>,
) => {
  const result = await task();
  if (result._tag === 'Left') return fail(ctx, STATUS_OF[result.left.kind], result.left.message);
  ctx.body = { success: true, ...toBody(result.right) };
};

/** Validates the shape of an input at the edge; a mismatch answers 400 with the first issue's message. */
export const parse = <S extends z.ZodType>(ctx: Context, schema: S, input: unknown): z.infer<S> | undefined => {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  // Schemas word their messages for people ('page must be a whole number', 'All fields must be filled').
  fail(ctx, 400, firstIssue(parsed.error));
  return undefined;
};
