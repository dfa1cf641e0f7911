import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import * as TE from 'fp-ts/TaskEither';
import { z } from 'zod';
import { DomainError } from '../../core/shared/errors';
import { Body } from '../../api/envelope';
import { STATUS_OF, fail, succeed } from './respond';
import { CALLS, CallName } from '../../api/calls';
import { CallRequest, checkedRequest, methodOf } from './calls';
import { ResponseCache } from './response-cache';
import { SHARED_ANSWER } from './security-headers';

/**
 * All that a shared answer may depend on: what the request names, never who sends it. A handler
 * gets this and not the Koa context, so it has no session, cookie or header to read, and an answer
 * kept for everyone cannot be one shopper's.
 */
export interface PublicRequest<N extends CallName> extends CallRequest<N> {
  readonly params: Readonly<Record<string, string>>;
}

/** A use case's answer, encoded once and kept under `key`. Built by `sharedAnswer` only. */
export interface SharedAnswer {
  readonly key: string;
  encode(): Promise<E.Either<DomainError, Buffer>>;
}

type PublicHandler<N extends CallName> = (request: PublicRequest<N>) => SharedAnswer;

/** The answer of `task` under `key`, typed by the call's answer schema (api/). */
export const sharedAnswer = <A, S extends z.ZodType>(
  key: string,
  task: TE.TaskEither<DomainError, A>,
  _answer: S,
  toBody: (value: A) => Body<S>,
): SharedAnswer => encodedAnswer(key, task, (value) => JSON.stringify(succeed(toBody(value))));

/** The answer of `task` under `key`, as JSON written by `toJson` (whose test holds it to the call's schema). */
export const encodedAnswer = <A>(key: string, task: TE.TaskEither<DomainError, A>, toJson: (value: A) => string): SharedAnswer => ({
  key,
  encode: async () => E.map((value: A) => Buffer.from(toJson(value)))(await task()),
});

/**
 * Declares routes whose answers are the same for every visitor and are kept encoded in the shared
 * cache (failures are not kept). The only way to that cache: a per-user route cannot be declared
 * here, as its handler would have no way to learn the user.
 */
export const publicRoutes =
  (router: Router, cache: ResponseCache) =>
  <N extends CallName>(name: N, handler: PublicHandler<N>): void => {
    const call = CALLS[name];
    router[methodOf(call)](call.path, async (ctx) => {
      // The same for everyone: exempt from the no-store of per-user answers.
      ctx.state[SHARED_ANSWER] = true;
      const request = checkedRequest(ctx, name);
      if (!request) return;
      const answer = handler({ ...request, params: ctx.params });
      ctx.type = 'json';
      const kept = cache.get(answer.key);
      if (kept) return void (ctx.body = kept);
      const since = cache.mark();
      const encoded = await answer.encode();
      if (E.isLeft(encoded)) return fail(ctx, STATUS_OF[encoded.left.kind], encoded.left.message);
      cache.set(answer.key, encoded.right, since);
      ctx.body = encoded.right;
    });
  };
