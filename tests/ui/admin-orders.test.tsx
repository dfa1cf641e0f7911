import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminOrder, CustomerWithOrders } from '../../ui/src/api/admin';
import { ADMIN_ORDERS_PAGE_SIZE } from '../../ui/src/pages/AdminOrdersPage';
import { anId, fakeServer, renderApp, signedInAs, type Reply } from './helpers';
import { withCode } from '../support/codes';

afterEach(() => jest.useRealTimers());

function anOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  const _id = overrides._id ?? anId();
  return {
    _id,
    number: _id.slice(-6),
    status: 'paid',
    delivered: false,
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
}

const ordersPage = (usersOrders: CustomerWithOrders[], totalPages = 1): Reply => ({
  body: { success: true, usersOrders, page: 1, totalPages, total: usersOrders.reduce((n, c) => n + c.orders.length, 0) },
});

const asAdmin = signedInAs('boss', { role: 'Admin' });

describe('Customer Orders for someone who is not an admin', () => {
  test('a signed-in user is told admin access is required, and no orders are asked for', async () => {
    const server = fakeServer(signedInAs('ana123'));
    renderApp('/Allusers/orders');
    expect(await screen.findByText('Admin access is required to access this page')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Customer Orders' })).not.toBeInTheDocument();
    expect(server.calls().filter((c) => c.includes('ordersdata'))).toEqual([]);
  });

  test('signed out, the page is the sign-in form', async () => {
    fakeServer({});
    renderApp('/Allusers/orders');
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByText('Admin access is required to access this page')).not.toBeInTheDocument();
  });
});

