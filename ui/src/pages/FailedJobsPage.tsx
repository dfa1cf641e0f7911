import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { AdminScreen } from '../admin/AdminOnly';
import { messageOf } from '../admin/texts';
import { ApiError } from '../api/client';
import { jobsApi, type FailedJobData } from '../api/jobs';
import { Alert } from '../design/Alert';
import { Skeleton } from '../design/Skeleton';
import { useRemote } from '../hooks/useRemote';
import { useFormat } from '../i18n/format';
import '../account/account.css';
import '../admin/admin.css';

/** To the second: a job's tries may be seconds apart. */
const JOB_TIME: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' };

/** What the job carried, as `key: value` pairs (an order's id, say): enough to tell one from another. */
const carried = (data: FailedJobData['data']) =>
  Object.entries(data)
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(', ');

function FailedJob({ job }: { job: FailedJobData }) {
  const { t } = useTranslation('admin');
  const { date } = useFormat();
  const when = (iso: string | undefined) => (iso ? date(iso, JOB_TIME) : '');
  const [state, setState] = useState<{ kind: 'failed' } | { kind: 'busy' } | { kind: 'retried'; message: string } | { kind: 'refused'; message: string }>({ kind: 'failed' });

  const retry = async () => {
    setState({ kind: 'busy' });
    try {
      setState({ kind: 'retried', message: await jobsApi.retry(job.id) });
    } catch (error) {
      setState({ kind: 'refused', message: t('jobs.retryFailed') + messageOf(error) });
    }
  };

  return (
    <li className="card card--padded failed-job" aria-label={t('jobs.job', { name: job.name })}>
      <h2 className="failed-job__name">
        {job.name} <span className="failed-job__id">{job.id}</span>
      </h2>
      <p className="failed-job__error">{job.error}</p>
      <dl className="admin-order__facts">
        <div>
          <dt>{t('jobs.attempts')}</dt>
          <dd>{job.attempts}</dd>
        </div>
        <div>
          <dt>{t('jobs.queued')}</dt>
          <dd>
            <time dateTime={job.createdAt}>{when(job.createdAt)}</time>
          </dd>
        </div>
        {job.startedAt ? (
          <div>
            <dt>{t('jobs.lastRun')}</dt>
            <dd>
              <time dateTime={job.startedAt}>{when(job.startedAt)}</time>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('jobs.failed')}</dt>
          <dd>
            <time dateTime={job.failedAt}>{when(job.failedAt)}</time>
          </dd>
        </div>
        {Object.keys(job.data).length ? (
          <div>
            <dt>{t('jobs.for')}</dt>
            <dd dir="ltr">{carried(job.data)}</dd>
          </div>
        ) : null}
      </dl>
      {state.kind === 'retried' ? (
        <Alert tone="success">
          <p>{state.message}</p>
        </Alert>
      ) : (
        <button type="button" className="btn btn--sm failed-job__retry" disabled={state.kind === 'busy'} onClick={() => void retry()}>
          {state.kind === 'busy' ? t('jobs.retrying') : t('jobs.retry')}
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
  const { t } = useTranslation('admin');
  const remote = useRemote<FailedJobData[]>('failed-jobs', () => jobsApi.failed());
  return (
    <div className="container page failed-jobs">
      <div className="page-header">
        <p className="eyebrow">{t('eyebrow')}</p>
        <h1>{t('jobs.title')}</h1>
        <p>{t('jobs.intro')}</p>
      </div>
      {remote.status === 'loading' ? (
        <div role="status" aria-live="polite">
          <span className="visually-hidden">{t('jobs.loading')}</span>
          <Skeleton style={{ height: '8rem', borderRadius: '16px' }} />
        </div>
      ) : remote.status === 'error' ? (
        <Alert tone="error">
          <p>{remote.error instanceof ApiError && remote.error.status === 403 ? t('adminRequired') : t('jobs.loadFailed')}</p>
        </Alert>
      ) : remote.data.length === 0 ? (
        <div className="state">
          <h2 className="state__title">{t('jobs.none')}</h2>
          <p>{t('jobs.noneText')}</p>
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
  const { t } = useTranslation('admin');
  return (
    <AdminScreen title={t('jobs.title')}>
      <FailedJobs />
    </AdminScreen>
  );
}
