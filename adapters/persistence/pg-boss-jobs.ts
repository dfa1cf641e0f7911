import { Knex } from 'knex';
import PgBoss from 'pg-boss';
import { completeJobs, failJobsById } from 'pg-boss/src/plans';
import { AuditEntry } from '../../core/audit/domain/audit';
import { FailedJob, FailedJobs } from '../../core/jobs/ports';
import { EnqueueOptions, JobData, JobHandler, JobKind, JobQueue, Jobs } from '../../core/shared/jobs';
import { JobQueueDb, jobQueueDb } from './job-queue-db';
import { recordAudit } from './knex-audit-log';

/** pg-boss keeps its tables in a schema of its own, beside the store's, and migrates it at start. */
export const JOB_SCHEMA = 'pgboss';

export interface PgBossJobsOptions {
  /** Every kind of job this store enqueues or runs: each has its queue, made at start when missing. */
  readonly kinds: readonly JobKind[];
  /** A run that failed, or a fault of the queue itself (the database out of reach while polling). */
  readonly log: (line: string) => void;
  /**
   * Whether this process takes part in the queue's upkeep: runs left by a process that died fail
   * after their kind's expireSeconds and are tried again; old jobs are archived. Off with no workers.
   */
  readonly maintain: boolean;
  /** How often an idle worker asks for a job (pg-boss's least is 500 ms). */
  readonly pollMs?: number;
  /** How long `stop` waits for the runs under way before failing them (they are tried again). */
  readonly stopWithinMs?: number;
}

/** A failed job is kept this long (then archived) for the admin to see and retry. */
const KEEP_FAILED_SECONDS = 30 * 24 * 60 * 60;

interface FailedRow {
  id: string;
  name: string;
  data: JobData | null;
  output: { message?: unknown } | null;
  retry_count: number;
  created_on: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string;
}

const toFailedJob = (row: FailedRow): FailedJob => ({
  id: row.id,
  name: row.name,
  data: row.data ?? {},
  error: typeof row.output?.message === 'string' ? row.output.message : 'No error was recorded',
  attempts: row.retry_count + 1,
  createdAt: new Date(row.created_on),
  ...(row.started_on ? { startedAt: new Date(row.started_on) } : {}),
  failedAt: new Date(row.completed_on),
});

/**
 * Why a run failed, as the admin's list and the log show it: the first line of its message, with
 * any credentials of an address taken out, and no stack (which says where the store's files are).
 */
export const failureLine = (error: unknown): string => {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | undefined)?.code;
  const line = (message.split(/\r?\n/)[0] ?? '').replace(/\/\/[^/@\s]*@/g, '//');
  return (typeof code === 'string' && !line.includes(code) ? `${code}: ${line}` : line).slice(0, 500) || 'Failed without a message';
};

/** The options of one job of `kind`: its tries and how long a run may take, as the kind says. */
const sendOptions = (kind: JobKind, options: EnqueueOptions): PgBoss.SendOptions => ({
  retryLimit: kind.retries,
  retryDelay: kind.retryDelaySeconds,
  retryBackoff: kind.backoff,
  expireInSeconds: kind.expireSeconds,
  ...(options.key === undefined ? {} : { singletonKey: options.key }),
  // Seconds from now, by the database's clock: every process agrees on it.
  ...(options.inMs ? { startAfter: options.inMs / 1000 } : {}),
});

/**
 * The job queue on PostgreSQL (or PGlite) with pg-boss, over the store's own knex connections
 * (job-queue-db.ts): a job sent inside a unit of work is part of its transaction. Claims use
 * `FOR UPDATE SKIP LOCKED`, so each job goes to one worker among every process's.
 */
export class PgBossJobs implements JobQueue, FailedJobs {
  private readonly kinds: ReadonlyMap<string, JobKind>;
  private readonly running = new Set<Promise<unknown>>();
  private stopping?: Promise<void>;

  private constructor(
    private readonly knex: Knex,
    private readonly boss: PgBoss,
    private readonly db: JobQueueDb,
    private readonly options: PgBossJobsOptions,
  ) {
    this.kinds = new Map(options.kinds.map((kind) => [kind.name, kind]));
  }

  /** Starts pg-boss (migrating its schema when it is older) and makes the queues that are missing. */
  static async open(knex: Knex, options: PgBossJobsOptions): Promise<PgBossJobs> {
    const queueFault = (error: unknown) => options.log(`The job queue: ${failureLine(error)}`);
    const db = jobQueueDb(knex, { texts: new Set([completeJobs(JOB_SCHEMA), failJobsById(JOB_SCHEMA)]), log: queueFault });
    const boss = new PgBoss({
      db,
      schema: JOB_SCHEMA,
      // Sub-minute periods reschedule themselves (adapters/di/background.ts): no cron needed.
      schedule: false,
      supervise: options.maintain,
      archiveFailedAfterSeconds: KEEP_FAILED_SECONDS,
    });
    // An emitter without an error listener would throw: a poll that failed is told and tried again.
    boss.on('error', queueFault);
    await boss.start();
    for (const kind of options.kinds) await ensureQueue(boss, kind);
    return new PgBossJobs(knex, boss, db, options);
  }

