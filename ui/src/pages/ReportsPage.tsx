import { useMemo } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useSearchParams } from 'react-router-dom';
import { AdminScreen } from '../admin/AdminOnly';
import { CouponUseReport } from '../admin/reports/CouponUse';
import { CsvLink, ReportTable } from '../admin/reports/ReportTable';
import { RevenueChart } from '../admin/reports/RevenueChart';
import { monthSoFar, rangeOf } from '../admin/reports/report-range';
import { ApiError } from '../api/client';
import { reportsApi, type ProductsReportData, type ReportRange, type SalesReportData, type VisitsReportData } from '../api/reports';
import { Alert } from '../design/Alert';
import { Skeleton } from '../design/Skeleton';
import { useRemote, type Remote } from '../hooks/useRemote';
import { useFormat } from '../i18n/format';
import { localeOf } from '../i18n/i18n';
import { fromDecimal } from '../../../core/shared/money';
import '../account/account.css';
import '../admin/admin.css';
import '../admin/reports/reports.css';

type Currency = SalesReportData['currencies'][number]['currency'];

/**
 * The formats the reports speak in: amounts in their currency (as the store writes prices, but a sum
 * of nothing is 0, not 'Free'), days as the period names them.
 */
function useReportFormat() {
  const { money, date, number } = useFormat();
  const { i18n } = useTranslation();
  const none = (currency: Currency) =>
    new Intl.NumberFormat(localeOf(i18n.language), { style: 'currency', currency, ...(currency === 'EGP' ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}) }).format(0);
  return {
    number,
    amount: (amount: number, currency: Currency) => {
      const m = fromDecimal(Math.max(amount, 0), currency);
      return m && m.minor > 0 ? money(m) : none(currency);
    },
    day: (day: string) => date(`${day}T00:00:00Z`, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
    percent: (value: number) => `${number(value)}%`,
  };
}

/** A report's loading, its failure (the server's reason, for a 400) or its content. */
function Loaded<T>({ remote, label, children }: { remote: Remote<T>; label: string; children: (data: T) => React.ReactNode }) {
  const { t } = useTranslation('admin');
  if (remote.status === 'loading')
    return (
      <div role="status" aria-live="polite">
        <span className="visually-hidden">{label}</span>
        <Skeleton style={{ height: '6rem', borderRadius: '16px' }} />
      </div>
    );
  if (remote.status === 'error')
    return (
      <Alert tone="error">
        <p>
          {remote.error instanceof ApiError && remote.error.status === 400 && remote.error.fromServer ? remote.error.message : t('reports.loadFailed')}
        </p>
      </Alert>
    );
  return <>{children(remote.data)}</>;
}

function RangeForm({ range, onChange }: { range: ReportRange; onChange: (range: ReportRange) => void }) {
  const { t } = useTranslation('admin');
  return (
    <form className="report-filters card card--padded" aria-label={t('reports.range')} onSubmit={(e) => e.preventDefault()}>
      <label className="field">
        <span className="field__label">{t('reports.from')}</span>
        <input className="input" type="date" value={range.from} required onChange={(e) => e.target.value && onChange({ ...range, from: e.target.value })} />
      </label>
      <label className="field">
        <span className="field__label">{t('reports.to')}</span>
        <input className="input" type="date" value={range.to} required onChange={(e) => e.target.value && onChange({ ...range, to: e.target.value })} />
      </label>
      <label className="field">
        <span className="field__label">{t('reports.period')}</span>
        <select className="select" value={range.period} onChange={(e) => onChange({ ...range, period: e.target.value as ReportRange['period'] })}>
          <option value="day">{t('reports.periods.day')}</option>
          <option value="week">{t('reports.periods.week')}</option>
          <option value="month">{t('reports.periods.month')}</option>
        </select>
      </label>
    </form>
  );
}

function Revenue({ report, range }: { report: SalesReportData; range: ReportRange }) {
  const { t } = useTranslation('admin');
  const f = useReportFormat();
  if (report.currencies.length === 0) return <p className="report-empty">{t('reports.noSales')}</p>;
  return (
    <>
      {report.currencies.map(({ currency, periods, total }) => (
        <article key={currency} className="card card--padded report-currency" aria-label={t('reports.revenueIn', { currency })}>
          <h3>{t('reports.revenueIn', { currency })}</h3>
          <dl className="report-totals">
            <div>
              <dt>{t('reports.revenue')}</dt>
              <dd>{f.amount(total.revenue, currency)}</dd>
            </div>
            <div>
              <dt>{t('reports.orders')}</dt>
              <dd>{f.number(total.orders)}</dd>
            </div>
            <div>
              <dt>{t('reports.averageOrder')}</dt>
              <dd>{f.amount(total.averageOrder, currency)}</dd>
            </div>
            <div>
              <dt>{t('reports.refunded')}</dt>
              <dd>{f.amount(total.refunded, currency)}</dd>
            </div>
            <div>
              <dt>{t('reports.net')}</dt>
              <dd>{f.amount(total.net, currency)}</dd>
            </div>
          </dl>
          <div className="report-pair">
            <RevenueChart
              periods={periods}
              period={report.period}
              label={t(`reports.chart.${range.period}`, { currency })}
              seriesLabel={t('reports.revenue')}
              formatAmount={(amount) => f.amount(amount, currency)}
              formatDay={f.day}
            />
            <ReportTable
              caption={t('reports.tableOf', { currency })}
              head={[t('reports.periodStart'), t('reports.orders'), t('reports.revenue'), t('reports.averageOrder'), t('reports.refunds'), t('reports.net')]}
              rows={periods.map((p) => [
                f.day(p.start),
                f.number(p.orders),
                f.amount(p.revenue, currency),
                f.amount(p.averageOrder, currency),
                p.refunds ? `${f.number(p.refunds)} · ${f.amount(p.refunded, currency)}` : '0',
                f.amount(p.net, currency),
              ])}
            />
          </div>
        </article>
      ))}
    </>
  );
}

