/**
 * The store's API as its own process, for `bench/run.ts`: the real use cases over PostgreSQL
 * (DATABASE_URL), and on the same server `GET /api/bench/ceiling?bytes=N`, which answers a JSON
 * body of exactly N bytes computed once, through a Koa app and router of its own (the store's
 * wiring knows nothing of the benchmark), and `GET /api/bench/loop`, the longest the event loop
 * waited since it was last asked. Listens on 127.0.0.1 and a free port, prints
 * `listening <port>`, and stops on SIGTERM, SIGINT or when its parent goes away (stdin closes).
 */
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Koa from 'koa';
import Router, { RouterContext } from '@koa/router';
import { composeStore } from '../adapters/di/container';
import { fail } from '../adapters/http/respond';
import { benchConfig } from './seed';
import '../scripts/ignore-styles';
import { UI_DIST } from '../adapters/di/config';
import { pageRenderer } from '../ui/src/server/render';

const MAX_CEILING_BYTES = 2_000_000;
const bodies = new Map<number, string>();

/** `{"p":"xxx…"}`, padded to exactly `bytes` bytes (all ASCII; small enough for `{"success":true,"count":1}`). */
const ceilingBody = (bytes: number): string | undefined => {
  const empty = JSON.stringify({ p: '' });
  if (!Number.isInteger(bytes) || bytes < empty.length || bytes > MAX_CEILING_BYTES) return undefined;
  if (!bodies.has(bytes)) bodies.set(bytes, JSON.stringify({ p: 'x'.repeat(bytes - empty.length) }));
  return bodies.get(bytes);
};

const ceiling = (ctx: RouterContext) => {
  const body = ceilingBody(Number(ctx.query.bytes));
  if (body === undefined) return fail(ctx, 400, `bytes must be a whole number up to ${MAX_CEILING_BYTES}`);
  ctx.type = 'json';
  ctx.body = body;
};

/** The longest the event loop waited since the last ask (issue 22: a page's render must not hold it). */
const loop = monitorEventLoopDelay({ resolution: 1 });
const loopHeld = (ctx: RouterContext) => {
  ctx.body = { maxMs: Number((loop.max / 1e6).toFixed(1)) };
  loop.reset();
};

const main = async () => {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required');
  // Listening first: the store's own address (its payment emulators' links) needs the port.
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  // With the built UI and its renderer: the shopper's pages are measured as they are served (issue 22).
  const store = await composeStore({ ...benchConfig(url), port, publicUrl: `http://127.0.0.1:${port}`, uiDir: UI_DIST, renderPages: pageRenderer });
  loop.enable();
  const bench = new Koa();
  const api = new Router({ prefix: '/api' });
  api.get('/bench/ceiling', ceiling);
  api.get('/bench/loop', loopHeld);
  bench.use(api.routes());
  const [ours, theStore] = [bench.callback(), store.app.callback()];
  server.on('request', (req, res) => (req.url?.startsWith('/api/bench/') ? ours : theStore)(req, res));
  console.log(`listening ${port}`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close();
    server.closeAllConnections();
    void store.close().finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  process.stdin.once('end', stop).resume();
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
