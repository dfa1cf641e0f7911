import { Context } from 'koa';
import * as TE from 'fp-ts/TaskEither';
import { pipe } from 'fp-ts/function';
import { PeriodFigures } from '../../../core/reports/domain/report';
import { ProductsReport, Reports, SalesReport, VisitsReport } from '../../../core/reports/use-cases';
import { requireAdmin } from '../../../core/identity/domain/rights';
import { User } from '../../../core/identity/domain/user';
import { DomainError, invalid, isDomainError } from '../../../core/shared/errors';
import { CsvCell, csvOf } from '../../../core/shared/csv';
import { toDecimal } from '../../../core/shared/money';
import { CSV_REPORTS, CsvReport, NO_SUCH_REPORT, PeriodFiguresData, productsReportAnswer, salesReportAnswer, visitsReportAnswer } from '../../../api/reports';
import { QueryOf } from '../../../api/schemas';
import { On } from '../calls';
import { refuse, respond } from '../respond';
import { currentUser } from '../session';

export interface ReportsUseCases {
  readonly reports: Reports;
}

const toFigures = (f: PeriodFigures): PeriodFiguresData => ({
  start: f.start,
  orders: f.orders,
  revenue: toDecimal(f.revenue),
  refunds: f.refunds,
  refunded: toDecimal(f.refunded),
  net: toDecimal(f.net),
  averageOrder: toDecimal(f.averageOrder),
});

const salesBody = (r: SalesReport) => ({
  from: r.range.from,
  to: r.range.to,
  period: r.period,
  currencies: r.currencies.map((c) => ({ currency: c.currency, periods: c.periods.map(toFigures), total: toFigures(c.total) })),
});

const productsBody = (r: ProductsReport) => ({
  from: r.range.from,
  to: r.range.to,
  bestSellers: r.bestSellers.map((b) => ({
    currency: b.currency,
    products: b.products.map((p) => ({ _id: p.productId, title: p.title, units: p.units, revenue: toDecimal(p.revenue), refunded: toDecimal(p.refunded) })),
  })),
  mostDownloaded: r.mostDownloaded.map((p) => ({ _id: p.productId, title: p.title, downloads: p.downloads })),
});

const visitsBody = (r: VisitsReport) => ({
  from: r.range.from,
  to: r.range.to,
  total: r.total,
  pages: [...r.pages],
  countries: [...r.countries],
  orders: r.orders,
  conversion: r.conversion,
});

/** Each report as the rows of its spreadsheet, a header first; the column names stay English, as the API's fields do. */
const SHEETS: Record<CsvReport, (reports: Reports, user: User | undefined, q: QueryOf<'reportCsv'>) => TE.TaskEither<DomainError, CsvCell[][]>> = {
  sales: (reports, user, q) =>
    pipe(
      reports.sales(user, q.from, q.to, q.period),
      TE.map((r) => [
        ['period_start', 'currency', 'orders', 'revenue', 'average_order', 'refunds', 'refunded', 'net'],
        ...r.currencies.flatMap((c) =>
          c.periods.map((f) => [f.start, c.currency, f.orders, toDecimal(f.revenue), toDecimal(f.averageOrder), f.refunds, toDecimal(f.refunded), toDecimal(f.net)]),
        ),
      ]),
    ),
  products: (reports, user, q) =>
    pipe(
      reports.products(user, q.from, q.to, q.limit),
      TE.map((r) => [
        ['currency', 'product_id', 'title', 'units', 'revenue', 'refunded'],
        ...r.bestSellers.flatMap((b) => b.products.map((p) => [b.currency, p.productId, p.title, p.units, toDecimal(p.revenue), toDecimal(p.refunded)])),
      ]),
    ),
  downloads: (reports, user, q) =>
    pipe(
      reports.products(user, q.from, q.to, q.limit),
      TE.map((r) => [['product_id', 'title', 'downloads'], ...r.mostDownloaded.map((p) => [p.productId, p.title, p.downloads])]),
    ),
  pages: (reports, user, q) =>
    pipe(
      reports.visits(user, q.from, q.to, q.limit),
      TE.map((r) => [['page', 'visits'], ...r.pages.map((v) => [v.key, v.visits])]),
    ),
  countries: (reports, user, q) =>
    pipe(
      reports.visits(user, q.from, q.to, q.limit),
      TE.map((r) => [['country', 'visits'], ...r.countries.map((v) => [v.key, v.visits])]),
    ),
};

const isCsvReport = (name: string): name is CsvReport => (CSV_REPORTS as readonly string[]).includes(name);

/** Reports change with every order: never kept by any cache. */
const fresh = (ctx: Context) => ctx.set('Cache-Control', 'private, no-store');

/** The owner's reports (api/reports.ts): each use case refuses anyone but an admin. */
export const reportsRoutes = (on: On, { reports }: ReportsUseCases) => {
  on('salesReport', async (ctx, { query: q }) => {
    fresh(ctx);
    await respond(ctx, reports.sales(await currentUser(ctx), q.from, q.to, q.period), salesReportAnswer, salesBody);
  });

  on('productsReport', async (ctx, { query: q }) => {
    fresh(ctx);
    await respond(ctx, reports.products(await currentUser(ctx), q.from, q.to, q.limit), productsReportAnswer, productsBody);
  });

  on('visitsReport', async (ctx, { query: q }) => {
    fresh(ctx);
    await respond(ctx, reports.visits(await currentUser(ctx), q.from, q.to, q.limit), visitsReportAnswer, visitsBody);
  });

  on('reportCsv', async (ctx, { query: q }) => {
    fresh(ctx);
    const name = ctx.params.report ?? '';
    const user = await currentUser(ctx);
    if (!isCsvReport(name)) {
      // The rights first: a non-admin learns nothing, not even which reports there are.
      const admin = requireAdmin(user);
      return refuse(ctx, isDomainError(admin) ? admin : invalid(NO_SUCH_REPORT));
    }
    const sheet = await SHEETS[name](reports, user, q)();
    if (sheet._tag === 'Left') return refuse(ctx, sheet.left);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="${name}-${q.from}-to-${q.to}.csv"`);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = csvOf(sheet.right);
  });
};
