/** The admin's failed jobs (api/jobs.ts), loaded with their screen only. */
import type { FailedJobData } from '../../../api/jobs';
import { call } from './client';

export type { FailedJobData } from '../../../api/jobs';

export const jobsApi = {
  /** The jobs that ran out of tries, most recently failed first. */
  async failed(): Promise<FailedJobData[]> {
    return (await call('failedJobs')).jobs;
  },

  /** Queues a failed job again; answers the server's message. */
  async retry(id: string): Promise<string> {
    return (await call('retryJob', { params: { id } })).message;
  },
};
