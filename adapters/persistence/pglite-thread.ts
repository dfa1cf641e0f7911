import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';

/** A statement for the database's thread. */
export type ToThread =
  | { readonly kind: 'query'; readonly id: number; readonly sql: string; readonly params?: unknown[]; readonly options?: QueryOptions }
  /** Several statements in one text, without parameters (a job queue's schema and its locked maintenance): the last one's result comes back. */
  | { readonly kind: 'exec'; readonly id: number; readonly sql: string }
  | { readonly kind: 'close' };

/** What the thread answers: its readiness, a statement's result or error, its closing. */
export type FromThread =
  | { readonly kind: 'ready' }
  | { readonly kind: 'failed'; readonly error: Record<string, unknown> }
  | { readonly kind: 'answer'; readonly id: number; readonly result: Results }
  | { readonly kind: 'refused'; readonly id: number; readonly error: Record<string, unknown> }
  | { readonly kind: 'closed' };

/**
 * The compiled worker beside the compiled server (scripts/builds.js); else its source, compiled as
 * it loads by tsx's require hook (tests, tsx scripts: a worker does not inherit their loaders).
 */
const startWorker = (dataDir: string | undefined): Worker => {
  const built = path.join(__dirname, 'pglite-worker.js');
  if (fs.existsSync(built)) return new Worker(built, { workerData: { dataDir } });
  const source = path.join(__dirname, 'pglite-worker.ts');
  return new Worker(`require(${JSON.stringify(require.resolve('tsx/cjs'))}); require(${JSON.stringify(source)});`, { eval: true, workerData: { dataDir } });
};

/** An error as the database raised it, with its fields (code, constraint...) for the callers that read them. */
const errorFrom = (fields: Record<string, unknown>): Error => Object.assign(new Error(String(fields.message)), fields);

/**
 * PGlite on a thread of its own (pglite-worker.ts), with the part of PGlite's interface that knex
 * (knex-pglite) uses: `waitReady`, `query`, `close`, `closed`. Statements run one after another in
 * the order they were sent, as on PGlite itself; knex's single connection keeps a transaction's
 * statements together.
 */
export class PGliteThread {
  readonly waitReady: Promise<void>;
  closed = false;
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (result: Results) => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private closing?: Promise<void>;
  private exited = false;

  constructor(dataDir?: string) {
    this.worker = startWorker(dataDir);
    this.waitReady = new Promise<void>((resolve, reject) => {
      const started = (message: FromThread) => {
        if (message.kind === 'ready') resolve();
        else if (message.kind === 'failed') reject(errorFrom(message.error));
        else return;
        this.worker.off('message', started);
      };
      this.worker.on('message', started);
      this.worker.once('error', reject);
    }).finally(() => this.idle());
    this.worker.on('message', (message: FromThread) => {
      if (message.kind !== 'answer' && message.kind !== 'refused') return;
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.kind === 'answer') waiting?.resolve(message.result);
      else waiting?.reject(errorFrom(message.error));
      this.idle();
    });
    // A thread that dies fails what waits on it, and every statement after: never a request left hanging.
    const ended = (why: Error) => {
      this.closed = true;
      for (const waiting of this.pending.values()) waiting.reject(why);
      this.pending.clear();
    };
    this.worker.on('error', ended);
    this.worker.on('exit', (code) => {
      this.exited = true;
      ended(new Error(`The database thread stopped (exit code ${code})`));
    });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    if (this.closed) return Promise.reject(new Error('The database is closed'));
    const id = this.nextId++;
    return new Promise<Results<T>>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (result: Results) => void, reject });
      this.worker.ref();
      this.worker.postMessage({ kind: 'query', id, sql, params, options } satisfies ToThread);
    });
  }

  /** Several statements in one text, no parameters (PGlite's `exec`): answers the last one's result. */
  exec(sql: string): Promise<Results> {
    if (this.closed) return Promise.reject(new Error('The database is closed'));
    const id = this.nextId++;
    return new Promise<Results>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage({ kind: 'exec', id, sql } satisfies ToThread);
    });
  }

  /**
   * An idle thread does not keep the process alive, as an idle socket would not: a process whose
   * work is done exits (a test that forgot to close its database included); one waiting on a
   * statement does not.
   */
  private idle() {
    if (!this.pending.size) this.worker.unref();
  }

  /** PGlite closed (its files written), then the thread ended. */
  close(): Promise<void> {
    this.closing ??= new Promise<void>((resolve) => {
      if (this.exited) return resolve();
      // Held until PGlite has written its files.
      this.worker.ref();
      const done = (message: FromThread) => message.kind === 'closed' && resolve();
      this.worker.on('message', done);
      this.worker.once('exit', () => resolve());
      this.worker.postMessage({ kind: 'close' } satisfies ToThread);
    }).then(async () => {
      this.closed = true;
      await this.worker.terminate();
    });
    return this.closing;
  }
}
