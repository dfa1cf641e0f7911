import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import type { TFunction } from 'i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { STORE_PAGES } from '../../../core/location/domain/store-pages';
import { OrderFilters, filtersOf } from '../admin/OrderFilters';
import { fromDecimal, type Currency } from '../../../core/shared/money';
import { AdminScreen } from '../admin/AdminOnly';
import { TransferDecision } from '../admin/TransferDecision';
import { RefundDialog } from '../admin/RefundDialog';
import { adminApi, ORDER_FILTER_KEYS, type AdminOrder, type CustomerOrdersPage, type CustomerWithOrders, type OrderFilters as Filters } from '../api/admin';
import { ApiError } from '../api/client';
import { Pager } from '../catalog/Pager';
import { Alert } from '../design/Alert';
import { Skeleton } from '../design/Skeleton';
import { useFormat } from '../i18n/format';
import { MESSAGE_MS, useFlash } from '../hooks/useFlash';
import { usePageParam } from '../hooks/usePageParam';
import { useRemote } from '../hooks/useRemote';
import { OrderDownloadsLog, deliveredElsewhere } from '../delivery/OrderDownloadsLog';
import { productHref } from '../layout/links';
import '../account/account.css';
import '../admin/admin.css';

/** Orders per page of Customer Orders (the server caps the limit too). */
export const ADMIN_ORDERS_PAGE_SIZE = 20;

/** An order's amounts in the page's language (English as the spec shows them). */
const useAmount = () => {
  const { money } = useFormat();
  return (value: number, currency: Currency) => {
    const m = fromDecimal(value, currency);
    return m ? money(m) : '';
  };
};

const ORDER_DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' };

/** What the admin confirms before delivering products the store has nothing to download for. */
export const confirmElsewhere = (t: TFunction, titles: readonly string[]) =>
  t('orders.confirmElsewhere', { count: titles.length, titles: titles.join(t('orders.titleSeparator')) });