describe('Customer Orders for an admin', () => {
  const paid = anOrder({ _id: anId(0xabc123), total: 40, products: [
    { _id: anId(), title: 'Clinical Endodontics', price: 25 },
    { _id: anId(), title: 'Implant Basics', price: 15 },
  ] });
  const delivered = anOrder({ delivered: true, buyerName: 'Omar K', userEmail: 'omar@mail.test' });
  const unpaid = anOrder({ status: 'pending', currency: 'EGP', total: 1200, products: [{ _id: anId(), title: 'Orthodontics Atlas', price: 1200 }] });
  const customers: CustomerWithOrders[] = [
    { username: 'hana', email: 'hana@example.com', orders: [paid, unpaid] },
    { username: 'omar', email: 'omar@example.com', orders: [delivered] },
  ];
  const order = (o: AdminOrder) => within(screen.getByRole('listitem', { name: `Order #${o.number}` }));

  test("every customer's orders: number, products and prices, total, buyer, payment and a badge", async () => {
    const server = fakeServer({ ...asAdmin, 'GET /api/allusers/ordersdata': ordersPage(customers) });
    renderApp('/Allusers/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer Orders' })).toBeInTheDocument();
    expect(server.calls()).toContain(`GET /api/allusers/ordersdata?page=1&limit=${ADMIN_ORDERS_PAGE_SIZE}`);
    expect(await screen.findByRole('region', { name: 'Orders of hana' })).toHaveTextContent('hana@example.com');

    expect(order(paid).getByRole('heading', { name: 'Order #abc123' })).toBeInTheDocument();
    expect(order(paid).getByText('PENDING')).toBeInTheDocument();
    expect(order(paid).getByRole('link', { name: 'Implant Basics' })).toHaveAttribute('href', `/product/${paid.products[1]!._id}`);
    expect(order(paid).getByText('$15.00')).toBeInTheDocument();
    expect(order(paid).getByText('Total:')).toHaveTextContent('Total: $40.00');
    expect(order(paid).getByText(/Hana Adel/)).toHaveTextContent('Hana Adel hana@mail.test');
    expect(order(paid).getByText('paid')).toBeInTheDocument();
    expect(order(paid).getByRole('button', { name: 'Mark as Delivered' })).toBeEnabled();

    expect(order(delivered).getByText('DELIVERED')).toBeInTheDocument();
    expect(order(delivered).queryByRole('button', { name: 'Mark as Delivered' })).not.toBeInTheDocument();

    // an order not paid has nothing to deliver: its payment state instead of the button
    expect(order(unpaid).getByText('PENDING')).toBeInTheDocument();
    expect(order(unpaid).getByText('Total:')).toHaveTextContent('EGP 1,200');
    expect(order(unpaid).queryByRole('button', { name: 'Mark as Delivered' })).not.toBeInTheDocument();
    expect(order(unpaid).getByText(/Payment pending/)).toBeInTheDocument();
  });

  test('Mark as Delivered turns the badge DELIVERED and the button goes', async () => {
    const server = fakeServer({
      ...asAdmin,
      'GET /api/allusers/ordersdata': ordersPage(customers),
      [`PUT /api/allusers/update-delivery/${paid._id}`]: { body: { success: true, ...withCode('The order is marked as delivered'), delivered: true } },
    });
    renderApp('/Allusers/orders');
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as Delivered' }));
    expect(await order(paid).findByText('DELIVERED')).toBeInTheDocument();
    expect(order(paid).queryByText('PENDING')).not.toBeInTheDocument();
    expect(order(paid).queryByRole('button', { name: 'Mark as Delivered' })).not.toBeInTheDocument();
    expect(server.calls()).toContain(`PUT /api/allusers/update-delivery/${paid._id}`);
  });

  test.each<[string, Reply | 'throw']>([
    ['a refusal', { status: 500, body: { success: false, ...withCode('Database down') } }],
    ['no answer', 'throw'],
  ])("a failed delivery (%s) says 'Failed to update delivery status.' for 5 s", async (_, reply) => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    fakeServer({
      ...asAdmin,
      'GET /api/allusers/ordersdata': ordersPage(customers),
      [`PUT /api/allusers/update-delivery/${paid._id}`]: () => reply,
    });
    renderApp('/Allusers/orders');
    const button = await screen.findByRole('button', { name: 'Mark as Delivered' });
    await user.click(button);
    expect(await order(paid).findByRole('alert')).toHaveTextContent('Failed to update delivery status.');
    expect(order(paid).getByText('PENDING')).toBeInTheDocument();
    expect(order(paid).getByRole('button', { name: 'Mark as Delivered' })).toBeEnabled();
    act(() => jest.advanceTimersByTime(4500));
    expect(order(paid).getByRole('alert')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(500));
    expect(order(paid).queryByRole('alert')).not.toBeInTheDocument();
  });

  test.each<[string, Reply | 'throw']>([
    ['a server error', { status: 500, body: { success: false, ...withCode('Database down') } }],
    ['no answer', 'throw'],
  ])("a failed load (%s) says 'Failed to fetch orders data.'", async (_, reply) => {
    fakeServer({ ...asAdmin, 'GET /api/allusers/ordersdata': () => reply });
    renderApp('/Allusers/orders');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch orders data.');
  });

  test('pages of orders: a pager like the catalogue, ?page= asks for that page', async () => {
    const server = fakeServer({
      ...asAdmin,
      'GET /api/allusers/ordersdata': (url) => ({
        body: { success: true, usersOrders: customers, page: Number(url.searchParams.get('page')), totalPages: 3, total: 45 },
      }),
    });
    renderApp('/Allusers/orders?page=2');
    const pager = within(await screen.findByRole('navigation', { name: 'Pages of orders' }));
    expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(server.calls()).toContain(`GET /api/allusers/ordersdata?page=2&limit=${ADMIN_ORDERS_PAGE_SIZE}`);
    await userEvent.click(pager.getByRole('link', { name: 'Page 3' }));
    await screen.findByRole('link', { name: 'Page 3', current: 'page' });
    expect(server.calls()).toContain(`GET /api/allusers/ordersdata?page=3&limit=${ADMIN_ORDERS_PAGE_SIZE}`);
  });

  test('no orders at all says so', async () => {
    fakeServer({ ...asAdmin, 'GET /api/allusers/ordersdata': ordersPage([]) });
    renderApp('/Allusers/orders');
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
  });

  test('refunds chosen products: the sum is said before the owner confirms, and the refunded line is marked', async () => {
    const [endo, implant] = paid.products;
    const server = fakeServer({
      ...asAdmin,
      'GET /api/allusers/ordersdata': ordersPage(customers),
      [`POST /api/admin/orders/${paid._id}/refund`]: { body: { success: true, ...withCode('The chosen products are refunded'), order: { status: 'partly-refunded', refunded: 15 } } },
    });
    renderApp('/Allusers/orders');
    await screen.findByRole('listitem', { name: `Order #${paid.number}` });
    expect(order(unpaid).queryByRole('button', { name: 'Refund…' })).not.toBeInTheDocument();
    await userEvent.click(order(paid).getByRole('button', { name: 'Refund…' }));
    const dialog = within(await screen.findByRole('dialog', { name: `Refund order #${paid.number}` }));
    expect(dialog.getByRole('button', { name: 'Refund $40.00' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('checkbox', { name: new RegExp(endo!.title) }));
    expect(dialog.getByText(/\$15\.00 goes back to the buyer through PayPal/)).toBeInTheDocument();
    expect(server.calls().filter((c) => c.includes('/refund'))).toEqual([]);
    await userEvent.click(dialog.getByRole('button', { name: 'Refund $15.00' }));
    expect(await order(paid).findByText('partly refunded')).toBeInTheDocument();
    expect(server.bodies(`/api/admin/orders/${paid._id}/refund`)).toEqual([{ productIds: [implant!._id] }]);
    expect(order(paid).getByText(/refunded \$15\.00/)).toBeInTheDocument();
  });
});
