import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CouponData } from '../../api/coupons';
import type { OrderData } from '../../api/ordering';
import type { OrderSummary } from '../../api/accounts';
import { COUPON_USED_UP } from '../../core/coupons/domain/coupon';
import { aProduct, anId, fakeServer, paymentSettings, renderApp, signedInAs, type Reply } from './helpers';
import { withCode } from '../support/codes';

const ID = anId(0xc0c0);
const FRAME = 'https://accept.paymob.com/api/acceptance/iframes/77?payment_token=tok';
const pending: OrderData = { orderId: anId(0xd2), orderNumber: '0000d2', status: 'pending', total: 600, currency: 'EGP', coupon: { code: 'HALF', discount: 600 } };
const coupon: CouponData = { _id: anId(0xc1), code: 'ONCE', percent: 50, scope: 'all', values: [], maxUses: 1, disabled: false, uses: 0, createdAt: '2026-11-25T00:00:00.000Z' };

describe.each([375, 1280])('coupons at %i px (issue 21)', (width) => {
  test('the buyer types a code at checkout: the server says why it is refused, and prices the order with a good one', async () => {
    let tries = 0;
    const replies: Reply[] = [
      { status: 400, body: { success: false, ...withCode(COUPON_USED_UP) } },
      { body: { success: true, ...withCode('Payment started'), iframeUrl: FRAME, order: pending } },
    ];
    const server = fakeServer({
      ...signedInAs('ana123'),
      [`GET /api/checkout/productdetails/${ID}`]: { body: { success: true, productDetails: aProduct({ _id: ID, title: 'Clinical Periodontology', price: 25, egpprice: 1200 }) } },
      'GET /api/payment/settings': paymentSettings({ paypalTest: true, paymobTest: true }),
      'POST /api/checkout/pay': () => replies[Math.min(tries++, 1)]!,
    });
    renderApp(`/checkout/${ID}`, { width });
    const form = within(await screen.findByRole('form', { name: 'Your details' }));
    await userEvent.type(form.getByLabelText('Name'), 'Ana Souza');
    await userEvent.type(form.getByLabelText('Email'), 'ana@example.com');
    await userEvent.type(form.getByLabelText('Coupon code'), 'gone1');
    await userEvent.click(form.getByRole('radio', { name: 'Credit card (Paymob)' }));
    await userEvent.click(form.getByRole('button', { name: 'Proceed to payment' }));
    expect(await form.findByText(COUPON_USED_UP)).toBeInTheDocument();
    await userEvent.clear(form.getByLabelText('Coupon code'));
    await userEvent.type(form.getByLabelText('Coupon code'), ' half ');
    await userEvent.click(form.getByRole('button', { name: 'Proceed to payment' }));
    expect(await screen.findByTitle('Card payment (Paymob)')).toHaveAttribute('src', FRAME);
    expect(server.bodies('/api/checkout/pay')).toEqual([
      { items: [{ productId: ID }], name: 'Ana Souza', email: 'ana@example.com', coupon: 'gone1' },
      { items: [{ productId: ID }], name: 'Ana Souza', email: 'ana@example.com', coupon: 'half' },
    ]);
  });

  test('the admin makes a coupon capped at 1 on /admin/coupons, sees it listed, and disables it', async () => {
    const server = fakeServer({
      ...signedInAs('boss', { role: 'Admin' }),
      'GET /api/admin/coupons': { body: { success: true, coupons: [], page: 1, totalPages: 0, total: 0 } },
      'POST /api/admin/coupons': { status: 201, body: { success: true, ...withCode('Coupons created'), coupons: [coupon] } },
      [`POST /api/admin/coupons/${coupon._id}/disable`]: { body: { success: true, ...withCode('Coupon disabled'), coupon: { ...coupon, disabled: true } } },
    });
    renderApp('/admin/coupons', { width });
    const form = within(await screen.findByRole('form', { name: 'New coupons' }));
    await userEvent.type(form.getByLabelText('Code'), 'once');
    await userEvent.type(form.getByLabelText('Percent'), '50');
    await userEvent.type(form.getByLabelText('Uses in all'), '1');
    await userEvent.click(form.getByRole('button', { name: 'Make coupons' }));
    expect(await form.findByText('Made: ONCE')).toBeInTheDocument();
    expect(server.bodies('/api/admin/coupons').filter(Boolean)).toEqual([{ code: 'once', percent: 50, scope: 'all', maxUses: 1 }]);
    const row = within(screen.getByRole('listitem', { name: 'ONCE' }));
    expect(row.getByText('0 of 1')).toBeInTheDocument();
    await userEvent.click(row.getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(row.getByText('Disabled')).toBeInTheDocument());
  });

  test("the profile's order says the coupon used and what it took off", async () => {
    const order: OrderSummary = {
      _id: '64d0c0de0000000000000f33',
      status: 'paid',
      state: 'paid',
      createdAt: '2026-11-05T10:00:00.000Z',
      delivered: false,
      currency: 'USD',
      refunded: 0,
      provider: 'paypal',
      method: 'paypal',
      total: 20,
      coupon: { code: 'HALF', discount: 20 },
      products: [{ _id: '64d0c0de0000000000000004', title: 'Orthodontics Journal', price: 20 }],
    };
    fakeServer({
      ...signedInAs('ana123'),
      'GET /api/user/profiledata': { body: { success: true, userData: { username: 'ana123', email: 'ana@example.com', connected: [], hasPassword: true, orders: [order] } } },
    });
    renderApp('/user/profile', { width });
    await screen.findByText('ana@example.com');
    const shown = within(await screen.findByRole('list', { name: 'Your orders' }));
    expect(shown.getByText('Coupon HALF: −$20.00')).toBeInTheDocument();
  });

  test('a shopper is told the screen is for the admin', async () => {
    fakeServer(signedInAs('ana123'));
    renderApp('/admin/coupons', { width });
    expect(await screen.findByRole('heading', { name: 'Admin access is required to access this page' })).toBeInTheDocument();
  });
});
