import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import type { OrderSummary } from '../../api/accounts';
import type { AdminOrder, CustomerWithOrders } from '../../api/admin';
import type { OrderData, ProviderSettings } from '../../api/ordering';
import { TransferReceipt } from '../../ui/src/checkout/TransferReceipt';
import { aProduct, anId, fakeServer, paymentSettings, renderApp, signedInAs } from './helpers';
import { withCode } from '../support/codes';

/**
 * The manual transfer in the UI (issue 18, item 4): the buyer sees where to send the exact amount
 * and the reference, and uploads the receipt (after the checkout, and in the profile's order while
 * it waits); the admin sees the receipt in Customer Orders and approves or rejects with a reason.
 */
const ORDER = anId(0x7a1);
const payAt = { reference: 'DL-3F9A2C7K', payTo: 'InstaPay example-store@instapay or wallet 01000000000', expiresAt: '2026-11-27T13:00:00.000Z' };
const receiptPath = `/api/payments/transfer/orders/${ORDER}/receipt`;
const aPicture = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'receipt.png', { type: 'image/png' });
const RECEIVED = { body: { success: true, ...withCode('Receipt received. We will check your transfer and e-mail you.'), uploadedAt: '2026-11-24T13:10:00.000Z' } };

const transferSettings: ProviderSettings = {
  name: 'transfer',
  label: 'InstaPay or wallet transfer',
  currency: 'EGP',
  test: true,
  component: 'transfer',
  methods: [{ name: 'transfer', label: 'InstaPay or wallet transfer', egypt: true }],
  client: { instapay: 'example-store@instapay', wallet: '01000000000' },
};

describe('the buyer, after starting a transfer in the checkout', () => {
  const ID = anId(0x51);
  const pending: OrderData = { orderId: ORDER, orderNumber: ORDER.slice(-6), status: 'pending', total: 1300, currency: 'EGP' };

  test('sees the address, the exact amount in EGP, the reference, and sends the receipt', async () => {
    const server = fakeServer({
      ...signedInAs('ana123'),
      [`GET /api/checkout/productdetails/${ID}`]: { body: { success: true, productDetails: aProduct({ _id: ID, title: 'Atlas of Periodontics', price: 26, egpprice: 1300 }) } },
      'GET /api/payment/settings': paymentSettings({ extra: [transferSettings] }),
      'POST /api/checkout/start': { body: { success: true, ...withCode('Payment started'), order: pending, next: { kind: 'offline', payAt } } },
      [`POST ${receiptPath}`]: RECEIVED,
    });
    renderApp(`/checkout/${ID}`);
    const form = within(await screen.findByRole('form', { name: 'Your details' }));
    await userEvent.type(form.getByLabelText('Name'), 'Ana Souza');
    await userEvent.type(form.getByLabelText('Email'), 'ana@example.com');
    await userEvent.click(await form.findByRole('radio', { name: 'InstaPay or wallet transfer' }));
    await userEvent.click(form.getByRole('button', { name: 'Proceed to payment' }));

    // The checkout's offline panel says where, how much and against what; the receipt's upload follows it.
    const panel = within(await screen.findByRole('region', { name: 'Send the receipt of your transfer' }));
    expect(await screen.findByTestId('offline-amount')).toHaveTextContent('EGP 1,300');
    expect(screen.getAllByText(payAt.payTo).length).toBeGreaterThan(0);
    expect(screen.getByText('DL-3F9A2C7K')).toBeInTheDocument();
    await userEvent.upload(panel.getByLabelText('Receipt of your transfer'), aPicture());
    await userEvent.click(panel.getByRole('button', { name: 'Send receipt' }));
    expect(await panel.findByText('Receipt received. We will check your transfer and e-mail you.')).toBeInTheDocument();
    expect(server.calls()).toContain(`POST ${receiptPath}`);
    const sent = server.fetch.mock.calls.find(([input]) => String(input).endsWith('/receipt'))?.[1]?.body as FormData;
    expect((sent.get('receipt') as File).name).toBe('receipt.png');
    expect(server.bodies('/api/checkout/start')).toEqual([expect.objectContaining({ provider: 'transfer', method: 'transfer' })]);
  });
});

