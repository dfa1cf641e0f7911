import { useTranslation } from '../i18n/use-translation';
import { Link, useParams } from 'react-router-dom';
import { STORE_PAGES } from '../../../core/location/domain/store-pages';
import { fromDecimal, type Currency } from '../../../core/shared/money';
import { AdminScreen } from '../admin/AdminOnly';
import { adminApi, type OrderTimeline } from '../api/admin';
import { ApiError } from '../api/client';
import { Alert } from '../design/Alert';
import { Skeleton } from '../design/Skeleton';
import { useRemote } from '../hooks/useRemote';
import { useFormat } from '../i18n/format';
import '../account/account.css';
import '../admin/admin.css';

const AT: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' };

type TimelineEvent = OrderTimeline['events'][number];

function Timeline({ order, events }: OrderTimeline) {
  const { t } = useTranslation('admin');
  const { money, date } = useFormat();
  const amount = (value: number, currency: Currency) => {
    const m = fromDecimal(value, currency);
    return m ? money(m) : '';
  };
  const titleOf = (productId: string | undefined) => order.products.find((p) => p._id === productId)?.title ?? productId ?? '';
  const what = (e: TimelineEvent) => t(`timeline.kind.${e.kind}`, { product: titleOf(e.productId) });

  return (
    <>
      <section className="card card--padded order-page__facts" aria-label={t('timeline.summary')}>
        <dl className="admin-order__facts">
          <div>
            <dt>{t('orders.buyer')}</dt>
            <dd>
              <bdi>{order.buyerName}</bdi> <span className="admin-order__email">{order.userEmail}</span>
            </dd>
          </div>
          <div>
            <dt>{t('orders.payment')}</dt>
            <dd>
              <span className={`chip order__status order__status--${order.status}`}>{t(`orders.status.${order.status}`)}</span>{' '}
              <span dir="ltr">
                {order.provider} · {order.method}
              </span>
            </dd>
          </div>
          <div>
            <dt>{t('orders.total')}</dt>
            <dd>{amount(order.total, order.currency)}</dd>
          </div>
        </dl>
        <ul className="admin-order__products" aria-label={t('orders.products')}>
          {order.products.map((p) => (
            <li key={p._id}>
              <span dir="auto">{p.title}</span>
              {p.refunded ? <span className="chip order__status order__status--refunded">{t('orders.refundedChip')}</span> : null}
              <span className="admin-order__price">{amount(p.price, order.currency)}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className="card card--padded" aria-labelledby="order-timeline-title">
        <h2 id="order-timeline-title">{t('timeline.title')}</h2>
        <ol className="order-timeline" aria-label={t('timeline.title')}>
          {events.map((e, i) => (
            <li key={`${e.kind}-${e.at}-${i}`} className={`order-timeline__event order-timeline__event--${e.kind}`}>
              <time dateTime={e.at}>{date(e.at, AT)}</time>
              <span className="order-timeline__what">{what(e)}</span>
              {e.amount !== undefined ? <span className="order-timeline__amount">{amount(e.amount, order.currency)}</span> : null}
              {e.detail ? (
                <span className="order-timeline__detail" dir="auto">
                  {e.detail}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

function OrderPage() {
  const { orderId = '' } = useParams();
  const { t } = useTranslation('admin');
  const remote = useRemote<OrderTimeline>(`order-${orderId}`, () => adminApi.orderTimeline(orderId));
  const number = orderId.slice(-6);
  return (
    <div className="container page order-page">
      <div className="page-header">
        <p className="eyebrow">
          <Link to={STORE_PAGES.customerOrders}>{t('orders.title')}</Link>
        </p>
        <h1>{t('orders.order', { number })}</h1>
      </div>
      {remote.status === 'loading' ? (
        <div role="status" aria-live="polite">
          <span className="visually-hidden">{t('timeline.loading')}</span>
          <Skeleton style={{ height: '8rem', borderRadius: '16px' }} />
        </div>
      ) : remote.status === 'error' ? (
        <Alert tone="error">
          <p>
            {remote.error instanceof ApiError && remote.error.status === 404
              ? t('timeline.notFound')
              : remote.error instanceof ApiError && remote.error.status === 403
                ? t('adminRequired')
                : t('timeline.loadFailed')}
          </p>
        </Alert>
      ) : (
        <Timeline {...remote.data} />
      )}
    </div>
  );
}

/** /admin/orders/:orderId: an order's lines, payments, refunds, downloads and e-mails as one timeline (issue 21). */
export default function AdminOrderPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminScreen title={t('timeline.title')}>
      <OrderPage />
    </AdminScreen>
  );
}
