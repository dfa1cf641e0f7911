import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProductsReportData, SalesReportData, VisitsReportData } from '../../ui/src/api/reports';
import { withCode } from '../support/codes';
import { anId, fakeServer, renderApp, signedInAs } from './helpers';

const asAdmin = signedInAs('boss', { role: 'Admin' });
const charts = () => (globalThis as { uplotCharts?: { data: number[][]; destroyed: boolean; options: { series: { label?: string }[] } }[] }).uplotCharts ?? [];
const live = () => charts().filter((c) => !c.destroyed);

const figures = (start: string, orders: number, revenue: number) => ({ start, orders, revenue, refunds: 0, refunded: 0, net: revenue, averageOrder: revenue / orders });
const sales: SalesReportData = {
  success: true,
  from: '2026-03-01',
  to: '2026-03-31',
  period: 'month',
  currencies: [
    { currency: 'EGP', periods: [figures('2026-03-01', 2, 2400)], total: figures('2026-03-01', 2, 2400) },
    { currency: 'USD', periods: [figures('2026-03-01', 3, 75)], total: figures('2026-03-01', 3, 75) },
  ],
};
const products: ProductsReportData = {
  success: true,
  from: '2026-03-01',
  to: '2026-03-31',
  bestSellers: [{ currency: 'USD', products: [{ _id: anId(), title: 'Atlas of Periodontics', units: 3, revenue: 75, refunded: 0 }] }],
  mostDownloaded: [{ _id: anId(), title: 'Composite Veneers', downloads: 12 }],
};
const visits: VisitsReportData = {
  success: true,
  from: '2026-03-01',
  to: '2026-03-31',
  total: 40,
  pages: [{ key: '/', visits: 30 }, { key: '/product/:id', visits: 10 }],
  countries: [{ key: 'Egypt', visits: 40 }],
  orders: 5,
  conversion: 12.5,
};
const reportRoutes = {
  'GET /api/admin/reports/sales': { body: sales },
  'GET /api/admin/reports/products': { body: products },
  'GET /api/admin/reports/visits': { body: visits },
};

describe('Reports', () => {
  beforeEach(() => void charts().splice(0));

  test('someone who is not an admin is told admin access is required, and no report is asked for', async () => {
    const server = fakeServer({ ...signedInAs('ana123'), ...reportRoutes });
    renderApp('/admin/reports?from=2026-03-01&to=2026-03-31&period=month');
    expect(await screen.findByText('Admin access is required to access this page')).toBeInTheDocument();
    expect(server.calls().filter((c) => c.includes('/api/admin/reports'))).toEqual([]);
  });

  test.each([375, 1280])('at %i px, the month’s revenue of each currency is drawn on its own chart beside its table', async (width) => {
    const server = fakeServer({ ...asAdmin, ...reportRoutes });
    renderApp('/admin/reports?from=2026-03-01&to=2026-03-31&period=month', { width });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    const usd = within(await screen.findByRole('article', { name: 'Revenue in USD' }));
    expect(usd.getByRole('img', { name: 'Revenue in USD per month' })).toBeInTheDocument();
    expect(usd.getByRole('table', { name: 'Revenue in USD, period by period' })).toHaveTextContent('$75.00');
    expect(usd.getByText('Average order', { selector: 'dt' }).nextElementSibling).toHaveTextContent('$25.00');
    within(screen.getByRole('article', { name: 'Revenue in EGP' })).getByRole('img', { name: 'Revenue in EGP per month' });
    // One chart per currency, never one sum: pounds and dollars on their own axes.
    expect(live().map((c) => c.data[1])).toEqual([[2400], [75]]);
    expect(live().map((c) => c.data[0])).toEqual([[Date.UTC(2026, 2, 1) / 1000], [Date.UTC(2026, 2, 1) / 1000]]);
    expect(server.calls()).toContain('GET /api/admin/reports/sales?from=2026-03-01&to=2026-03-31&period=month&limit=10');
  });

  test('best sellers, downloads, visits and conversion are tables, each with its CSV', async () => {
    fakeServer({ ...asAdmin, ...reportRoutes });
    renderApp('/admin/reports?from=2026-03-01&to=2026-03-31&period=week');
    expect(await screen.findByRole('table', { name: 'Best sellers in USD' })).toHaveTextContent('Atlas of Periodontics');
    expect(screen.getByRole('table', { name: 'Most downloaded' })).toHaveTextContent('Composite Veneers12');
    expect(screen.getByRole('table', { name: 'Visits by page' })).toHaveTextContent('/product/:id10');
    expect(screen.getByText('Visits that became orders').nextElementSibling).toHaveTextContent('12.5%');
    expect(screen.getByRole('link', { name: 'Best sellers (CSV)' })).toHaveAttribute('href', '/api/admin/reports/products/csv?from=2026-03-01&to=2026-03-31&period=week&limit=10');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/admin/reports/sales/csv?from=2026-03-01&to=2026-03-31&period=week&limit=10');
  });

  test('choosing another grouping asks again; a range the server refuses says why', async () => {
    const server = fakeServer({
      ...asAdmin,
      ...reportRoutes,
      'GET /api/admin/reports/sales': (url: URL) =>
        url.searchParams.get('period') === 'day'
          ? { status: 400, body: { success: false, ...withCode('A report covers at most 366 days') } }
          : { body: sales },
    });
    renderApp('/admin/reports?from=2026-03-01&to=2026-03-31&period=month');
    await screen.findByRole('article', { name: 'Revenue in USD' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Group revenue by' }), 'day');
    expect(await screen.findByText('A report covers at most 366 days')).toBeInTheDocument();
    expect(server.calls()).toContain('GET /api/admin/reports/sales?from=2026-03-01&to=2026-03-31&period=day&limit=10');
  });
});