describe('the buyer, in the profile\'s order while the transfer waits', () => {
  const waiting: OrderSummary = {
    _id: ORDER,
    status: 'pending',
    state: 'awaiting payment',
    createdAt: '2026-11-24T13:00:00.000Z',
    delivered: false,
    currency: 'EGP',
    total: 1300,
    refunded: 0,
    provider: 'transfer',
    method: 'transfer',
    payAt,
    products: [{ _id: anId(0x51), title: 'Atlas of Periodontics', price: 1300 }],
  };
  const openProfile = (orders: OrderSummary[], extra = {}) => {
    const server = fakeServer({
      ...signedInAs('ana123'),
      'GET /api/user/profiledata': { body: { success: true, userData: { username: 'ana123', email: 'ana@example.com', connected: [], hasPassword: true, orders } } },
      ...extra,
    });
    renderApp('/user/profile');
    return server;
  };

  test("says the server's refusal of a file, then takes a picture", async () => {
    let tries = 0;
    openProfile([waiting], {
      [`POST ${receiptPath}`]: () => (++tries === 1 ? { status: 400, body: { success: false, ...withCode('Only JPG, PNG, GIF and WebP images can be uploaded (notes.txt)') } } : RECEIVED),
    });
    const panel = within(await screen.findByRole('region', { name: 'Send the receipt of your transfer' }));
    expect(screen.getByText('DL-3F9A2C7K')).toBeInTheDocument();
    await userEvent.click(panel.getByRole('button', { name: 'Send receipt' }));
    expect(panel.getByRole('alert')).toHaveTextContent('Choose the picture of your receipt first.');
    expect(tries).toBe(0);
    await userEvent.upload(panel.getByLabelText('Receipt of your transfer'), new File(['notes'], 'notes.txt', { type: 'image/png' }));
    await userEvent.click(panel.getByRole('button', { name: 'Send receipt' }));
    expect(await panel.findByRole('alert')).toHaveTextContent('Only JPG, PNG, GIF and WebP images can be uploaded (notes.txt)');
    await userEvent.upload(panel.getByLabelText('Receipt of your transfer'), aPicture());
    await userEvent.click(panel.getByRole('button', { name: 'Send receipt' }));
    expect(await panel.findByText('Receipt received. We will check your transfer and e-mail you.')).toBeInTheDocument();
  });

  test('is not offered for a paid transfer, nor for a kiosk reference', async () => {
    openProfile([
      { ...waiting, status: 'paid', state: 'paid' },
      { ...waiting, _id: anId(0x7a2), provider: 'paymob', method: 'kiosk' },
    ]);
    await screen.findAllByText(/Order #/);
    expect(screen.queryByRole('region', { name: 'Send the receipt of your transfer' })).not.toBeInTheDocument();
  });
});

describe('the receipt panel on its own', () => {
  test('says where to send the exact amount, the reference and until when', () => {
    render(
      <MemoryRouter>
        <TransferReceipt orderId={ORDER} payAt={payAt} amount="EGP 1,300" />
      </MemoryRouter>,
    );
    const panel = within(screen.getByRole('region', { name: 'Pay by InstaPay or wallet transfer' }));
    expect(panel.getByText('EGP 1,300')).toBeInTheDocument();
    expect(panel.getByText(payAt.payTo)).toBeInTheDocument();
    expect(panel.getByText('DL-3F9A2C7K')).toBeInTheDocument();
    expect(panel.getByLabelText('Receipt of your transfer')).toHaveAttribute('accept', 'image/jpeg,image/png,image/gif,image/webp');
  });
});

describe('the admin, in Customer Orders', () => {
  const transferOrder = (overrides: Partial<AdminOrder> = {}): AdminOrder => ({
    _id: ORDER,
    number: ORDER.slice(-6),
    status: 'pending',
    delivered: false,
    createdAt: '2026-11-24T13:00:00.000Z',
    buyerName: 'Hana Adel',
    userEmail: 'hana@mail.test',
    total: 1300,
    currency: 'EGP',
    refunded: 0,
    provider: 'transfer',
    method: 'transfer',
    products: [{ _id: anId(0x51), title: 'Atlas of Periodontics', price: 1300 }],
    receipt: { url: `/api/admin/orders/${ORDER}/receipt`, uploadedAt: '2026-11-24T13:10:00.000Z' },
    ...overrides,
  });
  const page = (orders: AdminOrder[]): { body: unknown } => ({
    body: { success: true, usersOrders: [{ username: 'hana', email: 'hana@example.com', orders }] satisfies CustomerWithOrders[], page: 1, totalPages: 1, total: orders.length },
  });
  const order = () => within(screen.getByRole('listitem', { name: `Order #${ORDER.slice(-6)}` }));
  const asAdmin = signedInAs('boss', { role: 'Admin' });

  test('sees the receipt as a thumbnail that opens it, and approves: the order reads paid', async () => {
    const server = fakeServer({
      ...asAdmin,
      'GET /api/allusers/ordersdata': page([transferOrder()]),
      [`POST /api/admin/orders/${ORDER}/approve-transfer`]: { body: { success: true, ...withCode('The transfer is approved: the order is paid'), order: { status: 'paid' } } },
    });
    renderApp('/Allusers/orders');
    const receipt = await screen.findByRole('img', { name: `Receipt of order #${ORDER.slice(-6)}` });
    expect(receipt).toHaveAttribute('src', `/api/admin/orders/${ORDER}/receipt`);
    expect(receipt.closest('a')).toHaveAttribute('href', `/api/admin/orders/${ORDER}/receipt`);
    await userEvent.click(order().getByRole('button', { name: 'Approve' }));
    expect(await order().findByText('The transfer is approved: the order is paid')).toBeInTheDocument();
    expect(order().getByText('paid')).toBeInTheDocument();
    expect(order().getByRole('button', { name: 'Mark as Delivered' })).toBeInTheDocument();
    expect(server.calls()).toContain(`POST /api/admin/orders/${ORDER}/approve-transfer`);
  });

  test('rejects with a reason the buyer is e-mailed: the order reads failed', async () => {
    const server = fakeServer({
      ...asAdmin,
      'GET /api/allusers/ordersdata': page([transferOrder({ receipt: undefined })]),
      [`POST /api/admin/orders/${ORDER}/reject-transfer`]: { body: { success: true, ...withCode('The transfer is rejected: the buyer is e-mailed the reason'), order: { status: 'failed' } } },
    });
    renderApp('/Allusers/orders');
    expect(await screen.findByText('No receipt yet: the buyer has not sent one.')).toBeInTheDocument();
    await userEvent.click(order().getByRole('button', { name: 'Reject' }));
    await userEvent.type(order().getByLabelText('Reason (e-mailed to the buyer)'), 'No transfer arrived');
    await userEvent.click(order().getByRole('button', { name: 'Reject the transfer' }));
    expect(await order().findByText('The transfer is rejected: the buyer is e-mailed the reason')).toBeInTheDocument();
    await waitFor(() => expect(order().getByText('failed')).toBeInTheDocument());
    expect(order().queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(server.bodies(`/api/admin/orders/${ORDER}/reject-transfer`)).toEqual([{ reason: 'No transfer arrived' }]);
  });

  test("says the server's refusal and keeps the buttons", async () => {
    fakeServer({
      ...asAdmin,
      'GET /api/allusers/ordersdata': page([transferOrder()]),
      [`POST /api/admin/orders/${ORDER}/reject-transfer`]: { status: 400, body: { success: false, ...withCode('Say why the transfer is rejected') } },
    });
    renderApp('/Allusers/orders');
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    await userEvent.click(order().getByRole('button', { name: 'Reject the transfer' }));
    expect(await order().findByRole('alert')).toHaveTextContent('Say why the transfer is rejected');
    expect(order().getByRole('button', { name: 'Approve' })).toBeEnabled();
  });

  test('shows no decision for a paid transfer or a pending card payment', async () => {
    fakeServer({
      ...asAdmin,
      'GET /api/allusers/ordersdata': page([transferOrder({ status: 'paid', receipt: undefined }), transferOrder({ _id: anId(0x7a3), number: '0007a3', provider: 'paymob', method: 'card', receipt: undefined })]),
    });
    renderApp('/Allusers/orders');
    await screen.findAllByText(/Order #/);
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });
});
