import { randomUUID } from 'node:crypto';
import { AuditEntry } from '../../../core/audit/domain/audit';
import { FailedJob, FailedJobs } from '../../../core/jobs/ports';
import { EnqueueOptions, JobData, JobHandler, JobKind, JobQueue } from '../../../core/shared/jobs';
import { MemoryAuditLog } from './memory-audit-log';

type State = 'waiting' | 'retry' | 'active' | 'completed' | 'failed';

/** One job as the twin keeps it (pg-boss's columns, in its words). */
export interface MemoryJob {
  readonly id: string;
  readonly kind: JobKind;
  readonly data: JobData;
  readonly key: string;
  readonly state: State;
  /** Not claimed before this (ms since the epoch). */
  readonly startAfter: number;
  /** Runs after the first (pg-boss's retry_count) and how many are allowed. */
  readonly retryCount: number;
  readonly retryLimit: number;
  readonly started: boolean;
  readonly error?: string;
  readonly createdAt: Date;
  readonly startedAt?: Date;
  readonly endedAt?: Date;
}

/** pg-boss's wait before the next try: the kind's delay, or with backoff about twice the last (with jitter). */
const waitMs = (kind: JobKind, retryCount: number): number => {
  if (!kind.backoff) return kind.retryDelaySeconds * 1000;
  const delay = Math.max(kind.retryDelaySeconds, 1) * 2 ** Math.min(16, retryCount + 1);
  return ((delay / 2) * (1 + Math.random())) * 1000;
};

/**
 * The in-memory twin of PgBossJobs, for use-case tests: the same claims (one worker per job), tries,
 * waits and failed state, on the process's own clock; jobs enqueued in a unit of work that is undone
 * go with it (MemoryUnitOfWork's checkpoint).
 */
export class MemoryJobs implements JobQueue, FailedJobs {
  readonly jobs = new Map<string, MemoryJob>();
  private readonly workers: { stop: () => void }[] = [];
  private readonly running = new Set<Promise<unknown>>();
  private stopped = false;

  constructor(
    private readonly kinds: readonly JobKind[],
    private readonly audit?: MemoryAuditLog,
    /** How often an idle worker looks for a job. */
    private readonly pollMs = 10,
  ) {}

  async enqueue<T extends JobData>(kind: JobKind<T>, data: T, options: EnqueueOptions = {}): Promise<boolean> {
    if (!this.kinds.some((known) => known.name === kind.name)) throw new Error(`The job kind ${kind.name} is not registered with the job queue`);
    const key = options.key ?? '';
    if (kind.perKey && [...this.jobs.values()].some((job) => job.kind.name === kind.name && job.key === key && job.state === 'waiting')) return false;
    const id = randomUUID();
    this.jobs.set(id, {
      id,
      kind,
      data: JSON.parse(JSON.stringify(data)) as JobData,
      key,
      state: 'waiting',
      startAfter: Date.now() + (options.inMs ?? 0),
      retryCount: 0,
      retryLimit: kind.retries,
      started: false,
      createdAt: new Date(),
    });
    return true;
  }

  async work<T extends JobData>(kind: JobKind<T>, handler: JobHandler<T>): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    let stopped = false;
    const poll = async () => {
      const job = this.claim(kind);
      if (job) {
        const run = this.run(job, handler as JobHandler);
        this.running.add(run);
        await run;
        this.running.delete(run);
      }
      if (!stopped) timer = setTimeout(() => void poll(), job ? 0 : this.pollMs);
    };
    this.workers.push({
      stop: () => {
        stopped = true;
        clearTimeout(timer);
      },
    });
    if (!this.stopped) timer = setTimeout(() => void poll(), 0);
  }

  async failed(limit: number): Promise<readonly FailedJob[]> {
    return [...this.jobs.values()]
      .filter((job) => job.state === 'failed')
      .sort((a, b) => b.endedAt!.getTime() - a.endedAt!.getTime())
      .slice(0, limit)
      .map(toFailedJob);
  }

  async retry(id: string, audit: (job: FailedJob) => AuditEntry): Promise<FailedJob | undefined> {
    const job = this.jobs.get(id);
    if (job?.state !== 'failed') return undefined;
    // The entry first: one that cannot be made leaves the job failed, as the database's transaction would.
    const entry = audit(toFailedJob(job));
    this.jobs.set(id, { ...job, state: 'retry', retryLimit: job.retryLimit + 1 });
    this.audit?.record(entry);
    return toFailedJob(job);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.workers.forEach((worker) => worker.stop());
    while (this.running.size) await Promise.allSettled([...this.running]);
  }

  /** What a unit of work puts back when it is undone: the jobs it enqueued go (a worker's claims meanwhile stay). */
  checkpoint(): () => void {
    const before = new Set(this.jobs.keys());
    return () => {
      for (const id of this.jobs.keys()) if (!before.has(id)) this.jobs.delete(id);
    };
  }

  /** The oldest due job of `kind`, marked active (synchronously: no other worker can take it). */
  private claim(kind: JobKind): MemoryJob | undefined {
    const now = Date.now();
    const activeKeys = new Set([...this.jobs.values()].filter((job) => job.kind.name === kind.name && job.state === 'active').map((job) => job.key));
    const due = [...this.jobs.values()].find(
      (job) => job.kind.name === kind.name && (job.state === 'waiting' || job.state === 'retry') && job.startAfter <= now && !(kind.perKey === 'one-waiting-one-running' && activeKeys.has(job.key)),
    );
    if (!due) return undefined;
    const claimed: MemoryJob = { ...due, state: 'active', retryCount: due.started ? due.retryCount + 1 : due.retryCount, started: true, startedAt: new Date() };
    this.jobs.set(due.id, claimed);
    return claimed;
  }

  private async run(job: MemoryJob, handler: JobHandler): Promise<void> {
    try {
      await handler({ id: job.id, name: job.kind.name, data: job.data, attempt: job.retryCount + 1 });
      this.jobs.set(job.id, { ...job, state: 'completed', endedAt: new Date() });
    } catch (error) {
      const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
      const again = job.retryCount < job.retryLimit;
      this.jobs.set(job.id, {
        ...job,
        state: again ? 'retry' : 'failed',
        error: message,
        ...(again ? { startAfter: Date.now() + waitMs(job.kind, job.retryCount) } : { endedAt: new Date() }),
      });
    }
  }
}

const toFailedJob = (job: MemoryJob): FailedJob => ({
  id: job.id,
  name: job.kind.name,
  data: job.data,
  error: job.error ?? 'No error was recorded',
  attempts: job.retryCount + 1,
  createdAt: job.createdAt,
  ...(job.startedAt ? { startedAt: job.startedAt } : {}),
  failedAt: job.endedAt!,
});
