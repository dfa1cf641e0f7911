/** What a job carries: plain values, kept as JSON by the queue. */
export type JobData = { readonly [key: string]: string | number | boolean | null };

/**
 * A kind of background work and how the queue treats a run of it that fails: tried again up to
 * `retries` times, each wait longer than the last when `backoff` is set (about twice, from
 * `retryDelaySeconds`), then kept as failed with its error, for the admin to see and retry.
 */
export interface JobKind<T extends JobData = JobData> {
  /** Letters, digits and hyphens; the queue's name. */
  readonly name: string;
  readonly retries: number;
  readonly retryDelaySeconds: number;
  readonly backoff: boolean;
  /** A run still going after this long is taken for dead (its process stopped) and counts as failed. */
  readonly expireSeconds: number;
  /**
   * Jobs of one key (a job without one has the empty key): 'one-waiting' keeps at most one waiting,
   * a second enqueue with its key dropped; 'one-waiting-one-running' also runs at most one at a
   * time, the next waiting until it ends (or until a run left by a dead process expires). Unset:
   * every enqueue is a job, and jobs run side by side.
   */
  readonly perKey?: 'one-waiting' | 'one-waiting-one-running';
  /** Only typing: the shape of `data` a job of this kind carries. */
  readonly data?: T;
}

export interface EnqueueOptions {
  /** With the kind's `perKey`, the job is dropped while one with this key waits. */
  readonly key?: string;
  /** Not run before this long from now (the queue's own clock). */
  readonly inMs?: number;
}

/** Puts work on the queue; inside a unit of work, it runs only once that unit has committed. */
export interface Jobs {
  /** Whether a job was queued: false when `key` named a waiting one (the kind's `perKey`). */
  enqueue<T extends JobData>(kind: JobKind<T>, data: T, options?: EnqueueOptions): Promise<boolean>;
}

/** A job handed to a handler: `attempt` is 1 on its first run. */
export interface Job<T extends JobData = JobData> {
  readonly id: string;
  readonly name: string;
  readonly data: T;
  readonly attempt: number;
}

/** Runs a job; throwing fails this run, which the kind's retries then decide about. */
export type JobHandler<T extends JobData = JobData> = (job: Job<T>) => Promise<void>;

/**
 * The store's job queue in PostgreSQL (pg-boss): each job is claimed by one process among however
 * many run, tried again after a failure as its kind says, and kept as failed when out of tries.
 */
export interface JobQueue extends Jobs {
  /** Runs this process's share of `kind`'s jobs, one at a time, until `stop`. */
  work<T extends JobData>(kind: JobKind<T>, handler: JobHandler<T>): Promise<void>;
  /** No job is claimed any more; waits for the runs under way, then lets go of the database. */
  stop(): Promise<void>;
}
