import { Knex } from 'knex';
import { DayRange, PeriodSales, ProductDownloads, ProductSales, ReportPeriod, VisitCount } from '../../core/reports/domain/report';
import { SalesFigures } from '../../core/reports/ports';
import { CURRENCIES, Currency } from '../../core/shared/money';
import { toCount } from './product-rows';
import { RollupTop } from './rollup-top';

/** The reports' figures from the rollups that migration 031's triggers keep (sales-rollups.ts rebuilds them). */
export class KnexSalesFigures implements SalesFigures {
  private readonly sellers: RollupTop;
  private readonly downloads: RollupTop;

  constructor(private readonly db: Knex) {
    this.sellers = new RollupTop(db, {
      table: 'product_sales',
      rank: 'revenue_minor',
      present: 'units',
      sums: ['units', 'revenue_minor', 'refunded_minor'],
      groups: { column: 'currency', values: CURRENCIES },
    });
    this.downloads = new RollupTop(db, { table: 'product_downloads', rank: 'downloads', present: 'downloads', sums: ['downloads'] });
  }

  async sales(range: DayRange, period: ReportPeriod): Promise<readonly PeriodSales[]> {
    const { rows } = await this.db.raw<{ rows: { start: string; currency: Currency; orders: string; revenue: string; refunds: string; refunded: string }[] }>(
      `select to_char(date_trunc(?, day), 'YYYY-MM-DD') as start, currency, sum(orders) as orders, sum(revenue_minor) as revenue,
              sum(refunds) as refunds, sum(refunded_minor) as refunded
       from sales_days where day >= ?::date and day <= ?::date
       group by 1, 2 having sum(orders) > 0 order by 1, 2`,
      [period, range.from, range.to],
    );
    return rows.map((row) => ({
      start: row.start,
      orders: toCount(row.orders),
      revenue: { minor: toCount(row.revenue), currency: row.currency },
      refunds: toCount(row.refunds),
      refunded: { minor: toCount(row.refunded), currency: row.currency },
    }));
  }

  async topSellers(range: DayRange, limit: number): Promise<readonly ProductSales[]> {
    const rows = await this.sellers.top(range, limit);
    return rows.map((row) => ({
      productId: row.product_id,
      title: row.title,
      units: toCount(row.units),
      revenue: { minor: toCount(row.revenue_minor), currency: row.grp as Currency },
      refunded: { minor: toCount(row.refunded_minor), currency: row.grp as Currency },
    }));
  }

  async topDownloads(range: DayRange, limit: number): Promise<readonly ProductDownloads[]> {
    const rows = await this.downloads.top(range, limit);
    return rows.map((row) => ({ productId: row.product_id, title: row.title, downloads: toCount(row.downloads) }));
  }

  async visits(range: DayRange, by: 'page' | 'country', limit: number): Promise<{ rows: readonly VisitCount[]; total: number }> {
    // The column is one of two names fixed here, never the caller's text.
    const column = by === 'page' ? 'page' : 'country';
    const [{ rows }, { rows: totals }] = await Promise.all([
      this.db.raw<{ rows: { key: string; visits: string }[] }>(
        `select ${column} as key, sum(count) as visits from visits where day >= ?::date and day <= ?::date
         group by 1 order by 2 desc, 1 limit ?`,
        [range.from, range.to, limit],
      ),
      this.db.raw<{ rows: { total: string | null }[] }>('select sum(count) as total from visits where day >= ?::date and day <= ?::date', [range.from, range.to]),
    ]);
    return { rows: rows.map((row) => ({ key: row.key, visits: toCount(row.visits) })), total: toCount(totals[0]?.total ?? 0) };
  }
}
