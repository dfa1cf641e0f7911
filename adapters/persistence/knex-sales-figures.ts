import { Knex } from 'knex';
import { DayRange, PeriodSales, ProductDownloads, ProductSales, ReportPeriod, VisitCount } from '../../core/reports/domain/report';
import { SalesFigures } from '../../core/reports/ports';
import { Currency } from '../../core/shared/money';
import { toCount } from './product-rows';

/** The day after `day` (YYYY-MM-DD, UTC). */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const monthStartOf = (day: string) => `${day.slice(0, 8)}01`;
const nextMonthStart = (day: string) => {
  const d = new Date(`${monthStartOf(day)}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
};

/**
 * A range as the rollups read it cheaply: its whole months from the monthly rows, and the days
 * before and after them from the daily rows (a year is twelve months and at most sixty days).
 * Each part is a half-open [start, end) of days; an empty part has start >= end.
 */
export const rangeParts = ({ from, to }: DayRange) => {
  const end = nextDay(to);
  const firstWhole = from === monthStartOf(from) ? from : nextMonthStart(from);
  const wholeEnd = monthStartOf(end);
  if (firstWhole >= wholeEnd) return { months: { start: from, end: from }, before: { start: from, end }, after: { start: end, end } };
  return { months: { start: firstWhole, end: wholeEnd }, before: { start: from, end: firstWhole }, after: { start: wholeEnd, end } };
};

/**
 * The rollup rows of `table` that cover `range`, each once, as three scans of its key (span, start):
 * written as one condition with OR, the planner may read the whole table instead.
 */
const coveringRows = (table: 'product_sales' | 'product_downloads', range: DayRange) => {
  const { months, before, after } = rangeParts(range);
  const part = (span: 'day' | 'month') => `select * from ${table} where span = '${span}' and start >= ?::date and start < ?::date`;
  return {
    sql: `(${part('month')} union all ${part('day')} union all ${part('day')})`,
    bindings: [months.start, months.end, before.start, before.end, after.start, after.end],
  };
};

const monthEndOf = (day: string) => new Date(Date.parse(`${nextMonthStart(day)}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** The reports' figures from the rollups that migration 031's triggers keep (sales-rollups.ts rebuilds them). */
export class KnexSalesFigures implements SalesFigures {
  constructor(private readonly db: Knex) {}

  /**
   * The range stretched to whole months where the stretch adds no sale: "this month so far" has
   * nothing after today, so its month's row answers it, not a row per product for every day. Two
   * probes of the rollup's key; the answer is the same, only cheaper.
   */
  private async wholeMonthsOf(table: 'product_sales' | 'product_downloads', range: DayRange): Promise<DayRange> {
    const anyDay = async (after: string, until: string) =>
      (await this.db(table).where('span', 'day').where('start', '>=', after).where('start', '<=', until).first('start')) !== undefined;
    const monthStart = monthStartOf(range.from);
    const monthEnd = monthEndOf(range.to);
    const [before, afterTo] = await Promise.all([
      range.from > monthStart ? anyDay(monthStart, new Date(Date.parse(`${range.from}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)) : false,
      range.to < monthEnd ? anyDay(nextDay(range.to), monthEnd) : false,
    ]);
    return { from: before ? range.from : monthStart, to: afterTo ? range.to : monthEnd };
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
    const covering = coveringRows('product_sales', await this.wholeMonthsOf('product_sales', range));
    const { rows } = await this.db.raw<{ rows: { product_id: string; title: string; currency: Currency; units: string; revenue: string; refunded: string }[] }>(
      `with picked as (
         select product_id, currency, sum(units) as units, sum(revenue_minor) as revenue, sum(refunded_minor) as refunded
         from ${covering.sql} as covering group by product_id, currency having sum(units) > 0
       ), ranked as (
         select *, row_number() over (partition by currency order by revenue desc, product_id) as n from picked
       )
       select r.product_id, coalesce(p.title, r.product_id) as title, r.currency, r.units, r.revenue, r.refunded
       from ranked r left join products p on p.id = r.product_id
       where r.n <= ? order by r.currency, r.n`,
      [...covering.bindings, limit],
    );
    return rows.map((row) => ({
      productId: row.product_id,
      title: row.title,
      units: toCount(row.units),
      revenue: { minor: toCount(row.revenue), currency: row.currency },
      refunded: { minor: toCount(row.refunded), currency: row.currency },
    }));
  }

  async topDownloads(range: DayRange, limit: number): Promise<readonly ProductDownloads[]> {
    const covering = coveringRows('product_downloads', await this.wholeMonthsOf('product_downloads', range));
    const { rows } = await this.db.raw<{ rows: { product_id: string; title: string; downloads: string }[] }>(
      `with picked as (
         select product_id, sum(downloads) as downloads from ${covering.sql} as covering
         group by product_id having sum(downloads) > 0 order by downloads desc, product_id limit ?
       )
       select d.product_id, coalesce(p.title, d.product_id) as title, d.downloads
       from picked d left join products p on p.id = d.product_id order by d.downloads desc, d.product_id`,
      [...covering.bindings, limit],
    );
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
