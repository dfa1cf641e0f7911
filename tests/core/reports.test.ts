import * as E from 'fp-ts/Either';
import { MemoryOrders } from '../../adapters/persistence/memory/memory-orders';
import { MemoryDownloadLog } from '../../adapters/persistence/memory/memory-product-files';
import { MemorySalesFigures } from '../../adapters/persistence/memory/memory-sales-figures';
import { MemoryVisits } from '../../adapters/persistence/memory/memory-visits';
import { ADMINS_ONLY } from '../../core/identity/domain/rights';
import { User } from '../../core/identity/domain/user';
import { MAX_REPORT_DAYS, REPORT_PERIOD_RULE, REPORT_RANGE_TOO_LONG, REPORT_ROWS_RULE, conversionOf, dayRange, figuresOf, salesByCurrency } from '../../core/reports/domain/report';
import { Reports } from '../../core/reports/use-cases';
import { csvCell, csvOf } from '../../core/shared/csv';
import { DATES_BACKWARDS, DATE_RULE } from '../../core/shared/days';
import { forbidden, invalid, unauthorized } from '../../core/shared/errors';
import { egp, usd } from '../../core/shared/money';
import { right } from '../support/either';
import { nextId } from '../support/products';

describe('a report’s days', () => {
  it('takes real dates, in order, over at most a year and a day', () => {
    expect(dayRange('2024-01-01', '2024-12-31')).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    expect(dayRange('2026-03-01', '2026-03-01')).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(dayRange('2026-02-29', '2026-03-01')).toEqual(invalid(DATE_RULE));
    expect(dayRange('2026-3-1', '2026-03-01')).toEqual(invalid(DATE_RULE));
    expect(dayRange('2026-03-02', '2026-03-01')).toEqual(invalid(DATES_BACKWARDS));
    expect(dayRange('2024-01-01', '2025-01-01')).toEqual(invalid(REPORT_RANGE_TOO_LONG));
    expect(MAX_REPORT_DAYS).toBe(366);
  });
});

describe('sales figures', () => {
  it('works out net and average order per currency, rounding to the minor unit; no orders, no average', () => {
    expect(figuresOf({ start: '2026-03-01', orders: 3, revenue: usd(1000), refunds: 1, refunded: usd(250) })).toMatchObject({ net: usd(750), averageOrder: usd(333) });
    expect(figuresOf({ start: '2026-03-01', orders: 0, revenue: egp(0), refunds: 0, refunded: egp(0) }).averageOrder).toEqual(egp(0));
  });

  it('groups by currency with a total of each, never one across currencies', () => {
    const grouped = salesByCurrency(
      [
        { start: '2026-03-02', orders: 1, revenue: usd(1000), refunds: 0, refunded: usd(0) },
        { start: '2026-03-02', orders: 2, revenue: egp(90_000), refunds: 1, refunded: egp(10_000) },
        { start: '2026-03-09', orders: 1, revenue: usd(3000), refunds: 0, refunded: usd(0) },
      ],
      '2026-03-01',
    );
    expect(grouped.map((c) => [c.currency, c.periods.length, c.total.revenue, c.total.averageOrder])).toEqual([
      ['EGP', 1, egp(90_000), egp(45_000)],
      ['USD', 2, usd(4000), usd(2000)],
    ]);
  });

  it('tells conversion as orders per hundred visits, and none without visits', () => {
    expect([conversionOf(3, 4), conversionOf(1, 3), conversionOf(2, 0)]).toEqual([75, 33.3, null]);
  });
});

describe('the reports use case', () => {
  const admin: User = { id: nextId(), username: 'Owner', email: 'owner@store.test', role: 'Admin' };
  const reports = new Reports(new MemorySalesFigures(new MemoryOrders(async () => undefined), new MemoryDownloadLog(), new MemoryVisits(), async () => undefined));

  it('is for admins only', async () => {
    expect(await reports.sales(undefined, '2026-03-01', '2026-03-31', 'month')()).toEqual(E.left(unauthorized('Please sign in first')));
    expect(await reports.products({ ...admin, role: 'User' }, '2026-03-01', '2026-03-31', 10)()).toEqual(E.left(forbidden(ADMINS_ONLY)));
    expect(await reports.visits({ ...admin, role: 'User' }, '2026-03-01', '2026-03-31', 10)()).toEqual(E.left(forbidden(ADMINS_ONLY)));
  });

  it('says why a period or a list length is refused', async () => {
    expect(await reports.sales(admin, '2026-03-01', '2026-03-31', 'quarter')()).toEqual(E.left(invalid(REPORT_PERIOD_RULE)));
    expect(await reports.products(admin, '2026-03-01', '2026-03-31', 51)()).toEqual(E.left(invalid(REPORT_ROWS_RULE)));
    expect(await reports.visits(admin, '2026-03-01', '2026-03-31', 0)()).toEqual(E.left(invalid(REPORT_ROWS_RULE)));
  });

  it('answers an empty store with empty reports and no conversion', async () => {
    expect(right(await reports.sales(admin, '2026-03-01', '2026-03-31', 'week')()).currencies).toEqual([]);
    expect(right(await reports.visits(admin, '2026-03-01', '2026-03-31', 10)())).toMatchObject({ total: 0, orders: 0, conversion: null });
  });
});

describe('CSV cells', () => {
  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+1 555', "'+1 555"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tpadded', "'\tpadded"],
    ['Atlas, 2nd "edition"', '"Atlas, 2nd ""edition"""'],
    ['Plain', 'Plain'],
  ])('writes %j so no spreadsheet runs it: %s', (cell, written) => {
    expect(csvCell(cell)).toBe(written);
  });

  it('writes numbers as numbers, negative ones too, and rows with CRLF', () => {
    expect(csvOf([['a', -5, 2.5, null], ['=1', 0, undefined, '']])).toBe("a,-5,2.5,\r\n'=1,0,,\r\n");
  });
});
