/**
 * PayPal's step with react-paypal-js replaced by a stand-in that the test drives: the script loads
 * or fails as told, and the test calls the buttons' createOrder / onApprove / onCancel / onError as
 * PayPal would. The real script runs later in the browser against the emulator.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import type { OrderData } from '../../api/ordering';
import { leavePage } from '../../ui/src/checkout/leavePage';
import { aProduct, anId, fakeServer, paymentSettings, renderApp, signedInAs, type Reply } from './helpers';
import { withCode } from '../support/codes';

type Props = Record<string, (...args: unknown[]) => unknown> & { children?: ReactNode };

const mockPayPal = {
  /** the outcome of each script load in turn; a load not listed succeeds */
  scriptLoads: [] as boolean[],
  loads: [] as Record<string, unknown>[],
  eligible: true,
  buttons: undefined as Props | undefined,
};

jest.mock('../../ui/src/checkout/leavePage', () => ({ leavePage: jest.fn() }));

jest.mock('@paypal/react-paypal-js', () => {
  const React = jest.requireActual<typeof import('react')>('react');
  const Script = React.createContext<unknown>(null);
  return {
    DISPATCH_ACTION: { RESET_OPTIONS: 'resetOptions' },
    PayPalScriptProvider({ options, children }: { options: Record<string, unknown>; children: ReactNode }) {
      const [status, setStatus] = React.useState('pending');
      React.useEffect(() => {
        if (status !== 'pending') return;
        mockPayPal.loads.push(options);
        // settles at once, so that each attempt is over inside the act() that started it
        setStatus(mockPayPal.scriptLoads.shift() ?? true ? 'resolved' : 'rejected');
      }, [status, options]);
      const dispatch = (action: { type: string }) => action.type === 'resetOptions' && setStatus('pending');
      const state = { isPending: status === 'pending', isRejected: status === 'rejected', isResolved: status === 'resolved', options };
      return React.createElement(Script.Provider, { value: [state, dispatch] }, children);
    },
    usePayPalScriptReducer: () => React.useContext(Script),
    PayPalButtons(props: Props) {
      mockPayPal.buttons = props;
      return mockPayPal.eligible ? React.createElement('div', { 'data-testid': 'paypal-buttons' }) : React.createElement(React.Fragment, null, props.children);
    },
  };
});

const ID = anId(0xbeef);
const paid: OrderData = { orderId: anId(0xe1), orderNumber: '0000e1', status: 'paid', total: 25, currency: 'USD' };
const pending: OrderData = { ...paid, status: 'pending' };
const SETTINGS: Reply = paymentSettings({ sdkBaseUrl: '/api/emulators/paypal/sdk/js' });
const created: Reply = { body: { success: true, ...withCode('Order created'), id: 'PP-ORDER-1', order: pending } };

function serve(extra: Record<string, Reply | (() => Reply)> = {}) {
  return fakeServer({
    ...signedInAs('ana123'),
    [`GET /api/checkout/productdetails/${ID}`]: { body: { success: true, productDetails: aProduct({ _id: ID, price: 25 }) } },
    'GET /api/payment/settings': SETTINGS,
    'POST /api/paypal/create-order': created,
    ...extra,
  });
}

let fakeTimers = false;
const useFakeTimers = () => {
  jest.useFakeTimers();
  fakeTimers = true;
};
const user = () => (fakeTimers ? userEvent.setup({ advanceTimers: jest.advanceTimersByTime }) : userEvent.setup());

/** Fills the checkout form, picks PayPal and proceeds: the buttons' step. */
async function toPayPal(path = `/checkout/${ID}`, formName = 'Your details') {
  renderApp(path);
  const form = within(await screen.findByRole('form', { name: formName }));
  const u = user();
  await u.type(form.getByLabelText('Name'), 'Ana Souza');
  await u.type(form.getByLabelText('Email'), 'ana@example.com');
  await u.click(form.getByRole('radio', { name: 'PayPal (wallet and credit cards)' }));
  await u.click(form.getByRole('button', { name: 'Proceed to payment' }));
}

const buttons = async () => {
  await screen.findByTestId('paypal-buttons');
  return mockPayPal.buttons!;
};
const restart = jest.fn();
const approve = (b: Props) => act(async () => void (await b.onApprove!({ orderID: 'PP-ORDER-1' }, { restart })));

beforeEach(() => {
  mockPayPal.scriptLoads = [];
  mockPayPal.loads = [];
  mockPayPal.eligible = true;
  mockPayPal.buttons = undefined;
  restart.mockReset();
  (leavePage as jest.Mock).mockReset();
});
afterEach(() => {
  jest.useRealTimers();
  fakeTimers = false;
});

