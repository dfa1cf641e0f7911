import * as TE from 'fp-ts/TaskEither';
import { requireAdmin } from '../identity/domain/rights';
import { User } from '../identity/domain/user';
import { DomainError, isDomainError } from '../shared/errors';
import { Currency } from '../shared/money';
import { attempt } from '../shared/task';
import {
  CurrencySales,
  DayRange,
  ProductDownloads,
  ProductSales,
  ReportPeriod,
  VisitCount,
  conversionOf,
  dayRange,
  reportPeriod,
  reportRows,
  salesByCurrency,
} from './domain/report';
import { SalesFigures } from './ports';

export interface SalesReport {
  readonly range: DayRange;
  readonly period: ReportPeriod;
  readonly currencies: readonly CurrencySales[];
}

export interface ProductsReport {
  readonly range: DayRange;
  /** Per currency: a pound is never ranked against a dollar. */
  readonly bestSellers: readonly { readonly currency: Currency; readonly products: readonly ProductSales[] }[];
  readonly mostDownloaded: readonly ProductDownloads[];
}

export interface VisitsReport {
  readonly range: DayRange;
  readonly total: number;
  readonly pages: readonly VisitCount[];
  readonly countries: readonly VisitCount[];
  /** Orders paid (placed in the range), in any currency: a count, so they add up. */
  readonly orders: number;
  /** Orders per hundred visits; null with no visits. */
  readonly conversion: number | null;
}

/** The owner's reports (issue 21): admins only, over at most a year's days, read from the rollups. */
export class Reports {
  constructor(private readonly figures: SalesFigures) {}

  /** Revenue, orders, average order and refunds per day, week or month, per currency. */
  sales(user: User | undefined, from: string, to: string, period: string): TE.TaskEither<DomainError, SalesReport> {
    return attempt(async () => {
      const admin = requireAdmin(user);
      if (isDomainError(admin)) return admin;
      const range = dayRange(from, to);
      if (isDomainError(range)) return range;
      const per = reportPeriod(period);
      if (isDomainError(per)) return per;
      return { range, period: per, currencies: salesByCurrency(await this.figures.sales(range, per), range.from) };
    });
  }

  /** The best sellers by revenue (per currency) and the most downloaded products. */
  products(user: User | undefined, from: string, to: string, limit: number): TE.TaskEither<DomainError, ProductsReport> {
    return attempt(async () => {
      const admin = requireAdmin(user);
      if (isDomainError(admin)) return admin;
      const range = dayRange(from, to);
      if (isDomainError(range)) return range;
      const rows = reportRows(limit);
      if (isDomainError(rows)) return rows;
      const [sellers, mostDownloaded] = await Promise.all([this.figures.topSellers(range, rows), this.figures.topDownloads(range, rows)]);
      const currencies = [...new Set(sellers.map((s) => s.revenue.currency))].sort();
      return { range, bestSellers: currencies.map((currency) => ({ currency, products: sellers.filter((s) => s.revenue.currency === currency) })), mostDownloaded };
    });
  }

  /** Visits by page and by country, and how many of them became paid orders. */
  visits(user: User | undefined, from: string, to: string, limit: number): TE.TaskEither<DomainError, VisitsReport> {
    return attempt(async () => {
      const admin = requireAdmin(user);
      if (isDomainError(admin)) return admin;
      const range = dayRange(from, to);
      if (isDomainError(range)) return range;
      const rows = reportRows(limit);
      if (isDomainError(rows)) return rows;
      const [pages, countries, sales] = await Promise.all([
        this.figures.visits(range, 'page', rows),
        this.figures.visits(range, 'country', rows),
        this.figures.sales(range, 'month'),
      ]);
      const orders = sales.reduce((total, row) => total + row.orders, 0);
      return { range, total: pages.total, pages: pages.rows, countries: countries.rows, orders, conversion: conversionOf(orders, pages.total) };
    });
  }
}
