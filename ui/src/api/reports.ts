/** The owner's reports and the audit log screen (api/reports.ts), loaded with their screens only. */
import type { AuditEntryData } from '../../../api/admin';
import type { CsvReport, ProductsReportData, SalesReportData, VisitsReportData } from '../../../api/reports';
import { pathOf } from '../../../api/calls';
import { call } from './client';

export type { AuditEntryData } from '../../../api/admin';
export type { CsvReport, PeriodFiguresData, ProductsReportData, SalesReportData, VisitsReportData } from '../../../api/reports';

/** The days a report covers (YYYY-MM-DD, both included) and how revenue is grouped. */
export interface ReportRange {
  readonly from: string;
  readonly to: string;
  readonly period: 'day' | 'week' | 'month';
}

/** Everything the audit log screen filters by; empty parts ask for everything. */
export interface AuditFilterValue {
  readonly admin: string;
  readonly action: string;
  readonly from: string;
  readonly to: string;
}

export interface AuditPage {
  entries: AuditEntryData[];
  page: number;
  totalPages: number;
  total: number;
}

/** How many rows each list of the reports shows. */
export const REPORT_ROWS = 10;

const reportQuery = (range: ReportRange) => ({ from: range.from, to: range.to, period: range.period, limit: REPORT_ROWS });

export const reportsApi = {
  async sales(range: ReportRange): Promise<SalesReportData> {
    return call('salesReport', { query: reportQuery(range) });
  },

  async products(range: ReportRange): Promise<ProductsReportData> {
    return call('productsReport', { query: reportQuery(range) });
  },

  async visits(range: ReportRange): Promise<VisitsReportData> {
    return call('visitsReport', { query: reportQuery(range) });
  },

  /** Where the browser downloads a report as CSV (the session's cookie goes with it). */
  csvHref(report: CsvReport, range: ReportRange): string {
    return `/api${pathOf('reportCsv', { report })}?${new URLSearchParams(Object.entries(reportQuery(range)).map(([k, v]) => [k, String(v)]))}`;
  },

  async audit(page: number, limit: number, filter: AuditFilterValue): Promise<AuditPage> {
    const asked = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== ''));
    const r = await call('audit', { query: { page, limit, ...asked } });
    return { entries: r.entries, page: r.page, totalPages: r.totalPages, total: r.total };
  },

  async auditAdmins(): Promise<{ id: string; name: string }[]> {
    return (await call('auditAdmins')).admins;
  },
};
