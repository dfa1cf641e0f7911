import { AuditEntry } from '../audit/domain/audit';
import { JobData } from '../shared/jobs';

/** A job that ran out of tries: what it was, why it last failed, and when. */
export interface FailedJob {
  readonly id: string;
  readonly name: string;
  readonly data: JobData;
  /** The last run's error, in one line. */
  readonly error: string;
  readonly attempts: number;
  readonly createdAt: Date;
  readonly startedAt?: Date;
  readonly failedAt: Date;
}

/** The jobs the queue gave up on (core/shared/jobs.ts), as the admin sees and revives them. */
export interface FailedJobs {
  /** Most recently failed first. */
  failed(limit: number): Promise<readonly FailedJob[]>;
  /**
   * Queues a failed job again for one more try, writing its `audit` entry in the same transaction;
   * undefined, and nothing written, when no failed job has that id (retried already, or never failed).
   */
  retry(id: string, audit: (job: FailedJob) => AuditEntry): Promise<FailedJob | undefined>;
}