function Products({ report }: { report: ProductsReportData }) {
  const { t } = useTranslation('admin');
  const f = useReportFormat();
  return (
    <div className="report-grid">
      {report.bestSellers.length === 0 ? <p className="report-empty">{t('reports.noSales')}</p> : null}
      {report.bestSellers.map(({ currency, products }) => (
        <ReportTable
          key={currency}
          caption={t('reports.bestSellersIn', { currency })}
          head={[t('reports.product'), t('reports.units'), t('reports.revenue'), t('reports.refunded')]}
          rows={products.map((p) => [p.title, f.number(p.units), f.amount(p.revenue, currency), f.amount(p.refunded, currency)])}
        />
      ))}
      {report.mostDownloaded.length === 0 ? (
        <p className="report-empty">{t('reports.noDownloads')}</p>
      ) : (
        <ReportTable
          caption={t('reports.mostDownloaded')}
          head={[t('reports.product'), t('reports.downloads')]}
          rows={report.mostDownloaded.map((p) => [p.title, f.number(p.downloads)])}
        />
      )}
    </div>
  );
}

function Visits({ report }: { report: VisitsReportData }) {
  const { t } = useTranslation('admin');
  const f = useReportFormat();
  return (
    <>
      <dl className="report-totals">
        <div>
          <dt>{t('reports.visits')}</dt>
          <dd>{f.number(report.total)}</dd>
        </div>
        <div>
          <dt>{t('reports.paidOrders')}</dt>
          <dd>{f.number(report.orders)}</dd>
        </div>
        <div>
          <dt>{t('reports.conversion')}</dt>
          <dd>{report.conversion === null ? t('reports.noVisits') : f.percent(report.conversion)}</dd>
        </div>
      </dl>
      <div className="report-grid">
        <ReportTable caption={t('reports.byPage')} head={[t('reports.page'), t('reports.visits')]} rows={report.pages.map((v) => [<span dir="ltr">{v.key}</span>, f.number(v.visits)])} />
        <ReportTable caption={t('reports.byCountry')} head={[t('reports.country'), t('reports.visits')]} rows={report.countries.map((v) => [v.key, f.number(v.visits)])} />
      </div>
    </>
  );
}

function Reports() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const fallback = useMemo(() => monthSoFar(new Date()), []);
  const range = rangeOf(params, fallback);
  const key = `${range.from}|${range.to}|${range.period}`;
  const sales = useRemote(`sales|${key}`, () => reportsApi.sales(range));
  const products = useRemote(`products|${range.from}|${range.to}`, () => reportsApi.products(range));
  const visits = useRemote(`visits|${range.from}|${range.to}`, () => reportsApi.visits(range));
  const choose = (next: ReportRange) => setParams({ from: next.from, to: next.to, period: next.period }, { replace: true });

  return (
    <div className="container page reports">
      <div className="page-header">
        <p className="eyebrow">{t('eyebrow')}</p>
        <h1>{t('reports.title')}</h1>
        <p>{t('reports.intro')}</p>
      </div>
      <RangeForm range={range} onChange={choose} />

      <section className="report-section" aria-labelledby="report-revenue">
        <div className="report-section__head">
          <h2 id="report-revenue">{t('reports.revenueTitle')}</h2>
          <CsvLink href={reportsApi.csvHref('sales', range)} label={t('reports.csv')} />
        </div>
        <Loaded remote={sales} label={t('reports.loading')}>
          {(report) => <Revenue report={report} range={range} />}
        </Loaded>
      </section>

      <CouponUseReport range={range} />

      <section className="report-section" aria-labelledby="report-products">
        <div className="report-section__head">
          <h2 id="report-products">{t('reports.productsTitle')}</h2>
          <CsvLink href={reportsApi.csvHref('products', range)} label={t('reports.csvBestSellers')} />
          <CsvLink href={reportsApi.csvHref('downloads', range)} label={t('reports.csvDownloads')} />
        </div>
        <Loaded remote={products} label={t('reports.loading')}>
          {(report) => <Products report={report} />}
        </Loaded>
      </section>

      <section className="report-section" aria-labelledby="report-visits">
        <div className="report-section__head">
          <h2 id="report-visits">{t('reports.visitsTitle')}</h2>
          <CsvLink href={reportsApi.csvHref('pages', range)} label={t('reports.csvPages')} />
          <CsvLink href={reportsApi.csvHref('countries', range)} label={t('reports.csvCountries')} />
        </div>
        <Loaded remote={visits} label={t('reports.loading')}>
          {(report) => <Visits report={report} />}
        </Loaded>
      </section>
    </div>
  );
}

/** /admin/reports: sales, products and visits for admins; anyone else is told admin access is required. */
export default function ReportsPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminScreen title={t('reports.title')}>
      <Reports />
    </AdminScreen>
  );
}