test('loads the script in USD for capture from the settings, then creates, captures and opens the success page', async () => {
  const server = serve({ 'POST /api/paypal/capture-order': { body: { success: true, ...withCode('Paid'), result: paid } } });
  await toPayPal();
  const b = await buttons();
  expect(mockPayPal.loads).toEqual([{ clientId: 'sb-client', currency: 'USD', intent: 'capture', locale: 'en_US', sdkBaseUrl: '/api/emulators/paypal/sdk/js' }]);
  expect(screen.getByText('Test payment, no money moves')).toBeInTheDocument();
  let orderId: unknown;
  await act(async () => {
    orderId = await b.createOrder!({}, {});
  });
  expect(orderId).toBe('PP-ORDER-1');
  expect(server.bodies('/api/paypal/create-order')).toEqual([{ items: [{ productId: ID }], name: 'Ana Souza', email: 'ana@example.com' }]);
  await approve(b);
  expect(server.bodies('/api/paypal/capture-order')).toEqual([{ orderID: 'PP-ORDER-1' }]);
  expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
  expect(screen.getByText(/Order #0000e1/)).toHaveTextContent('$25.00');
});

test("a visitor shown EGP reads the USD charge first, then the server's total once PayPal's order exists", async () => {
  const priced: OrderData = { ...pending, total: 26.5 };
  serve({ 'GET /api/getip': { body: { country: 'Egypt' } }, 'POST /api/paypal/create-order': { body: { success: true, ...withCode('Order created'), id: 'PP-ORDER-1', order: priced } } });
  renderApp(`/checkout/${ID}`);
  const form = within(await screen.findByRole('form', { name: 'Your details' }));
  await userEvent.click(form.getByRole('radio', { name: 'PayPal (wallet and credit cards)' }));
  await waitFor(() => expect(screen.getByTestId('form-charge')).toHaveTextContent('You will be charged $25.00 by PayPal (about EGP 1,200)'));
  await userEvent.type(form.getByLabelText('Name'), 'Ana Souza');
  await userEvent.type(form.getByLabelText('Email'), 'ana@example.com');
  await userEvent.click(form.getByRole('button', { name: 'Proceed to payment' }));
  const b = await buttons();
  expect(screen.getByTestId('payment-charge')).toHaveTextContent(/^You will be charged \$25.00 by PayPal \(about EGP 1,200\)$/);
  await act(async () => void (await b.createOrder!({}, {})));
  expect(screen.getByTestId('payment-charge')).toHaveTextContent('Order #0000e1: You will be charged $26.50 by PayPal (about EGP 1,200)');
});

test('the cart badge follows the paid order at once: what was paid has left the cart', async () => {
  let captured = false;
  serve({
    'GET /api/addtocart/CartCount': () => ({ body: { success: true, count: captured ? 0 : 2 } }),
    'POST /api/paypal/capture-order': () => {
      captured = true;
      return { body: { success: true, ...withCode('Paid'), result: paid } };
    },
  });
  await toPayPal();
  const banner = within(screen.getByRole('banner'));
  expect(await banner.findByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
  const b = await buttons();
  await act(async () => void (await b.createOrder!({}, {})));
  await approve(b);
  expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
  expect(await banner.findByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
});

test('without a script address of its own, the provider gets no sdkBaseUrl (PayPal’s own script)', async () => {
  serve({ 'GET /api/payment/settings': paymentSettings({ clientId: 'live-id', paypalTest: false, paymobTest: false }) });
  await toPayPal();
  await buttons();
  expect(mockPayPal.loads).toEqual([{ clientId: 'live-id', currency: 'USD', intent: 'capture', locale: 'en_US' }]);
  expect(screen.queryByText('Test payment, no money moves')).not.toBeInTheDocument();
});

test("a failed create says 'Failed to create PayPal order. Please try again.', and PayPal's onError after it does not hide that", async () => {
  serve({ 'POST /api/paypal/create-order': { status: 503, body: { success: false, ...withCode('PayPal is not answering') } } });
  await toPayPal();
  const b = await buttons();
  await act(async () => {
    await expect(b.createOrder!({}, {})).rejects.toThrow();
  });
  expect(screen.getByRole('alert')).toHaveTextContent('Failed to create PayPal order. Please try again.');
  act(() => void b.onError!(new Error('createOrder failed')));
  expect(screen.getByRole('alert')).toHaveTextContent('Failed to create PayPal order. Please try again.');
});

test("a declined card restarts PayPal's window and says 'Payment was declined. Please try another payment method.'", async () => {
  serve({ 'POST /api/paypal/capture-order': { body: { success: true, ...withCode('Declined'), result: pending, restart: true } } });
  await toPayPal();
  await approve(await buttons());
  expect(restart).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('alert')).toHaveTextContent('Payment was declined. Please try another payment method.');
  expect(screen.queryByRole('heading', { name: 'Payment successful' })).not.toBeInTheDocument();
});

test('a capture that needs the payer back at PayPal says so and goes there after 1.5 s', async () => {
  useFakeTimers();
  const url = 'https://www.sandbox.paypal.com/checkoutnow?token=PP-ORDER-1';
  serve({ 'POST /api/paypal/capture-order': { body: { success: true, ...withCode('Payer action required'), result: pending, redirect: url } } });
  await toPayPal();
  await approve(await buttons());
  expect(screen.getByText('PayPal needs one more step from you. Taking you back to PayPal…')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1499));
  expect(leavePage).not.toHaveBeenCalled();
  act(() => jest.advanceTimersByTime(1));
  expect(leavePage).toHaveBeenCalledWith(url);
});

test.each([
  [{ status: 402, body: { success: false, ...withCode('Your card was refused by its bank') } }, 'Your card was refused by its bank'],
  [{ status: 402, body: { success: false, ...withCode('Payment failed. Please try again.') } }, 'Payment failed. Please try again.'],
  [{ status: 500, body: {} }, 'Payment failed. Please try again.'],
] as [Reply, string][])('a failed capture shows the server message or the fallback (%#)', async (reply, shown) => {
  serve({ 'POST /api/paypal/capture-order': reply });
  await toPayPal();
  await approve(await buttons());
  expect(screen.getByRole('alert')).toHaveTextContent(shown);
});

test.each([
  ['onCancel', 'Payment was cancelled. Please try again if you wish to complete your purchase.'],
  ['onError', 'Payment processing error. Please try another method or contact support.'],
])('%s says %j and keeps the buttons', async (callback, shown) => {
  serve();
  await toPayPal();
  const b = await buttons();
  act(() => void b[callback]!(callback === 'onError' ? new Error('window closed') : { orderID: 'PP-ORDER-1' }));
  expect(screen.getByRole('alert')).toHaveTextContent(shown);
  expect(screen.getByTestId('paypal-buttons')).toBeInTheDocument();
});

test('buttons that PayPal does not offer here: the region message, and the method choice starts again', async () => {
  mockPayPal.eligible = false;
  serve();
  await toPayPal();
  const form = within(await screen.findByRole('form', { name: 'Your details' }));
  expect(form.getByRole('alert')).toHaveTextContent(
    'PayPal payment method is not available in your region. Please choose another payment method.',
  );
  expect(form.getByRole('radio', { name: 'PayPal (wallet and credit cards)' })).not.toBeChecked();
  expect(form.getByRole('radio', { name: 'Credit card (Paymob)' })).not.toBeChecked();
  expect(form.getByLabelText('Name')).toHaveValue('Ana Souza');
});

test('the script is tried 3 times, 2 s apart, then a message with Retry; Retry loads it again', async () => {
  useFakeTimers();
  mockPayPal.scriptLoads = [false, false, false];
  serve();
  await toPayPal();
  // waiting for the lazy chunk may move the fake clock by one waitFor interval (50 ms)
  await waitFor(() => expect(mockPayPal.loads).toHaveLength(1));
  act(() => jest.advanceTimersByTime(1500));
  expect(mockPayPal.loads).toHaveLength(1);
  act(() => jest.advanceTimersByTime(500));
  expect(mockPayPal.loads).toHaveLength(2);
  act(() => jest.advanceTimersByTime(1999));
  expect(mockPayPal.loads).toHaveLength(2);
  act(() => jest.advanceTimersByTime(1));
  expect(mockPayPal.loads).toHaveLength(3);
  const failed = await screen.findByText('Failed to load PayPal. Please refresh the page or try another payment method.');
  expect(failed.closest('[role="alert"]')).not.toBeNull();
  act(() => jest.advanceTimersByTime(10_000));
  expect(mockPayPal.loads).toHaveLength(3);
  await user().click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByTestId('paypal-buttons')).toBeInTheDocument();
  expect(mockPayPal.loads).toHaveLength(4);
});

test('settings that cannot be read: the PayPal load message with Retry, which asks again', async () => {
  let fail = true;
  serve({ 'GET /api/payment/settings': () => (fail ? { status: 503, body: { success: false, ...withCode('down') } } : SETTINGS) });
  await toPayPal();
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load PayPal. Please refresh the page or try another payment method.');
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByTestId('paypal-buttons')).toBeInTheDocument();
});

test('Back to form leaves the buttons and keeps what was typed', async () => {
  serve();
  await toPayPal();
  await buttons();
  await userEvent.click(screen.getByRole('button', { name: 'Back to form' }));
  expect(screen.queryByTestId('paypal-buttons')).not.toBeInTheDocument();
  expect(within(screen.getByRole('form', { name: 'Your details' })).getByLabelText('Email')).toHaveValue('ana@example.com');
});

test('the cart pays with PayPal for the whole cart: create-order names no product', async () => {
  const product = aProduct({ _id: anId(0xca), price: 30 });
  const server = serve({
    'GET /api/cartspecific': { body: { success: true, CheckUser: { _id: 'u', username: 'ana123', cart: [{ productId: product }] } } },
  });
  await toPayPal('/user/cartPage', 'Checkout');
  const b = await buttons();
  await act(async () => void (await b.createOrder!({}, {})));
  expect(server.bodies('/api/paypal/create-order')).toEqual([{ name: 'Ana Souza', email: 'ana@example.com' }]);
});
