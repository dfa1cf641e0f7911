import { DayRange, PeriodSales, ProductDownloads, ProductSales, ReportPeriod, VisitCount } from './domain/report';

/**
 * The figures the reports read, kept as orders change (rollups per day, never a scan of every order
 * per request). An order counts from the day it was placed (UTC) once paid, and stays when refunded,
 * its refund beside it. Amounts are per currency and never summed across currencies.
 */
export interface SalesFigures {
  /** Each period's sales per currency, earliest first; a period with no sale has no row. */
  sales(range: DayRange, period: ReportPeriod): Promise<readonly PeriodSales[]>;
  /** The `limit` products of most revenue in each currency, most first (ties by product id). */
  topSellers(range: DayRange, limit: number): Promise<readonly ProductSales[]>;
  /** The `limit` products most downloaded, most first (ties by product id). */
  topDownloads(range: DayRange, limit: number): Promise<readonly ProductDownloads[]>;
  /** Visits (DECISIONS 16) by page pattern or by country, most first, and the range's total. */
  visits(range: DayRange, by: 'page' | 'country', limit: number): Promise<{ readonly rows: readonly VisitCount[]; readonly total: number }>;
}
