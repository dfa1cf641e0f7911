import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { OrderData } from '../../api/ordering';
import { AppRoutes } from '../../ui/src/app/AppRoutes';
import AfterPaymentPage from '../../ui/src/pages/AfterPaymentPage';
import { aProduct, fakeServer, pageOf, renderApp, settle, signedInAs } from './helpers';
import { withCode } from '../support/codes';

const HOME = { 'GET /api/backendproduct/getproducts': pageOf([aProduct({ title: 'Home Shelf Book' })]) };

afterEach(async () => {
  // the session and currency checks still answering when a short test ends
  await settle();
  jest.useRealTimers();
  document.head.querySelector('meta[name="store-support-email"]')?.remove();
});

describe('/afterpayment', () => {
  test.each([
    ['?success=true', 'Payment successful'],
    ['?success=false', 'Payment failed'],
    ['?success=TRUE', 'Payment failed'],
    ['', 'Payment failed'],
  ])('%j leads to %j', async (query, heading) => {
    fakeServer({});
    renderApp(`/afterpayment${query}`);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.queryByText('Processing payment ......')).not.toBeInTheDocument();
  });

  test("says 'Processing payment ......' until the result page is there", async () => {
    const never = new Promise<never>(() => {});
    function Unready(): never {
      throw never;
    }
    render(
      <MemoryRouter initialEntries={['/afterpayment?success=true']}>
        <Suspense fallback={null}>
          <Routes>
            <Route path="afterpayment" element={<AfterPaymentPage />} />
            <Route path="Paymentsuccess" element={<Unready />} />
          </Routes>
        </Suspense>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Processing payment ......');
  });
});

describe('/Paymentsuccess', () => {
  const order: OrderData = { orderId: '64d0c0de000000000000a1b2', orderNumber: '00a1b2', status: 'paid', total: 1200, currency: 'EGP' };

  test('says the payment went through, the e-mail and where the downloads are, with the order when it came along', async () => {
    fakeServer({});
    renderApp('/Paymentsuccess', { state: { orderData: order } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.getByText('Your payment has been processed successfully.')).toBeInTheDocument();
    expect(screen.getByText(/Order #00a1b2/)).toHaveTextContent('EGP 1,200');
    expect(screen.getByRole('heading', { name: 'Confirmation email sent' })).toBeInTheDocument();
    expect(screen.getByText('Check your inbox for your purchase details and receipt.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Download access' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View orders' })).toHaveAttribute('href', '/user/profile');
    expect(screen.getByText(/Need help\?/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact our support team' })).toHaveAttribute('href', '/contactus');
  });

  test('without navigation state (after the card provider) it shows no order number', async () => {
    fakeServer({});
    renderApp('/Paymentsuccess');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.queryByText(/Order #/)).not.toBeInTheDocument();
  });

  test("after Paymob's redirect, which names only the order, it asks the server for the order's number and amount", async () => {
    const server = fakeServer({ ...signedInAs('ana123'), [`GET /api/orders/${order.orderId}`]: { body: { success: true, order } } });
    renderApp(`/afterpayment?success=true&order=${order.orderId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
    expect(await screen.findByText(/Order #00a1b2/)).toHaveTextContent('EGP 1,200');
    expect(server.calls()).toContain(`GET /api/orders/${order.orderId}`);
  });

  test('an order the server does not answer (not the buyer\'s) shows no number, and the page stays', async () => {
    fakeServer({ ...signedInAs('ana123'), [`GET /api/orders/${order.orderId}`]: { status: 404, body: { success: false, ...withCode('Order not found') } } });
    renderApp(`/afterpayment?success=true&order=${order.orderId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
    await settle();
    expect(screen.queryByText(/Order #/)).not.toBeInTheDocument();
  });

  test('the check icon appears after 0.8 s', async () => {
    jest.useFakeTimers();
    fakeServer({});
    renderApp('/Paymentsuccess');
    await screen.findByRole('heading', { level: 1, name: 'Payment successful' });
    await settle();
    act(() => jest.advanceTimersByTime(799));
    expect(screen.queryByRole('img', { name: 'Success' })).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('img', { name: 'Success' })).toBeInTheDocument();
  });

  test("'Continue shopping' goes home", async () => {
    fakeServer(HOME);
    renderApp('/Paymentsuccess');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue shopping' }));
    expect(await screen.findByText('Home Shelf Book')).toBeInTheDocument();
  });
});

describe('/PaymentFailed', () => {
  test('every text of the page, with the support address the server wrote into the page', async () => {
    const meta = document.createElement('meta');
    meta.name = 'store-support-email';
    meta.content = 'help@dental.example';
    document.head.append(meta);
    fakeServer({});
    renderApp('/PaymentFailed');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment failed' })).toBeInTheDocument();
    expect(screen.getByText('We could not process your payment. Please check your payment details and try again.')).toBeInTheDocument();
    const reasons = screen.getByRole('region', { name: 'Common reasons' });
    expect(Array.from(reasons.querySelectorAll('li'), (li) => li.textContent)).toEqual([
      'Insufficient funds or credit limit exceeded',
      'Incorrect card details or expired card',
      'Bank security restrictions',
    ]);
    expect(screen.getByRole('heading', { name: 'Contact support' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'help@dental.example' })).toHaveAttribute('href', 'mailto:help@dental.example');
    expect(screen.getByText('Your card was not charged for this transaction')).toBeInTheDocument();
  });

  test('the failure icon appears after 0.6 s', async () => {
    jest.useFakeTimers();
    fakeServer({});
    renderApp('/PaymentFailed');
    await screen.findByRole('heading', { level: 1, name: 'Payment failed' });
    await settle();
    act(() => jest.advanceTimersByTime(599));
    expect(screen.queryByRole('img', { name: 'Failure' })).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('img', { name: 'Failure' })).toBeInTheDocument();
  });

  test("'Try payment again' goes back in history", async () => {
    fakeServer({});
    render(
      <MemoryRouter initialEntries={['/aboutus', '/PaymentFailed']} initialIndex={1}>
        <AppRoutes />
      </MemoryRouter>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Try payment again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
  });

  test("'Return to homepage' goes home", async () => {
    fakeServer(HOME);
    renderApp('/PaymentFailed');
    await userEvent.click(await screen.findByRole('button', { name: 'Return to homepage' }));
    expect(await screen.findByText('Home Shelf Book')).toBeInTheDocument();
  });
});
