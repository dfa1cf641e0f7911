import * as TE from 'fp-ts/TaskEither';
import { entryOf } from '../audit/domain/audit';
import { requireAdmin } from '../identity/domain/rights';
import { User } from '../identity/domain/user';
import { DomainError, invalid, isDomainError, notFound } from '../shared/errors';
import { Clock } from '../shared/ids';
import { attempt } from '../shared/task';
import { FailedJob, FailedJobs } from './ports';

/** The admin's list shows this many of the most recently failed jobs. */
export const FAILED_JOBS_SHOWN = 50;
export const BAD_JOB_ID = 'A job id is the 36-character id the list of failed jobs shows';
export const JOB_NOT_FAILED = 'No failed job has this id: it may have been retried already';

/** The queue's job ids (UUIDs): anything else names no job, and never reaches the database. */
const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The admin's view of background work that ran out of tries: why it failed, and one more try. */
export class BackgroundJobs {
  constructor(
    private readonly jobs: FailedJobs,
    private readonly clock: Clock,
  ) {}

  failed(user: User | undefined): TE.TaskEither<DomainError, readonly FailedJob[]> {
    return attempt(async () => {
      const admin = requireAdmin(user);
      if (isDomainError(admin)) return admin;
      return this.jobs.failed(FAILED_JOBS_SHOWN);
    });
  }

  /** Queues the job again, with the admin's audit entry in the same transaction. */
  retry(user: User | undefined, id: string): TE.TaskEither<DomainError, FailedJob> {
    return attempt(async () => {
      const admin = requireAdmin(user);
      if (isDomainError(admin)) return admin;
      if (!JOB_ID.test(id)) return invalid(BAD_JOB_ID);
      const actor = { id: admin.id, username: admin.username, at: this.clock.now() };
      const retried = await this.jobs.retry(id.toLowerCase(), (job) =>
        entryOf(actor, 'job-retried', { subject: job.id, detail: { name: job.name, attempts: job.attempts, error: job.error } }),
      );
      return retried ?? notFound(JOB_NOT_FAILED);
    });
  }
}
