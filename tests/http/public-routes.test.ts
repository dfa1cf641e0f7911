import { AddressInfo } from 'node:net';
import Koa, { Context } from 'koa';
import Router from '@koa/router';
import * as TE from 'fp-ts/TaskEither';
import { z } from 'zod';
import { answer } from '../../api/envelope';
import { PublicRequest, publicRoutes, sharedAnswer } from '../../adapters/http/public-routes';
import { respond } from '../../adapters/http/respond';
import { ResponseCache } from '../../adapters/http/response-cache';
import { currentUser } from '../../adapters/http/session';

/** The shared answer cache is reached only through publicRoutes, whose handlers never see who asks. */
const thingAnswer = answer({ thing: z.object({ id: z.string(), run: z.number() }) });
const idAnswer = answer({ id: z.string() });

describe('public routes', () => {
  const router = new Router();
  const routes = publicRoutes(router, new ResponseCache({ answers: 100, megabytes: 1 }));
  const given: PublicRequest<'details'>[] = [];
  let runs = 0;

  routes('details', (request) => {
    given.push(request);
    // @ts-expect-error: a public answer has no session to ask who is signed in
    void request.currentUser;
    // @ts-expect-error: nor a cookie or header to read
    void request.cookies;
    const thing = TE.fromIO(() => ({ id: request.params.id, run: ++runs }));
    return sharedAnswer(`thing|${request.params.id}`, thing, thingAnswer, (t) => ({ thing: t }));
  });
  // @ts-expect-error: a per-user handler, written for the Koa context, cannot be declared public
  routes('details', async (ctx: Context) => respond(ctx, TE.right((await currentUser(ctx))?.id ?? ''), idAnswer, (id) => ({ id })));

  it('hands the handler only what the request names, and keeps the encoded answer for everyone', async () => {
    const app = new Koa().use(router.routes());
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/backendproduct/details/7?x=1`;
    try {
      const first = await fetch(url, { headers: { cookie: 'sid=amal' } });
      const second = await fetch(url, { headers: { cookie: 'sid=basma' } });
      expect(await first.text()).toBe('{"success":true,"thing":{"id":"7","run":1}}');
      expect(await second.text()).toBe('{"success":true,"thing":{"id":"7","run":1}}');
      expect(second.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(runs).toBe(1);
      expect(Object.keys(given[0]).sort()).toEqual(['body', 'params', 'query']);
      // A call without a query schema is handed none: what the handler reads is what the table checks.
      expect(given[0].query).toBeUndefined();
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
