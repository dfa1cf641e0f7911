import { z } from 'zod';
import { AUDIT_ACTIONS } from '../core/audit/domain/audit';
import { CURRENCIES } from '../core/shared/money';
import { adminPageQuery } from './admin';
import { answer } from './envelope';
import { textField, wholeNumber } from './fields';

/**
 * The owner's reports and the audit log screen (issue 21): GET /api/admin/reports/{sales,products,visits}
 * as JSON, GET /api/admin/reports/:report/csv as a spreadsheet, GET /api/admin/audit with filters and
 * GET /api/admin/audit/admins. Admins only; the core checks the dates, the period and the limit.
 */

const day = (name: string) => textField(name, { max: 20 });

/** ?from=YYYY-MM-DD&to=YYYY-MM-DD&period=day|week|month&limit= (period for sales, limit for the lists). */
export const reportQuery = z
  .object({ from: day('from'), to: day('to'), period: textField('period', { max: 20 }).default('month'), limit: wholeNumber('limit').default(10) })
  .strict();

/** The reports a CSV is made of: sales per period, best sellers, most downloaded, visits by page or country. */
export const CSV_REPORTS = ['sales', 'products', 'downloads', 'pages', 'countries'] as const;
export type CsvReport = (typeof CSV_REPORTS)[number];
export const NO_SUCH_REPORT = 'The report must be sales, products, downloads, pages or countries';

const figures = z
  .object({ start: z.string(), orders: z.number(), revenue: z.number(), refunds: z.number(), refunded: z.number(), net: z.number(), averageOrder: z.number() })
  .strict();
export type PeriodFiguresData = z.infer<typeof figures>;

/** GET /api/admin/reports/sales: per currency, each period's figures (amounts as decimals) and the range's total. */
export const salesReportAnswer = answer({
  from: z.string(),
  to: z.string(),
  period: z.enum(['day', 'week', 'month']),
  currencies: z.array(z.object({ currency: z.enum(CURRENCIES), periods: z.array(figures), total: figures }).strict()),
});
export type SalesReportData = z.infer<typeof salesReportAnswer>;

const productSales = z.object({ _id: z.string(), title: z.string(), units: z.number(), revenue: z.number(), refunded: z.number() }).strict();

/** GET /api/admin/reports/products: the best sellers by revenue in each currency, and the most downloaded. */
export const productsReportAnswer = answer({
  from: z.string(),
  to: z.string(),
  bestSellers: z.array(z.object({ currency: z.enum(CURRENCIES), products: z.array(productSales) }).strict()),
  mostDownloaded: z.array(z.object({ _id: z.string(), title: z.string(), downloads: z.number() }).strict()),
});
export type ProductsReportData = z.infer<typeof productsReportAnswer>;

const visitCount = z.object({ key: z.string(), visits: z.number() }).strict();

/** GET /api/admin/reports/visits: visits by page and country, and paid orders per hundred visits. */
export const visitsReportAnswer = answer({
  from: z.string(),
  to: z.string(),
  total: z.number(),
  pages: z.array(visitCount),
  countries: z.array(visitCount),
  orders: z.number(),
  conversion: z.number().nullable(),
});
export type VisitsReportData = z.infer<typeof visitsReportAnswer>;

/** GET /api/admin/audit?page=&limit=&admin=&action=&from=&to= */
export const auditQuery = adminPageQuery
  .extend({ admin: textField('admin', { max: 100 }).optional(), action: textField('action', { max: 100 }).optional(), from: day('from').optional(), to: day('to').optional() })
  .strict();

/** GET /api/admin/audit/admins: everyone the log names, for the screen's filter. */
export const auditAdminsAnswer = answer({ admins: z.array(z.object({ id: z.string(), name: z.string() }).strict()) });

export { AUDIT_ACTIONS };
