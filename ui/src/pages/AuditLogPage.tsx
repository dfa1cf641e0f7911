import { useTranslation } from '../i18n/use-translation';
import { useSearchParams } from 'react-router-dom';
import { AUDIT_ACTIONS, type Json } from '../../../core/audit/domain/audit';
import { changesOf } from '../../../core/audit/domain/changes';
import { AdminScreen } from '../admin/AdminOnly';
import { ScrollBox } from '../admin/reports/ReportTable';
import { ApiError } from '../api/client';
import { reportsApi, type AuditEntryData, type AuditFilterValue } from '../api/reports';
import { Pager } from '../catalog/Pager';
import { Alert } from '../design/Alert';
import { Skeleton } from '../design/Skeleton';
import { usePageParam } from '../hooks/usePageParam';
import { useRemote } from '../hooks/useRemote';
import { useFormat } from '../i18n/format';
import '../account/account.css';
import '../admin/admin.css';
import '../admin/reports/reports.css';

const ENTRIES_PER_PAGE = 20;
const FILTERS = ['admin', 'action', 'from', 'to'] as const;
const WHEN: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' };

/** A value of the log as plain text: text as it is, anything else as JSON. */
const shown = (value: Json | undefined): string => (value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));

function Changes({ entry }: { entry: AuditEntryData }) {
  const { t } = useTranslation('admin');
  const changes = changesOf(entry.before as Json | undefined, entry.after as Json | undefined);
  if (changes.length === 0) return null;
  return (
    <ScrollBox label={t('audit.changes')} className="audit-changes">
      <table>
        <caption>{t('audit.changes')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('audit.field')}</th>
            <th scope="col">{t('audit.before')}</th>
            <th scope="col">{t('audit.after')}</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.path}>
              <th scope="row" dir="ltr">
                {change.path || t('audit.whole')}
              </th>
              <td>
                <span className="audit-change__value audit-change__before" dir="auto">
                  {shown(change.before)}
                </span>
              </td>
              <td>
                <span className="audit-change__value audit-change__after" dir="auto">
                  {shown(change.after)}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

function Entry({ entry }: { entry: AuditEntryData }) {
  const { t } = useTranslation('admin');
  const { date } = useFormat();
  const action = t(`audit.actions.${entry.action}`);
  return (
    <li className="card card--padded audit-entry" aria-label={t('audit.entry', { action, name: entry.actorName })}>
      <div className="audit-entry__head">
        <span className="audit-entry__action">{action}</span>
        <span>{t('audit.by', { name: entry.actorName })}</span>
        <time dateTime={entry.at}>{date(entry.at, WHEN)}</time>
      </div>
      {entry.subject ? (
        <p className="audit-entry__subject" dir="ltr">
          {entry.subject}
        </p>
      ) : null}
      {entry.detail ? (
        <dl className="admin-order__facts">
          {Object.entries(entry.detail).map(([key, value]) => (
            <div key={key}>
              <dt dir="ltr">{key}</dt>
              <dd dir="auto">{shown(value as Json)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <Changes entry={entry} />
    </li>
  );
}

function Filters({ filter, onChange }: { filter: AuditFilterValue; onChange: (filter: AuditFilterValue) => void }) {
  const { t } = useTranslation('admin');
  const admins = useRemote('audit-admins', () => reportsApi.auditAdmins());
  return (
    <form className="report-filters card card--padded" aria-label={t('audit.filters')} onSubmit={(e) => e.preventDefault()}>
      <label className="field">
        <span className="field__label">{t('audit.admin')}</span>
        <select className="select" value={filter.admin} onChange={(e) => onChange({ ...filter, admin: e.target.value })}>
          <option value="">{t('audit.anyAdmin')}</option>
          {admins.status === 'success'
            ? admins.data.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))
            : null}
        </select>
      </label>
      <label className="field">
        <span className="field__label">{t('audit.action')}</span>
        <select className="select" value={filter.action} onChange={(e) => onChange({ ...filter, action: e.target.value })}>
          <option value="">{t('audit.anyAction')}</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {t(`audit.actions.${action}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">{t('reports.from')}</span>
        <input className="input" type="date" value={filter.from} onChange={(e) => onChange({ ...filter, from: e.target.value })} />
      </label>
      <label className="field">
        <span className="field__label">{t('reports.to')}</span>
        <input className="input" type="date" value={filter.to} onChange={(e) => onChange({ ...filter, to: e.target.value })} />
      </label>
    </form>
  );
}

function AuditLog() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const page = usePageParam();
  const filter: AuditFilterValue = { admin: params.get('admin') ?? '', action: params.get('action') ?? '', from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const key = [page, ...FILTERS.map((name) => filter[name])].join('|');
  const remote = useRemote(`audit|${key}`, () => reportsApi.audit(page, ENTRIES_PER_PAGE, filter));
  // A new filter starts again from its first page.
  const choose = (next: AuditFilterValue) => setParams(Object.fromEntries(FILTERS.filter((name) => next[name] !== '').map((name) => [name, next[name]])), { replace: true });

  return (
    <div className="container page audit-log">
      <div className="page-header">
        <p className="eyebrow">{t('eyebrow')}</p>
        <h1>{t('audit.title')}</h1>
        <p>{t('audit.intro')}</p>
      </div>
      <Filters filter={filter} onChange={choose} />
      {remote.status === 'loading' ? (
        <div role="status" aria-live="polite">
          <span className="visually-hidden">{t('audit.loading')}</span>
          <Skeleton style={{ height: '8rem', borderRadius: '16px' }} />
        </div>
      ) : remote.status === 'error' ? (
        <Alert tone="error">
          <p>{remote.error instanceof ApiError && remote.error.status === 400 && remote.error.fromServer ? remote.error.message : t('audit.loadFailed')}</p>
        </Alert>
      ) : remote.data.entries.length === 0 ? (
        <div className="state">
          <h2 className="state__title">{t('audit.none')}</h2>
        </div>
      ) : (
        <>
          <p>{t('audit.count', { count: remote.data.total })}</p>
          <ul className="audit-list">
            {remote.data.entries.map((entry, i) => (
              <Entry key={`${entry.at}-${i}`} entry={entry} />
            ))}
          </ul>
          {remote.data.totalPages > 1 ? <Pager page={page} totalPages={remote.data.totalPages} label={t('audit.pages')} /> : null}
        </>
      )}
    </div>
  );
}

/** /admin/audit: who did what and when, for admins; anyone else is told admin access is required. */
export default function AuditLogPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminScreen title={t('audit.title')}>
      <AuditLog />
    </AdminScreen>
  );
}