function CustomerOrder({ order: initial, confirm = (text) => window.confirm(text) }: { order: AdminOrder; confirm?: (text: string) => boolean }) {
  const { t } = useTranslation('admin');
  const amount = useAmount();
  const { date } = useFormat();
  const [order, setOrder] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const problem = useFlash<string>();
  const refundable = (order.status === 'paid' || order.status === 'partly-refunded') && order.provider !== 'free';

  const markDelivered = async () => {
    setBusy(true);
    problem.clear();
    try {
      // The spec's call is unchanged; only the screen asks first.
      const elsewhere = await deliveredElsewhere(order._id);
      if (elsewhere.length > 0 && !confirm(confirmElsewhere(t, elsewhere))) return;
      await adminApi.markDelivered(order._id);
      setOrder((o) => ({ ...o, delivered: true }));
    } catch {
      problem.show(t('orders.deliveryFailed'), MESSAGE_MS.error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="order admin-order" aria-label={t('orders.order', { number: order.number })}>
      <div className="order__header">
        <h3 className="order__number">{t('orders.order', { number: order.number })}</h3>
        <span className={`delivery-badge delivery-badge--${order.delivered ? 'delivered' : 'pending'}`}>
          {order.delivered ? t('orders.delivered') : t('orders.pending')}
        </span>
        <time className="order__date" dateTime={order.createdAt}>
          {date(order.createdAt, ORDER_DATE)}
        </time>
      </div>
      <dl className="admin-order__facts">
        <div>
          <dt>{t('orders.buyer')}</dt>
          <dd>
            {order.buyerName} <span className="admin-order__email">{order.userEmail}</span>
          </dd>
        </div>
        <div>
          <dt>{t('orders.payment')}</dt>
          <dd>
            <span className={`chip order__status order__status--${order.status}`}>{t(`orders.status.${order.status}`, { defaultValue: order.status })}</span>
          </dd>
        </div>
      </dl>
      <ul className="admin-order__products" aria-label={t('orders.products')}>
        {order.products.map((p) => (
          <li key={p._id}>
            <Link to={productHref(p._id)} dir="auto">{p.title}</Link>
            {p.refunded ? <span className="chip order__status order__status--refunded">{t('orders.refundedChip')}</span> : null}
            <span className="admin-order__price">{amount(p.price, order.currency)}</span>
          </li>
        ))}
      </ul>
      <p className="order__total">
        {t('orders.total')} <span>{amount(order.total, order.currency)}</span>
        {order.refunded > 0 ? <span className="admin-order__refunded"> · {t('orders.refundedAmount', { amount: amount(order.refunded, order.currency) })}</span> : null}
      </p>
      {order.provider === 'transfer' ? (
        <TransferDecision order={order} onDecided={(status) => setOrder((o) => ({ ...o, status }))} />
      ) : null}
      {refundable ? (
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => setRefunding(true)}>
          {t('orders.refund')}
        </button>
      ) : null}
      {refunding ? (
        <RefundDialog
          order={order}
          format={(value) => amount(value, order.currency)}
          onClose={() => setRefunding(false)}
          onRefunded={({ status, refunded, productIds }) => {
            setRefunding(false);
            setOrder((o) => ({ ...o, status, refunded, products: o.products.map((p) => (productIds.includes(p._id) ? { ...p, refunded: true } : p)) }));
          }}
        />
      ) : null}
      {order.delivered ? null : order.status === 'paid' || order.status === 'partly-refunded' ? (
        <button type="button" className="btn btn--sm" disabled={busy} onClick={() => void markDelivered()}>
          {busy ? t('orders.saving') : t('orders.markDelivered')}
        </button>
      ) : (
        <p className="order__delivery">{t(`orders.paymentNote.${order.status}`)}</p>
      )}
      {problem.value ? (
        <Alert tone="error">
          <p>{problem.value}</p>
        </Alert>
      ) : null}
      <Link className="admin-order__details" to={orderTimelineHref(order._id)}>
        {t('orderSearch.details', { number: order.number })}
      </Link>
      <OrderDownloadsLog orderId={order._id} />
    </li>
  );
}

function Customer({ customer }: { customer: CustomerWithOrders }) {
  const { t } = useTranslation('admin');
  return (
    <section className="card card--padded customer" aria-label={t('orders.ofCustomer', { name: customer.username })}>
      <h2 className="customer__name">
        <bdi>{customer.username}</bdi> <span className="customer__email">{customer.email}</span>
      </h2>
      <ul className="order-list">
        {customer.orders.map((order) => (
          <CustomerOrder key={order._id} order={order} />
        ))}
      </ul>
    </section>
  );
}

/** The order's page: its lines and its life as a timeline (issue 21). */
export const orderTimelineHref = (orderId: string) => STORE_PAGES.orderTimeline.replace(':orderId', encodeURIComponent(orderId));

function CustomerOrders() {
  const page = usePageParam();
  const { t } = useTranslation('admin');
  const { number } = useFormat();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const key = ORDER_FILTER_KEYS.map((k) => filters[k] ?? '').join('|');
  const remote = useRemote<CustomerOrdersPage>(`orders-${page}-${key}`, () => adminApi.customerOrders(page, ADMIN_ORDERS_PAGE_SIZE, filters));
  const filtered = key.replace(/\|/g, '') !== '';
  // A new search starts at its first page.
  const apply = (next: Filters) => setParams(new URLSearchParams(Object.entries(next).filter(([, v]) => typeof v === 'string' && v.trim() !== '')));

  return (
    <div className="container page admin-orders">
      <div className="page-header" id="customer-orders-top">
        <p className="eyebrow">{t('eyebrow')}</p>
        <h1>{t('orders.title')}</h1>
        <p>{t('orders.intro')}</p>
      </div>
      <OrderFilters key={key} value={filters} onApply={apply} />
      {remote.status === 'loading' ? (
        <div role="status" aria-live="polite">
          <span className="visually-hidden">{t('orders.loading')}</span>
          <Skeleton style={{ height: '8rem', borderRadius: '16px' }} />
        </div>
      ) : remote.status === 'error' ? (
        <Alert tone="error">
          <p>
            {remote.error instanceof ApiError && remote.error.status === 403
              ? t('adminRequired')
              : remote.error instanceof ApiError && remote.error.status === 400 && remote.error.fromServer
                ? remote.error.message
                : t('orders.loadFailed')}
          </p>
        </Alert>
      ) : remote.data.usersOrders.length === 0 ? (
        <div className="state">
          <h2 className="state__title">{filtered ? t('orderSearch.none') : t('orders.none')}</h2>
          <p>{filtered ? t('orderSearch.noneText') : t('orders.noneText')}</p>
        </div>
      ) : (
        <>
          <p className="admin-orders__count">
            {remote.data.more ? t('orderSearch.countMore', { count: remote.data.total, shown: number(remote.data.total) }) : t('orders.count', { count: remote.data.total })}
          </p>
          <div className="customers">
            {remote.data.usersOrders.map((customer) => (
              <Customer key={customer.username} customer={customer} />
            ))}
          </div>
          <Pager page={page} totalPages={remote.data.totalPages} label={t('orders.pages')} scrollToId="customer-orders-top" />
        </>
      )}
    </div>
  );
}

/** /Allusers/orders: Customer Orders for admins; anyone else is told admin access is required. */
export default function AdminOrdersPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminScreen title={t('orders.title')}>
      <CustomerOrders />
    </AdminScreen>
  );
}
