import { Order } from '../../../core/ordering/domain/order';
import { DayRange, PeriodSales, ProductDownloads, ProductSales, ReportPeriod, VisitCount } from '../../../core/reports/domain/report';
import { SalesFigures } from '../../../core/reports/ports';
import { Currency } from '../../../core/shared/money';
import { MemoryOrders } from './memory-orders';
import { MemoryDownloadLog } from './memory-product-files';
import { MemoryVisits } from './memory-visits';

/** The statuses of an order that was paid, as migration 031's triggers count them. */
const COUNTED: readonly Order['status'][] = ['paid', 'partly-refunded', 'refunded'];

const dayOf = (iso: string) => iso.slice(0, 10);

/** The first day of the period `day` falls in: the 1st of its month, or the Monday of its ISO week. */
const periodStart = (day: string, period: ReportPeriod): string => {
  if (period === 'day') return day;
  if (period === 'month') return `${day.slice(0, 8)}01`;
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
};

const within = (day: string, { from, to }: DayRange) => day >= from && day <= to;

const mostFirst = <T extends { productId: string }>(amount: (row: T) => number) => (a: T, b: T) => amount(b) - amount(a) || a.productId.localeCompare(b.productId);

/**
 * The in-memory twin of KnexSalesFigures: it reads the other twins' orders, downloads and visits
 * each time (the database keeps rollups; a twin holds a test's few orders), held to the same contract.
 */
export class MemorySalesFigures implements SalesFigures {
  constructor(
    private readonly orders: MemoryOrders,
    private readonly downloads: MemoryDownloadLog,
    private readonly visitCounts: MemoryVisits,
    /** A product's title, also once deleted (the database joins the products table). */
    private readonly titleOf: (productId: string) => Promise<string | undefined>,
  ) {}

  private paid(range: DayRange): Order[] {
    return [...this.orders.orders.values()].filter((o) => COUNTED.includes(o.status) && within(dayOf(o.createdAt), range));
  }

  async sales(range: DayRange, period: ReportPeriod): Promise<readonly PeriodSales[]> {
    const groups = new Map<string, { start: string; currency: Currency; orders: number; revenue: number; refunds: number; refunded: number }>();
    for (const order of this.paid(range)) {
      const start = periodStart(dayOf(order.createdAt), period);
      const key = `${start}|${order.currency}`;
      const g = groups.get(key) ?? { start, currency: order.currency, orders: 0, revenue: 0, refunds: 0, refunded: 0 };
      g.orders += 1;
      g.revenue += order.total.minor;
      g.refunds += order.refunded.minor > 0 ? 1 : 0;
      g.refunded += order.refunded.minor;
      groups.set(key, g);
    }
    return [...groups.values()]
      .sort((a, b) => a.start.localeCompare(b.start) || a.currency.localeCompare(b.currency))
      .map((g) => ({ start: g.start, orders: g.orders, revenue: { minor: g.revenue, currency: g.currency }, refunds: g.refunds, refunded: { minor: g.refunded, currency: g.currency } }));
  }

  async topSellers(range: DayRange, limit: number): Promise<readonly ProductSales[]> {
    const groups = new Map<string, { productId: string; currency: Currency; units: number; revenue: number; refunded: number }>();
    for (const order of this.paid(range))
      for (const line of order.lines) {
        const key = `${line.productId}|${line.price.currency}`;
        const g = groups.get(key) ?? { productId: line.productId, currency: line.price.currency, units: 0, revenue: 0, refunded: 0 };
        g.units += 1;
        g.revenue += line.price.minor;
        g.refunded += line.refunded ? line.price.minor : 0;
        groups.set(key, g);
      }
    const currencies = [...new Set([...groups.values()].map((g) => g.currency))].sort();
    const top = currencies.flatMap((currency) => [...groups.values()].filter((g) => g.currency === currency).sort(mostFirst((g) => g.revenue)).slice(0, limit));
    return Promise.all(
      top.map(async (g) => ({
        productId: g.productId,
        title: (await this.titleOf(g.productId)) ?? g.productId,
        units: g.units,
        revenue: { minor: g.revenue, currency: g.currency },
        refunded: { minor: g.refunded, currency: g.currency },
      })),
    );
  }

  async topDownloads(range: DayRange, limit: number): Promise<readonly ProductDownloads[]> {
    const counts = new Map<string, number>();
    for (const { entry } of this.downloads.entries)
      if (entry.completed && entry.purpose === 'download' && within(entry.at.toISOString().slice(0, 10), range)) counts.set(entry.productId, (counts.get(entry.productId) ?? 0) + 1);
    const top = [...counts.entries()].map(([productId, downloads]) => ({ productId, downloads })).sort(mostFirst((row) => row.downloads)).slice(0, limit);
    return Promise.all(top.map(async (row) => ({ ...row, title: (await this.titleOf(row.productId)) ?? row.productId })));
  }

  async visits(range: DayRange, by: 'page' | 'country', limit: number): Promise<{ rows: readonly VisitCount[]; total: number }> {
    const counts = new Map<string, number>();
    let total = 0;
    for (const [key, count] of this.visitCounts.counts) {
      const [day, page, country] = key.split('|') as [string, string, string];
      if (!within(day, range)) continue;
      total += count;
      const name = by === 'page' ? page : country;
      counts.set(name, (counts.get(name) ?? 0) + count);
    }
    const rows = [...counts.entries()].map(([key, visits]) => ({ key, visits })).sort((a, b) => b.visits - a.visits || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    return { rows: rows.slice(0, limit), total };
  }
}
