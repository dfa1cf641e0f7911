/**
 * The embedded database on a thread of its own (pglite-thread.ts starts it): PGlite runs each
 * statement synchronously in WebAssembly, so on the store's thread every statement would hold up
 * every request, even those the caches answer. Here it answers one message per statement, in order.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { FromThread, ToThread } from './pglite-thread';

const port = parentPort!;
const post = (message: FromThread) => port.postMessage(message);

/** What a caller reads of a database error (its code, the constraint...): the fields PGlite sets, cloned. */
const errorOf = (error: unknown): Record<string, unknown> => {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  return fields;
};

const pglite = new PGlite({ dataDir: (workerData as { dataDir?: string }).dataDir, extensions: { pg_trgm } });
pglite.waitReady.then(
  () => post({ kind: 'ready' }),
  (error: unknown) => post({ kind: 'failed', error: errorOf(error) }),
);

port.on('message', (message: ToThread) => {
  if (message.kind === 'close') {
    void pglite.close().finally(() => post({ kind: 'closed' }));
    return;
  }
  const run =
    message.kind === 'exec'
      ? pglite.exec(message.sql).then((results) => results[results.length - 1] ?? { rows: [], fields: [], affectedRows: 0 })
      : pglite.query<Record<string, unknown>>(message.sql, message.params, message.options);
  run.then(
    ({ rows, fields, affectedRows }) => post({ kind: 'answer', id: message.id, result: { rows, fields, affectedRows } }),
    (error: unknown) => post({ kind: 'refused', id: message.id, error: errorOf(error) }),
  );
});
