import { JOB_RETRIED, FailedJobData, failedJobsAnswer, jobRetriedAnswer } from '../../../api/jobs';
import { FailedJob } from '../../../core/jobs/ports';
import { BackgroundJobs } from '../../../core/jobs/use-cases';
import { On } from '../calls';
import { respond } from '../respond';
import { currentUser } from '../session';

export interface JobsUseCases {
  readonly backgroundJobs: BackgroundJobs;
}

const toFailedJob = (job: FailedJob): FailedJobData => ({
  id: job.id,
  name: job.name,
  data: { ...job.data },
  error: job.error,
  attempts: job.attempts,
  createdAt: job.createdAt.toISOString(),
  ...(job.startedAt ? { startedAt: job.startedAt.toISOString() } : {}),
  failedAt: job.failedAt.toISOString(),
});

/** The admin's failed jobs and their retry (api/jobs.ts): the use case refuses anyone but an admin. */
export const jobsRoutes = (on: On, { backgroundJobs }: JobsUseCases) => {
  on('failedJobs', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    await respond(ctx, backgroundJobs.failed(await currentUser(ctx)), failedJobsAnswer, (jobs) => ({ jobs: jobs.map(toFailedJob) }));
  });

  on('retryJob', async (ctx) => {
    await respond(ctx, backgroundJobs.retry(await currentUser(ctx), ctx.params.id), jobRetriedAnswer, (job) => ({ message: JOB_RETRIED, job: toFailedJob(job) }));
  });
};
