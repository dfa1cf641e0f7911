import { z } from 'zod';
import { healthAnswer, readyAnswer } from '../../../api/health';
import { fail } from '../respond';
import { On } from '../calls';

/** Whether the store can serve: its database answers and its schema is current; else why not. */
export type Readiness = { readonly ready: true } | { readonly ready: false; readonly reason: string };

/**
 * For the proxy and the process manager: `/health` says the process is alive (restart it if not),
 * `/ready` says it can serve now (send it traffic if so). Neither answer may be cached.
 */
export const healthRoutes = (on: On, readiness: () => Promise<Readiness>) => {
  on('health', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const body: z.infer<typeof healthAnswer> = { success: true, status: 'ok' };
    ctx.body = body;
  });

  on('ready', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const now = await readiness();
    if (!now.ready) return fail(ctx, 503, now.reason, 'store.not_ready');
    const body: z.infer<typeof readyAnswer> = { success: true, status: 'ready' };
    ctx.body = body;
  });
};
