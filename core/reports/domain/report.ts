import { DATES_BACKWARDS, DATE_RULE, MS_PER_DAY, midnightOf } from '../../shared/days';
import { DomainError, invalid } from '../../shared/errors';
import { Currency, Money } from '../../shared/money';

/** The periods revenue is told by; a week starts on Monday (ISO), every period in UTC. */
export const REPORT_PERIODS = ['day', 'week', 'month'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** A report's days, both ends included, as YYYY-MM-DD in UTC. */
export interface DayRange {
  readonly from: string;
  readonly to: string;
}

/** A year and a day: a leap year's whole span fits, and no request reads more rollup rows than that. */
export const MAX_REPORT_DAYS = 366;
/** Top lists and visit lists answer at most this many rows. */
export const MAX_REPORT_ROWS = 50;

export const REPORT_RANGE_TOO_LONG = `A report covers at most ${MAX_REPORT_DAYS} days`;
export const REPORT_PERIOD_RULE = 'period must be day, week or month';
export const REPORT_ROWS_RULE = `limit must be a whole number from 1 to ${MAX_REPORT_ROWS}`;

const dayTime = (day: string): number | undefined => midnightOf(day)?.getTime();

/** The range from `from` to `to`, or why the report cannot be read over it. */
export const dayRange = (from: string, to: string): DayRange | DomainError => {
  const start = dayTime(from);
  const end = dayTime(to);
  if (start === undefined || end === undefined) return invalid(DATE_RULE);
  if (start > end) return invalid(DATES_BACKWARDS);
  if ((end - start) / MS_PER_DAY + 1 > MAX_REPORT_DAYS) return invalid(REPORT_RANGE_TOO_LONG);
  return { from, to };
};

export const reportPeriod = (period: string): ReportPeriod | DomainError =>
  (REPORT_PERIODS as readonly string[]).includes(period) ? (period as ReportPeriod) : invalid(REPORT_PERIOD_RULE);

export const reportRows = (limit: number): number | DomainError =>
  Number.isSafeInteger(limit) && limit >= 1 && limit <= MAX_REPORT_ROWS ? limit : invalid(REPORT_ROWS_RULE);

/** One period's sales in one currency: orders paid (placed in it), their money, and what went back. */
export interface PeriodSales {
  /** The period's first day, YYYY-MM-DD (a Monday for weeks, the 1st for months). */
  readonly start: string;
  readonly orders: number;
  readonly revenue: Money;
  /** Orders with money given back, and how much. */
  readonly refunds: number;
  readonly refunded: Money;
}

/** PeriodSales with what the report works out from it. */
export interface PeriodFigures extends PeriodSales {
  /** Revenue less refunds. */
  readonly net: Money;
  /** Revenue over orders, rounded to the minor unit; zero with no orders. */
  readonly averageOrder: Money;
}

export const figuresOf = (sales: PeriodSales): PeriodFigures => ({
  ...sales,
  net: { minor: sales.revenue.minor - sales.refunded.minor, currency: sales.revenue.currency },
  averageOrder: { minor: sales.orders ? Math.round(sales.revenue.minor / sales.orders) : 0, currency: sales.revenue.currency },
});

/** A currency's sales, period by period: never added to another currency's. */
export interface CurrencySales {
  readonly currency: Currency;
  readonly periods: readonly PeriodFigures[];
  readonly total: PeriodFigures;
}

/** Groups the rollup's rows by currency, each with its total over the range. */
export const salesByCurrency = (rows: readonly PeriodSales[], from: string): CurrencySales[] => {
  const currencies = [...new Set(rows.map((row) => row.revenue.currency))].sort();
  return currencies.map((currency) => {
    const periods = rows.filter((row) => row.revenue.currency === currency).sort((a, b) => a.start.localeCompare(b.start));
    const sum = (pick: (row: PeriodSales) => number) => periods.reduce((total, row) => total + pick(row), 0);
    const total = figuresOf({
      start: from,
      orders: sum((r) => r.orders),
      revenue: { minor: sum((r) => r.revenue.minor), currency },
      refunds: sum((r) => r.refunds),
      refunded: { minor: sum((r) => r.refunded.minor), currency },
    });
    return { currency, periods: periods.map(figuresOf), total };
  });
};

/** A product's sales in one currency over a range. */
export interface ProductSales {
  readonly productId: string;
  readonly title: string;
  readonly units: number;
  readonly revenue: Money;
  readonly refunded: Money;
}

/** A product's completed downloads (issue 19) over a range. */
export interface ProductDownloads {
  readonly productId: string;
  readonly title: string;
  readonly downloads: number;
}

/** Visits counted under one page pattern or one country. */
export interface VisitCount {
  readonly key: string;
  readonly visits: number;
}

/** Paid orders per hundred visits, to one decimal; none when there were no visits. */
export const conversionOf = (orders: number, visits: number): number | null => (visits > 0 ? Math.round((orders / visits) * 1000) / 10 : null);
