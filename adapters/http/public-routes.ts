import Router, { RouterContext } from '@koa/router';
import * as E from 'fp-ts/Either';
import * as TE from 'fp-ts/TaskEither';
import { z } from 'zod';
import { DomainError } from '../../core/shared/errors';
import { Body } from '../../api/envelope';
import { STATUS_OF, fail, firstIssue } from './respond';
import { ResponseCache } from './response-cache';
import { SHARED_ANSWER } from './security-headers';

/**
 * All that a shared answer may depend on: what the request names, never who sends it. A handler
 * gets this and not the Koa context, so it has no session, cookie or header to read, and an answer
 * kept for everyone cannot be one shopper's.
 */
export interface PublicRequest {
  readonly params: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, unknown>>;
  readonly body: unknown;
}

/** A use case's answer, encoded once and kept under `key`. Built by `sharedAnswer` only. */
export interface SharedAnswer {
  readonly key: string;
  encode(): Promise<E.Either<DomainError, Buffer>>;
}

/** An input that does not fit its schema: answered 400 with the first issue's message, as `parse` does. */
export interface Refusal {
  readonly refused: string;
}

type PublicHandler = (request: PublicRequest) => SharedAnswer | Refusal;

/** The answer of `task` under `key`, typed by the call's answer schema (api/). */
export const sharedAnswer = <A, S extends z.ZodType>(
  key: string,
  task: TE.TaskEither<DomainError, A>,
  _answer: S,
  toBody: (value: A) => Body<S>,
): SharedAnswer => encodedAnswer(key, task, (value) => JSON.stringify({ success: true, ...toBody(value) }));

/** The answer of `task` under `key`, as JSON written by `toJson` (whose test holds it to the call's schema). */
export const encodedAnswer = <A>(key: string, task: TE.TaskEither<DomainError, A>, toJson: (value: A) => string): SharedAnswer => ({
  key,
  encode: async () => E.map((value: A) => Buffer.from(toJson(value)))(await task()),
});

/** Checks an input against its schema, then builds the answer from the parsed value. */
export const given = <S extends z.ZodType>(schema: S, input: unknown, answer: (value: z.infer<S>) => SharedAnswer): SharedAnswer | Refusal => {
  const parsed = schema.safeParse(input);
  return parsed.success ? answer(parsed.data) : { refused: firstIssue(parsed.error) };
};

export interface PublicRoutes {
  get(path: string, handler: PublicHandler): void;
  post(path: string, handler: PublicHandler): void;
}

/**
 * Declares routes whose answers are the same for every visitor and are kept encoded in the shared
 * cache (failures are not kept). The only way to that cache: a per-user route cannot be declared
 * here, as its handler would have no way to learn the user.
 */
export const publicRoutes = (router: Router, cache: ResponseCache): PublicRoutes => {
  const serve = (handler: PublicHandler) => async (ctx: RouterContext) => {
    // The same for everyone: exempt from the no-store of per-user answers.
    ctx.state[SHARED_ANSWER] = true;
    const answer = handler({ params: ctx.params, query: ctx.query, body: ctx.request.body });
    if ('refused' in answer) return fail(ctx, 400, answer.refused);
    ctx.type = 'json';
    const kept = cache.get(answer.key);
    if (kept) return void (ctx.body = kept);
    const since = cache.mark();
    const encoded = await answer.encode();
    if (E.isLeft(encoded)) return fail(ctx, STATUS_OF[encoded.left.kind], encoded.left.message);
    cache.set(answer.key, encoded.right, since);
    ctx.body = encoded.right;
  };
  return {
    get: (path, handler) => void router.get(path, serve(handler)),
    post: (path, handler) => void router.post(path, serve(handler)),
  };
};
