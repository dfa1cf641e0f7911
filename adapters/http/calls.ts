import Router, { RouterContext } from '@koa/router';
import { CALLS, Call, CallName } from '../../api/calls';
import { BodyOf, CallSchemas, QueryOf, SCHEMAS } from '../../api/schemas';
import { NOT_SIGNED_IN } from '../../core/identity/domain/user';
import { unauthorized } from '../../core/shared/errors';
import { parse, refuse } from './respond';
import { currentUser } from './session';
import { SignInTurns, takeTurns } from './sign-in-turns';

/** What a call's route is given: its body and query, checked against the call's schemas (api/schemas.ts). */
export interface CallRequest<N extends CallName> {
  readonly body: BodyOf<N>;
  readonly query: QueryOf<N>;
}

export type CallHandler<N extends CallName> = (ctx: RouterContext, request: CallRequest<N>) => Promise<void> | void;

/** The call's body and query, checked; undefined when the call is already answered 400. */
export const checkedRequest = <N extends CallName>(ctx: RouterContext, name: N): CallRequest<N> | undefined => {
  const schemas: CallSchemas = SCHEMAS[name];
  const body: unknown = schemas.body ? parse(ctx, schemas.body, ctx.request.body ?? {}) : undefined;
  if (schemas.body && body === undefined) return undefined;
  const query: unknown = schemas.query ? parse(ctx, schemas.query, ctx.query) : undefined;
  if (schemas.query && query === undefined) return undefined;
  return { body, query } as CallRequest<N>;
};

/** The router's method for a call. */
export const methodOf = (call: Call) => call.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';

/**
 * Routes each call at its method and path in the table (api/calls.ts), so no route writes a path
 * of its own. In order: who asks (a call for signed-in users answers 401 whatever its body), the
 * body and query (400 naming the first problem, an unknown field included), then the call's
 * turn (sign-in calls, a few at once per process), then its handler.
 */
export const callRoutes = (router: Router, turns?: SignInTurns) => {
  const turn = turns && takeTurns(turns);
  return <N extends CallName>(name: N, handle: CallHandler<N>): void => {
    const call: Call = CALLS[name];
    router[methodOf(call)](call.path, async (ctx) => {
      if (call.signedIn && !(await currentUser(ctx))) return refuse(ctx, unauthorized(NOT_SIGNED_IN));
      const request = checkedRequest(ctx, name);
      if (!request) return;
      const work = async () => handle(ctx, request);
      if (call.turn && turn) await turn(ctx, work);
      else await work();
    });
  };
};

export type On = ReturnType<typeof callRoutes>;
