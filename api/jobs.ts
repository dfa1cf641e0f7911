import { z } from 'zod';
import { answer } from './envelope';

/**
 * The admin's view of background work that ran out of tries (issue 19): GET /api/admin/jobs lists
 * the failed jobs, POST /api/admin/jobs/:id/retry queues one again. Admins only; a retry is audited.
 */

/** A failed job: its kind, what it carried, the last run's error, its runs and times (ISO). */
export const failedJob = z
  .object({
    id: z.string(),
    name: z.string(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
    error: z.string(),
    attempts: z.number(),
    createdAt: z.string(),
    startedAt: z.string().optional(),
    failedAt: z.string(),
  })
  .strict();
export type FailedJobData = z.infer<typeof failedJob>;

/** GET /api/admin/jobs: the most recently failed first (50 at most). */
export const failedJobsAnswer = answer({ jobs: z.array(failedJob) });

export const JOB_RETRIED = 'The job is queued again';
/** POST /api/admin/jobs/:id/retry */
export const jobRetriedAnswer = answer({ message: z.string(), job: failedJob });
