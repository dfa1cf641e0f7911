import { useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { STORE_PAGES } from '../../../core/location/domain/store-pages';
import { fromDecimal, type Currency } from '../../../core/shared/money';
import { AdminScreen } from '../admin/AdminOnly';
import { adminApi, type CustomerData, type CustomerPage, type CustomersPage } from '../api/admin';
import { ApiError } from '../api/client';
import { Pager } from '../catalog/Pager';
import { Alert } from '../design/Alert';
import { Skeleton } from '../design/Skeleton';
import { MESSAGE_MS, useFlash } from '../hooks/useFlash';
import { usePageParam } from '../hooks/usePageParam';
import { useRemote } from '../hooks/useRemote';
import { useFormat } from '../i18n/format';
import { orderTimelineHref } from './AdminOrdersPage';
import '../account/account.css';
import '../admin/admin.css';

/** Customers per page (the server caps the limit too). */
export const CUSTOMERS_PAGE_SIZE = 20;

export const customerHref = (key: string) => STORE_PAGES.customer.replace(':customer', encodeURIComponent(key));

const useAmount = () => {
  const { money } = useFormat();
  return (value: number, currency: Currency) => {
    const m = fromDecimal(value, currency);
    return m ? money(m) : '';
  };
};

/** Money per currency, side by side: never one sum of two currencies. */
function Spent({ spent }: { spent: CustomerData['spent'] }) {
  const { t } = useTranslation('admin');
  const amount = useAmount();
  if (spent.length === 0) return <>{t('customers.nothingSpent')}</>;
  return (
    <>
      {spent.map((s, i) => (
        <span key={s.currency} className="customer-spent">
          {i > 0 ? ' · ' : null}
          {amount(s.amount, s.currency)}
        </span>
      ))}
    </>
  );
}

function Failure({ error }: { error: unknown }) {
  const { t } = useTranslation('admin');
  const status = error instanceof ApiError ? error.status : 0;
  return (
    <Alert tone="error">
      <p>
        {status === 403
          ? t('adminRequired')
          : status === 404
            ? t('customers.notFound')
            : status === 400 && error instanceof ApiError && error.fromServer
              ? error.message
              : t('customers.loadFailed')}
      </p>
    </Alert>
  );
}

const Loading = () => {
  const { t } = useTranslation('admin');
  return (
    <div role="status" aria-live="polite">
      <span className="visually-hidden">{t('customers.loading')}</span>
      <Skeleton style={{ height: '8rem', borderRadius: '16px' }} />
    </div>
  );
};

function CustomersList() {
  const { t } = useTranslation('admin');
  const { number } = useFormat();
  const { date } = useFormat();
  const page = usePageParam();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const remote = useRemote<CustomersPage>(`customers-${page}-${q}`, () => adminApi.customers(page, CUSTOMERS_PAGE_SIZE, q));
  const search = (e: FormEvent) => {
    e.preventDefault();
    setParams(draft.trim() ? new URLSearchParams({ q: draft.trim() }) : new URLSearchParams());
  };

  return (
    <div className="container page admin-customers">
      <div className="page-header" id="customers-top">
        <p className="eyebrow">{t('eyebrow')}</p>
        <h1>{t('customers.title')}</h1>
        <p>{t('customers.intro')}</p>
      </div>
      <form className="card card--padded order-filters" role="search" aria-label={t('customers.search')} onSubmit={search}>
        <div className="field order-filters__search">
          <label className="field__label" htmlFor="customers-q">
            {t('customers.query')}
          </label>
          <input id="customers-q" className="input" type="search" dir="auto" value={draft} onChange={(e) => setDraft(e.target.value)} />
        </div>
        <div className="order-filters__actions">
          <button type="submit" className="btn btn--sm">
            {t('orderSearch.apply')}
          </button>
        </div>
      </form>
      {remote.status === 'loading' ? (
        <Loading />
      ) : remote.status === 'error' ? (
        <Failure error={remote.error} />
      ) : remote.data.customers.length === 0 ? (
        <div className="state">
          <h2 className="state__title">{t('customers.none')}</h2>
        </div>
      ) : (
        <>
          <p className="admin-orders__count">{remote.data.more ? t('customers.countMore', { count: remote.data.total, shown: number(remote.data.total) }) : t('customers.count', { count: remote.data.total })}</p>
          <ul className="customer-list">
            {remote.data.customers.map((c) => (
              <li key={`${c.kind}-${c.key}`} className="card card--padded customer-row">
                <Link to={customerHref(c.key)} className="customer-row__name">
                  <bdi>{c.kind === 'guest' ? t('customers.guest') : c.name}</bdi>
                </Link>
                <span className="admin-order__email">{c.email}</span>
                <span>{t('customers.orders', { count: c.orders })}</span>
                <span>
                  <Spent spent={c.spent} />
                </span>
                <span className="customer-row__last">{c.lastOrderAt ? t('customers.lastOrder', { date: date(c.lastOrderAt) }) : t('customers.noOrders')}</span>
              </li>
            ))}
          </ul>
          <Pager page={page} totalPages={remote.data.totalPages} label={t('customers.pages')} scrollToId="customers-top" />
        </>
      )}
    </div>
  );
}

function Customer() {
  const { t } = useTranslation('admin');
  const { date } = useFormat();
  const amount = useAmount();
  const { customer: key = '' } = useParams();
  const remote = useRemote<CustomerPage>(`customer-${key}`, () => adminApi.customer(key));
  const told = useFlash<{ tone: 'success' | 'error'; text: string }>();
  const [busy, setBusy] = useState(false);
  const act = async (send: () => Promise<string>) => {
    setBusy(true);
    try {
      told.show({ tone: 'success', text: await send() }, MESSAGE_MS.editorBanner);
    } catch (error) {
      told.show({ tone: 'error', text: error instanceof ApiError && error.fromServer ? error.message : t('customers.sendFailed') }, MESSAGE_MS.error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="container page admin-customer">
      <div className="page-header">
        <p className="eyebrow">
          <Link to={STORE_PAGES.customers}>{t('customers.title')}</Link>
        </p>
        <h1>
          <bdi>{remote.status === 'success' ? remote.data.customer.name || t('customers.guest') : key}</bdi>
        </h1>
      </div>
      {remote.status === 'loading' ? (
        <Loading />
      ) : remote.status === 'error' ? (
        <Failure error={remote.error} />
      ) : (
        <>
          <section className="card card--padded" aria-label={t('customers.summary')}>
            <dl className="admin-order__facts">
              <div>
                <dt>{t('customers.email')}</dt>
                <dd>{remote.data.customer.email}</dd>
              </div>
              <div>
                <dt>{t('customers.spent')}</dt>
                <dd>
                  <Spent spent={remote.data.customer.spent} />
                </dd>
              </div>
            </dl>
            {remote.data.customer.kind === 'guest' ? (
              <button type="button" className="btn btn--secondary btn--sm" disabled={busy} onClick={() => void act(() => adminApi.resendLibraryLink(remote.data.customer.key))}>
                {t('customers.resendLibraryLink')}
              </button>
            ) : null}
            {told.value ? (
              <Alert tone={told.value.tone}>
                <p>{told.value.text}</p>
              </Alert>
            ) : null}
          </section>
          <section className="card card--padded" aria-labelledby="customer-orders-title">
            <h2 id="customer-orders-title">{t('customers.ordersTitle', { count: remote.data.orders.length })}</h2>
            <ul className="customer-orders">
              {remote.data.orders.map((o) => (
                <li key={o._id} className="customer-order">
                  <Link to={orderTimelineHref(o._id)}>{t('orders.order', { number: o.number })}</Link>
                  <time dateTime={o.createdAt}>{date(o.createdAt)}</time>
                  <span className={`chip order__status order__status--${o.status}`}>{t(`orders.status.${o.status}`)}</span>
                  <span>{amount(o.total, o.currency)}</span>
                  {o.status === 'paid' || o.status === 'partly-refunded' ? (
                    <button type="button" className="btn btn--ghost btn--sm" disabled={busy} onClick={() => void act(() => adminApi.resendConfirmation(o._id))}>
                      {t('customers.resendConfirmation')}
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
          <section className="card card--padded" aria-labelledby="customer-downloads-title">
            <h2 id="customer-downloads-title">{t('customers.downloadsTitle')}</h2>
            {remote.data.downloads.length === 0 ? (
              <p>{t('customers.noDownloads')}</p>
            ) : (
              <ul className="customer-orders">
                {remote.data.downloads.map((d, i) => (
                  <li key={`${d.orderId}-${d.productId}-${d.at}-${i}`} className="customer-order">
                    <span dir="auto">{d.title}</span>
                    <time dateTime={d.at}>{date(d.at, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' })}</time>
                    <span>{t(`customers.purpose.${d.purpose}`)}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}

/** /admin/customers: accounts and guests with their figures (issue 21). */
export function AdminCustomersPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminScreen title={t('customers.title')}>
      <CustomersList />
    </AdminScreen>
  );
}

/** /admin/customers/:customer: one customer's orders and downloads, and resending their letters. */
export function AdminCustomerPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminScreen title={t('customers.title')}>
      <Customer />
    </AdminScreen>
  );
}
