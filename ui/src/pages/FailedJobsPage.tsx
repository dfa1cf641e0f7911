import { useState } from 'react';
import { AdminOnly } from '../admin/AdminOnly';
import { ADMIN_REQUIRED, messageOf } from '../admin/texts';
import { ApiError } from '../api/client';
import { jobsApi, type FailedJobData } from '../api/jobs';
import { Alert } from '../design/Alert';
import { Skeleton } from '../design/Skeleton';
import { useDocumentMeta } from '../hooks/useDocumentMeta';
import { useRemote } from '../hooks/useRemote';
import '../account/account.css';
import '../admin/admin.css';

export const JOBS_LOAD_FAILED = 'Failed to load the failed jobs.';
export const RETRY_FAILED = 'The job could not be retried: ';

const when = (iso: string | undefined) => {
  const date = iso ? new Date(iso) : undefined;
  return date && !Number.isNaN(date.getTime())
    ? date.toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' })
    : '';
};

/** What the job carried, as `key: value` pairs (an order's id, say): enough to tell one from another. */
const carried = (data: FailedJobData['data']) =>
  Object.entries(data)
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(', ');

function FailedJob({ job }: { job: FailedJobData }) {
  const [state, setState] = useState<{ kind: 'failed' } | { kind: 'busy' } | { kind: 'retried'; message: string } | { kind: 'refused'; message: string }>({ kind: 'failed' });

  const retry = async () => {
    setState({ kind: 'busy' });
    try {
      setState({ kind: 'retried', message: await jobsApi.retry(job.id) });
    } catch (error) {
      setState({ kind: 'refused', message: RETRY_FAILED + messageOf(error) });
    }
  };

  return (
    <li className="card card--padded failed-job" aria-label={`Failed job ${job.name}`}>
      <h2 className="failed-job__name">
        {job.name} <span className="failed-job__id">{job.id}</span>
      </h2>
      <p className="failed-job__error">{job.error}</p>
      <dl className="admin-order__facts">
        <div>
          <dt>Attempts</dt>
          <dd>{job.attempts}</dd>
        </div>
        <div>
          <dt>Queued</dt>
          <dd>
            <time dateTime={job.createdAt}>{when(job.createdAt)}</time>
          </dd>
        </div>
        {job.startedAt ? (
          <div>
            <dt>Last run</dt>
            <dd>
              <time dateTime={job.startedAt}>{when(job.startedAt)}</time>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Failed</dt>
          <dd>
            <time dateTime={job.failedAt}>{when(job.failedAt)}</time>
          </dd>
        </div>
        {Object.keys(job.data).length ? (
          <div>
            <dt>For</dt>
            <dd>{carried(job.data)}</dd>
          </div>
        ) : null}
      </dl>
      {state.kind === 'retried' ? (
        <Alert tone="success">
          <p>{state.message}</p>
        </Alert>
      ) : (
        <button type="button" className="btn btn--sm failed-job__retry" disabled={state.kind === 'busy'} onClick={() => void retry()}>
          {state.kind === 'busy' ? 'Retrying…' : 'Retry'}
        </button>
      )}
      {state.kind === 'refused' ? (
        <Alert tone="error">
          <p>{state.message}</p>
        </Alert>
      ) : null}
    </li>
  );
}

function FailedJobs() {
  const remote = useRemote<FailedJobData[]>('failed-jobs', () => jobsApi.failed());
  return (
    <div className="container page failed-jobs">
      <div className="page-header">
        <p className="eyebrow">Admin</p>
        <h1>Failed jobs</h1>
        <p>Background work that failed every try: why, how often, and when. Retry runs it once more.</p>
      </div>
      {remote.status === 'loading' ? (
        <div role="status" aria-live="polite">
          <span className="visually-hidden">Loading failed jobs…</span>
          <Skeleton style={{ height: '8rem', borderRadius: '16px' }} />
        </div>
      ) : remote.status === 'error' ? (
        <Alert tone="error">
          <p>{remote.error instanceof ApiError && remote.error.status === 403 ? ADMIN_REQUIRED : JOBS_LOAD_FAILED}</p>
        </Alert>
      ) : remote.data.length === 0 ? (
        <div className="state">
          <h2 className="state__title">No failed jobs</h2>
          <p>Every background job has run, or is waiting for its next try.</p>
        </div>
      ) : (
        <ul className="failed-jobs__list">
          {remote.data.map((job) => (
            <FailedJob key={job.id} job={job} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** /admin/jobs: the failed background jobs for admins; anyone else is told admin access is required. */
export default function FailedJobsPage() {
  useDocumentMeta('Failed jobs');
  return (
    <AdminOnly
      otherwise={
        <div className="container page">
          <div className="state access-restricted">
            <h1 className="state__title">{ADMIN_REQUIRED}</h1>
          </div>
        </div>
      }
    >
      <FailedJobs />
    </AdminOnly>
  );
}
