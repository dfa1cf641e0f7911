import { Context } from 'koa';
import * as TE from 'fp-ts/TaskEither';
import { z } from 'zod';
import { DomainError, DomainErrorKind } from '../../core/shared/errors';
import { StorageUnavailable } from '../../core/delivery/ports/file-storage';
import { Body } from '../../api/envelope';
import { MessageCode, codesOf } from '../../api/messages';

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

export const STORAGE_UNAVAILABLE = 'The store cannot reach its file storage. Please try again in a moment.';

/**
 * Outages of a service the store relies on, thrown by its adapters (they are no one's expected
 * failure, so no use case returns them): each with the table's status and what the visitor is told.
 * Nothing was written: the use cases keep nothing half-done when an adapter throws.
 */
export const outageOf = (error: unknown): { readonly status: number; readonly message: string } | undefined =>
  error instanceof StorageUnavailable ? { status: STATUS_OF.unavailable, message: STORAGE_UNAVAILABLE } : undefined;

/** No failure answers with more than this: a message may quote the input, and the input may be huge. */
export const MAX_MESSAGE_LENGTH = 2000;

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);
const bounded = (message: string) => cut(message, MAX_MESSAGE_LENGTH);

/**
 * The codes of a message (api/messages.ts), found by its text: the core says why in words of its
 * own and stays free of codes; each line of a message of several has its own.
 */
export const coded = (message: string, code?: MessageCode) => {
  const codes = code ? [code] : codesOf(message);
  return codes.length > 1 ? { message, code: codes[0]!, codes } : { message, code: codes[0]! };
};

/**
 * The one place failures are written. `code` is given only where the text cannot tell it (a zod
 * issue worded by zod, a web server's error, what /api/ready reports); else the text's own.
 */
export const fail = (ctx: Context, status: number, message: string, code?: MessageCode) => {
  ctx.status = status;
  ctx.body = { success: false, ...coded(bounded(message), code) };
};

/** A successful answer: its `message`, if any, with its code. */
export const succeed = (body: object): object => {
  const { message } = body as { message?: unknown };
  return typeof message === 'string' ? { success: true, ...body, code: coded(message).code } : { success: true, ...body };
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

/** The code of an input's first issue: its message's, or, for a message zod words itself, the kind of issue. */
const ZOD_ISSUE_CODES: Partial<Record<string, MessageCode>> = {
  invalid_type: 'request.invalid_input',
  invalid_value: 'request.invalid_option',
  invalid_union: 'request.invalid_input',
  too_big: 'request.too_big',
  too_small: 'request.too_small',
  invalid_format: 'request.invalid_text',
  unrecognized_keys: 'request.unknown_field',
};
const firstIssueCode = (error: z.ZodError, message: string): MessageCode => {
  const code = codesOf(message)[0]!;
  return code !== 'unlisted' ? code : (ZOD_ISSUE_CODES[error.issues[0].code] ?? 'request.invalid_input');
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
  ctx.body = succeed(toBody(result.right));
};

/** Validates the shape of an input at the edge; a mismatch answers 400 with the first issue's message. */
export const parse = <S extends z.ZodType>(ctx: Context, schema: S, input: unknown): z.infer<S> | undefined => {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  // Schemas word their messages for people ('page must be a whole number', 'All fields must be filled').
  const message = firstIssue(parsed.error);
  fail(ctx, 400, message, firstIssueCode(parsed.error, message));
  return undefined;
};
