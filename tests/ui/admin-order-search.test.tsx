import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminOrder } from '../../ui/src/api/admin';
import { anId, fakeServer, renderApp, signedInAs } from './helpers';
import { withCode } from '../support/codes';

const asAdmin = signedInAs('boss', { role: 'Admin' });

const anOrder = (overrides: Partial<AdminOrder> = {}): AdminOrder => {
  const _id = overrides._id ?? anId();
  return {
    _id,
    number: _id.slice(-6),
    status: 'paid',
    delivered: true,
    createdAt: '2026-03-02T10:00:00.000Z',
    buyerName: 'Hana Adel',
    userEmail: 'hana@mail.test',
    total: 25,
    currency: 'USD',
    refunded: 0,
    provider: 'paypal',
    method: 'paypal',
    products: [{ _id: anId(), title: 'Clinical Endodontics', price: 25 }],
    ...overrides,
  };
};

/** Customer Orders' search, export and an order's timeline (issue 21), in the browser's words. */
describe("Customer Orders' search", () => {
  const found = anOrder();

  test('the admin searches by e-mail and status; the list, its address and the export follow the filters', async () => {
    const server = fakeServer({
      ...asAdmin,
      'GET /api/allusers/ordersdata': (url) =>
        url.searchParams.get('q')
          ? { body: { success: true, usersOrders: [{ username: 'hana', email: 'hana@mail.test', orders: [found] }], page: 1, totalPages: 1, total: 1 } }
          : { body: { success: true, usersOrders: [], page: 1, totalPages: 0, total: 0 } },
    });
    renderApp('/Allusers/orders');
    const search = await screen.findByRole('search', { name: 'Search orders' });
    await userEvent.type(within(search).getByLabelText('Order number, e-mail or product'), 'hana@mail');
    await userEvent.selectOptions(within(search).getByLabelText('Status'), 'Delivered');
    await userEvent.click(within(search).getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('listitem', { name: `Order #${found.number}` })).toBeInTheDocument();
    expect(server.calls()).toContain('GET /api/allusers/ordersdata?page=1&limit=20&q=hana%40mail&status=delivered');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/admin/orders/export?q=hana%40mail&status=delivered');
    expect(screen.getByRole('link', { name: `Timeline of order #${found.number}` })).toHaveAttribute('href', `/admin/orders/${found._id}`);
  });

  test("a filter the server refuses shows the server's reason", async () => {
    fakeServer({
      ...asAdmin,
      'GET /api/allusers/ordersdata': { status: 400, body: { success: false, ...withCode('Type at least 3 characters to search orders') } },
    });
    renderApp('/Allusers/orders?q=ab');
    expect(await screen.findByText('Type at least 3 characters to search orders')).toBeInTheDocument();
  });

  test("an order's page tells its life in order", async () => {
    fakeServer({
      ...asAdmin,
      [`GET /api/admin/orders/${found._id}/timeline`]: {
        body: {
          success: true,
          order: found,
          events: [
            { at: '2026-03-02T10:00:00.000Z', kind: 'placed', amount: 25 },
            { at: '2026-03-02T10:01:00.000Z', kind: 'paid', amount: 25 },
            { at: '2026-03-02T10:01:00.000Z', kind: 'mail-sent', detail: 'Dental Library: order confirmed → hana@mail.test' },
            { at: '2026-03-03T09:00:00.000Z', kind: 'downloaded', productId: found.products[0]!._id },
          ],
        },
      },
    });
    renderApp(`/admin/orders/${found._id}`);
    expect(await screen.findByRole('heading', { name: 'Order timeline' })).toBeInTheDocument();
    const events = within(screen.getByRole('list', { name: 'Order timeline' })).queryAllByRole('listitem');
    expect(events.map((e) => e.querySelector('.order-timeline__what')?.textContent)).toEqual([
      'Order placed',
      'Payment received',
      'E-mail sent',
      'Downloaded: Clinical Endodontics',
    ]);
  });
});

describe('Customers', () => {
  const hana = { key: anId(), kind: 'account' as const, name: 'Hana', email: 'hana@mail.test', orders: 3, spent: [{ currency: 'EGP' as const, amount: 1200 }, { currency: 'USD' as const, amount: 25 }], lastOrderAt: '2026-03-02T10:00:00.000Z' };

  test('lists customers with their spending per currency, never summed; a search goes to the server', async () => {
    const server = fakeServer({
      ...asAdmin,
      'GET /api/admin/customers': (url) => ({
        body: { success: true, customers: url.searchParams.get('q') === 'hana' ? [hana] : [hana, { key: 'salma@guest.test', kind: 'guest', name: '', email: 'salma@guest.test', orders: 1, spent: [] }], page: 1, totalPages: 1, total: 2 },
      }),
    });
    renderApp('/admin/customers');
    expect(await screen.findByRole('link', { name: 'Hana' })).toHaveAttribute('href', `/admin/customers/${hana.key}`);
    expect(screen.getByRole('link', { name: 'Guest' })).toHaveAttribute('href', '/admin/customers/salma%40guest.test');
    expect(screen.getByText(/EGP/)).toHaveTextContent("EGP 1,200");
    expect(screen.getByText(/\$25/)).toBeInTheDocument();
    expect(screen.getByText('Nothing paid yet')).toBeInTheDocument();
    const search = screen.getByRole('search', { name: 'Search customers' });
    await userEvent.type(within(search).getByLabelText('Name or e-mail'), 'hana');
    await userEvent.click(within(search).getByRole('button', { name: 'Search' }));
    expect(server.calls()).toContain('GET /api/admin/customers?page=1&limit=20&q=hana');
  });

  test("a customer's page resends a paid order's confirmation and says so", async () => {
    const paid = anOrder();
    const server = fakeServer({
      ...asAdmin,
      [`GET /api/admin/customers/${hana.key}`]: { body: { success: true, customer: hana, orders: [paid], downloads: [{ orderId: paid._id, productId: paid.products[0]!._id, title: 'Clinical Endodontics', at: '2026-03-03T10:00:00.000Z', purpose: 'download' }] } },
      [`POST /api/admin/orders/${paid._id}/resend-confirmation`]: { body: { success: true, ...withCode('The confirmation is sent again') } },
    });
    renderApp(`/admin/customers/${hana.key}`);
    expect(await screen.findByText('downloaded')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send the confirmation again' }));
    expect(await screen.findByText('The confirmation is sent again')).toBeInTheDocument();
    expect(server.calls()).toContain(`POST /api/admin/orders/${paid._id}/resend-confirmation`);
  });
});