  enqueue<T extends JobData>(kind: JobKind<T>, data: T, options: EnqueueOptions = {}): Promise<boolean> {
    return this.send(this.db, kind, data, options);
  }

  /** The queue as a unit of work sees it: its jobs are sent in that transaction. */
  within(trx: Knex.Transaction): Jobs {
    const db = jobQueueDb(trx);
    return { enqueue: (kind, data, options = {}) => this.send(db, kind, data, options) };
  }

  async work<T extends JobData>(kind: JobKind<T>, handler: JobHandler<T>): Promise<void> {
    this.registered(kind);
    const worker: string = await this.boss.work<T>(
      kind.name,
      { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: Math.max(0.5, (this.options.pollMs ?? 2000) / 1000) },
      async ([job]) => {
        const attempt = job.retryCount + 1;
        const run = handler({ id: job.id, name: job.name, data: job.data, attempt });
        this.running.add(run);
        try {
          await run;
        } catch (error) {
          const line = failureLine(error);
          const next = attempt <= kind.retries ? 'tried again later' : 'given up: kept as failed';
          this.options.log(`Job ${kind.name} ${job.id} failed (attempt ${attempt} of ${kind.retries + 1}): ${line}; ${next}`);
          // What pg-boss keeps as the job's output: the line, not the stack.
          throw Object.assign(new Error(line), { stack: undefined });
        } finally {
          this.running.delete(run);
          // pg-boss waits a polling interval even after a job; told, its worker asks for the next at once.
          this.boss.notifyWorker(worker);
        }
      },
    );
  }

  async failed(limit: number): Promise<readonly FailedJob[]> {
    const rows: FailedRow[] = await this.knex(`${JOB_SCHEMA}.job`)
      .where({ state: 'failed' })
      .orderBy('completed_on', 'desc')
      .limit(limit)
      .select('id', 'name', 'data', 'output', 'retry_count', 'created_on', 'started_on', 'completed_on');
    return rows.map(toFailedJob);
  }

  retry(id: string, audit: (job: FailedJob) => AuditEntry): Promise<FailedJob | undefined> {
    return this.knex.transaction(async (trx) => {
      // Locked: two admins retrying at once retry it once, and audit it once.
      const row: FailedRow | undefined = await trx(`${JOB_SCHEMA}.job`)
        .where({ id, state: 'failed' })
        .forUpdate()
        .first('id', 'name', 'data', 'output', 'retry_count', 'created_on', 'started_on', 'completed_on');
      if (!row) return undefined;
      const job = toFailedJob(row);
      await this.boss.retry(job.name, job.id, { db: jobQueueDb(trx) });
      await recordAudit(trx, audit(job));
      return job;
    });
  }

  stop(): Promise<void> {
    this.stopping ??= (async () => {
      // No new claims; the runs under way finish (or, past the wait, fail and are tried again later).
      await this.boss.stop({ graceful: true, close: false, timeout: this.options.stopWithinMs ?? 20_000 });
      // A claim in flight as the workers stopped still runs its job; and pg-boss does not wait for
      // the completions it records: both finish before the database may close.
      while (this.running.size) await Promise.allSettled([...this.running]);
      await this.db.drained();
    })();
    return this.stopping;
  }

  private async send(db: PgBoss.Db, kind: JobKind, data: JobData, options: EnqueueOptions): Promise<boolean> {
    this.registered(kind);
    const id = await this.boss.send(kind.name, data, { ...sendOptions(kind, options), db });
    return id !== null;
  }

  /** A kind must be known at start: its queue is made then, never inside a caller's transaction. */
  private registered(kind: JobKind): void {
    if (!this.kinds.has(kind.name)) throw new Error(`The job kind ${kind.name} is not registered with the job queue`);
  }
}

/** Makes `kind`'s queue when missing, and keeps its policy as the kind says. */
const ensureQueue = async (boss: PgBoss, kind: JobKind) => {
  const policy = kind.perKey === 'one-waiting' ? 'short' : kind.perKey === 'one-waiting-one-running' ? 'stately' : 'standard';
  const queue = { name: kind.name, policy, retryLimit: kind.retries, retryDelay: kind.retryDelaySeconds, retryBackoff: kind.backoff } as const;
  const existing = await boss.getQueue(kind.name);
  if (!existing) await boss.createQueue(kind.name, queue);
  else if (existing.policy !== policy) await boss.updateQueue(kind.name, queue);
};
