import { Server, ServerResponse } from 'node:http';
import net from 'node:net';

export interface ShutdownOptions {
  /** How long requests in flight may take before their connections are closed anyway. */
  readonly graceMs?: number;
  /** Closes what the server used (the job queue, waiting for the jobs under way; the database), once it has stopped. */
  readonly closeStore: () => Promise<void>;
}

/**
 * How long a kept-alive connection may still bring a request once the listening socket is closed.
 * A request already sent but not yet read looks idle to the server; closing its connection then
 * would reset it. Within this time it is read and answered, with `Connection: close`.
 */
const SETTLE_MS = 250;

/**
 * Lets a server stop without cutting anyone off: no new connection is taken, each response under
 * way or still to come tells its client the connection ends with it (`Connection: close`), idle
 * connections are closed, and connections still busy after `graceMs` are cut. Then the store closes.
 */
export const gracefulShutdown = (server: Server, { graceMs = 10_000, closeStore }: ShutdownOptions) => {
  const underway = new Set<ServerResponse>();
  let stopping: Promise<'finished' | 'forced'> | undefined;

  // Before the app's own listener, so that a request arriving while stopping is marked before it is answered.
  server.prependListener('request', (_request, response: ServerResponse) => {
    if (stopping) response.shouldKeepAlive = false;
    underway.add(response);
    response.once('close', () => underway.delete(response));
  });

  const stop = async (): Promise<'finished' | 'forced'> => {
    for (const response of underway) if (!response.headersSent) response.shouldKeepAlive = false;
    // The listening socket only: http's own close() would also drop idle connections at once,
    // including those whose next request is already on its way (see SETTLE_MS).
    const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
    const settle = setTimeout(() => server.closeIdleConnections(), SETTLE_MS);
    let forced = false;
    const cut = setTimeout(() => {
      forced = true;
      server.closeAllConnections();
    }, Math.max(graceMs, SETTLE_MS));
    await closed;
    clearTimeout(settle);
    clearTimeout(cut);
    await closeStore();
    return forced ? 'forced' : 'finished';
  };

  return {
    /** Stops once, however many signals arrive; says whether requests had to be cut off. */
    shutdown: (): Promise<'finished' | 'forced'> => (stopping ??= stop()),
  };
};
