import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderData } from '../../api/ordering';
import { LIBRARY_LINK_SPENT, LIBRARY_LINK_SENT } from '../../core/ordering/domain/guest-library';
import { aProduct, anId, fakeServer, paymentSettings, renderApp, NOT_SIGNED_IN, signedInAs } from './helpers';
import { withCode } from '../support/codes';

const ID = anId(0x9e57);
const gift = aProduct({ _id: ID, title: 'Free Anatomy Atlas', price: 0, egpprice: 0 });
const paid: OrderData = { orderId: anId(0xa1), orderNumber: '0000a1', status: 'paid', total: 0, currency: 'USD' };

const serveGuest = (extra: Record<string, { status?: number; body: unknown }> = {}) =>
  fakeServer({
    'GET /api/user/islogged': NOT_SIGNED_IN,
    'GET /api/user/islogged2': NOT_SIGNED_IN,
    [`GET /api/checkout/productdetails/${ID}`]: { body: { success: true, productDetails: gift } },
    'GET /api/payment/settings': paymentSettings(),
    'POST /api/guest/checkout/start': { body: { success: true, ...withCode('Payment completed successfully'), order: paid } },
    ...extra,
  });

describe.each([375, 1280])('guest checkout at %i px (DECISIONS 25)', (width) => {
  test("the guard offers 'Sign in' or 'Continue as guest'; as a guest, a name and an address buy through the guest's own call", async () => {
    const server = serveGuest();
    renderApp(`/checkout/${ID}`, { width });
    expect(await screen.findByRole('heading', { level: 1, name: 'How would you like to check out?' })).toBeInTheDocument();
    const choice = within(screen.getByRole('region', { name: 'How would you like to check out?' }));
    expect(choice.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/user/login');
    await userEvent.click(choice.getByRole('button', { name: 'Continue as guest' }));
    const form = within(await screen.findByRole('form', { name: 'Your details' }));
    expect(form.getByText('Your receipt and a link to your library go to this address.')).toBeInTheDocument();
    await userEvent.type(form.getByLabelText('Name'), 'Hana Adel');
    await userEvent.type(form.getByLabelText('Email'), 'hana@mail.test');
    await userEvent.click(form.getByRole('button', { name: 'Get it now' }));
    await waitFor(() => expect(server.bodies('/api/guest/checkout/start')).toHaveLength(1));
    expect(server.bodies('/api/guest/checkout/start')[0]).toMatchObject({ items: [{ productId: ID }], name: 'Hana Adel', email: 'hana@mail.test' });
    // Never the signed-in calls, which answer 401 signed out.
    expect(server.calls().some((c) => c.startsWith('POST /api/checkout/'))).toBe(false);
    expect(await screen.findByText(/0000a1/)).toBeInTheDocument();
  });

  test('a signed-in buyer goes straight to the checkout', async () => {
    fakeServer({
      ...signedInAs('hana'),
      [`GET /api/checkout/productdetails/${ID}`]: { body: { success: true, productDetails: gift } },
      'GET /api/payment/settings': paymentSettings(),
    });
    renderApp(`/checkout/${ID}`, { width });
    expect(await screen.findByRole('form', { name: 'Your details' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue as guest' })).not.toBeInTheDocument();
  });

  test('a spent library link says so and asks for a new one by e-mail', async () => {
    const server = serveGuest({
      'POST /api/guest/library/open': { status: 410, body: { success: false, ...withCode(LIBRARY_LINK_SPENT) } },
      'POST /api/guest/library/link': { body: { success: true, ...withCode(LIBRARY_LINK_SENT) } },
    });
    renderApp('/library/open/some-token', { width });
    expect(await screen.findByText(LIBRARY_LINK_SPENT)).toBeInTheDocument();
    const ask = within(screen.getByRole('form', { name: 'Get a new link' }));
    await userEvent.type(ask.getByLabelText('Email'), 'hana@mail.test');
    await userEvent.click(ask.getByRole('button', { name: 'Email me a link' }));
    expect(await screen.findByText(LIBRARY_LINK_SENT)).toBeInTheDocument();
    expect(server.bodies('/api/guest/library/open')).toEqual([{ token: 'some-token' }]);
    expect(server.bodies('/api/guest/library/link')).toEqual([{ email: 'hana@mail.test' }]);
  });

  test('an opened link shows the library: the orders of its address', async () => {
    serveGuest({
      'POST /api/guest/library/open': { body: { success: true, email: 'hana@mail.test', attached: 0 } },
      'GET /api/guest/library': {
        body: {
          success: true,
          library: {
            email: 'hana@mail.test',
            orders: [
              {
                _id: paid.orderId,
                status: 'paid',
                state: 'paid',
                createdAt: '2026-01-02T10:00:00.000Z',
                delivered: false,
                currency: 'USD',
                total: 0,
                refunded: 0,
                provider: 'free',
                method: 'free',
                products: [{ _id: ID, title: 'Free Anatomy Atlas', price: 0 }],
              },
            ],
          },
        },
      },
    });
    renderApp('/library/open/good-token', { width });
    expect(await screen.findByText('hana@mail.test')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Order #0000a1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Free Anatomy Atlas' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'sign up or sign in' })).toHaveAttribute('href', '/user/login');
  });
});
