import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderData, ProviderSettings } from '../../api/ordering';
import { aProduct, anId, fakeServer, paymentSettings, renderApp, setViewportWidth, signedInAs, NOT_SIGNED_IN, type Reply } from './helpers';
import { withCode } from '../support/codes';

const ID = anId(0xc0ffee);
const FRAME = 'https://accept.paymob.com/api/acceptance/iframes/77?payment_token=tok';
const pending: OrderData = { orderId: anId(0xd1), orderNumber: '0000d1', status: 'pending', total: 1200, currency: 'EGP' };
const settings = (paypalTest: boolean, paymobTest: boolean): Reply => paymentSettings({ paypalTest, paymobTest });

function serveCheckout(product = aProduct({ _id: ID, title: 'Clinical Periodontology', price: 25, egpprice: 1200 }), extra: Record<string, Reply | (() => Reply)> = {}) {
  return fakeServer({
    ...signedInAs('ana123'),
    [`GET /api/checkout/productdetails/${ID}`]: { body: { success: true, productDetails: product } },
    'GET /api/payment/settings': settings(true, true),
    ...extra,
  });
}

async function openCheckout(width = 1280) {
  renderApp(`/checkout/${ID}`, { width });
  return within(await screen.findByRole('form', { name: 'Your details' }));
}

async function fillIn(form: ReturnType<typeof within>, method?: string) {
  await userEvent.type(form.getByLabelText('Name'), 'Ana Souza');
  await userEvent.type(form.getByLabelText('Email'), 'ana@example.com');
  if (method) await userEvent.click(form.getByRole('radio', { name: method }));
}

describe('checkout page: order details and form', () => {
  test.each([
    ['United States', '$25.00'],
    ['Egypt', 'EGP 1,200'],
  ])('a visitor from %s sees the cover, the title and the price %s', async (country, price) => {
    serveCheckout(undefined, { 'GET /api/getip': { body: { country } } });
    renderApp(`/checkout/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    const details = within(await screen.findByRole('region', { name: 'Order details' }));
    expect(details.getByRole('link', { name: 'Clinical Periodontology' })).toHaveAttribute('href', `/product/${ID}`);
    expect(details.getByRole('img', { name: 'Cover of Clinical Periodontology' })).toBeInTheDocument();
    await waitFor(() => expect(details.getByText(price)).toBeInTheDocument());
  });

  test("signed out, the guard offers 'Sign in' (to the sign-in page) or 'Continue as guest' (DECISIONS 25)", async () => {
    fakeServer({ 'GET /api/user/islogged': NOT_SIGNED_IN });
    renderApp(`/checkout/${ID}`);
    expect(await screen.findByRole('button', { name: 'Continue as guest' })).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('region', { name: 'How would you like to check out?' })).getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  });

  test("an unknown product says 'Product not found'; another failure 'Failed to load product details'", async () => {
    serveCheckout(undefined, { [`GET /api/checkout/productdetails/${ID}`]: { status: 404, body: { success: false, ...withCode('Product not found') } } });
    const first = renderApp(`/checkout/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
    first.unmount();
    serveCheckout(undefined, { [`GET /api/checkout/productdetails/${ID}`]: { status: 500, body: { success: false, ...withCode('boom') } } });
    renderApp(`/checkout/${ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load product details');
  });

  test('required fields and the method choice each say what is missing, and nothing is sent', async () => {
    const server = serveCheckout();
    const form = await openCheckout();
    await userEvent.click(form.getByRole('button', { name: 'Proceed to payment' }));
    expect(form.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(form.getByLabelText('Email')).toHaveAccessibleDescription(/Email is required/);
    expect(form.getByText('Please select a payment method')).toHaveAttribute('role', 'alert');
    await userEvent.type(form.getByLabelText('Email'), 'ana@example');
    await userEvent.click(form.getByRole('button', { name: 'Proceed to payment' }));
    expect(form.getByLabelText('Email')).toHaveAccessibleDescription(/Invalid email format/);
    expect(server.bodies('/api/checkout/pay')).toEqual([]);
  });

  test('PayPal asks for name and email first', async () => {
    serveCheckout();
    const form = await openCheckout();
    await userEvent.click(form.getByRole('radio', { name: 'PayPal (wallet and credit cards)' }));
    expect(form.getByText('Please fill in name and email before proceeding with PayPal')).toBeInTheDocument();
    await fillIn(form);
    expect(form.queryByText('Please fill in name and email before proceeding with PayPal')).not.toBeInTheDocument();
  });

  test.each([
    [375, 'mobile'],
    [1280, 'desktop'],
  ])('at %i px the page takes its %s layout', async (width, layout) => {
    serveCheckout();
    await openCheckout(width);
    expect(document.querySelector('.checkout-layout')).toHaveAttribute('data-layout', layout);
  });

  test.each([
    ['PayPal (wallet and credit cards)', true, false],
    ['Credit card (Paymob)', false, true],
  ])("with %s, the step says 'Test payment, no money moves' only when that provider is the local one", async (method, paypalTest, paymobTest) => {
    serveCheckout(undefined, { 'GET /api/payment/settings': settings(paypalTest, paymobTest) });
    const form = await openCheckout();
    await userEvent.click(form.getByRole('radio', { name: method }));
    expect(await form.findByText('Test payment, no money moves')).toBeInTheDocument();
    const other = method.startsWith('PayPal') ? 'Credit card (Paymob)' : 'PayPal (wallet and credit cards)';
    await userEvent.click(form.getByRole('radio', { name: other }));
    expect(form.queryByText('Test payment, no money moves')).not.toBeInTheDocument();
  });
});

describe('checkout page: Paymob', () => {
  const paying: Reply = { body: { success: true, ...withCode('Payment started'), iframeUrl: FRAME, order: pending } };

  test.each([
    [375, '600'],
    [768, '600'],
    [1280, '550'],
  ])('at %i px the payment frame is %s px high; Back to form clears it', async (width, height) => {
    const server = serveCheckout(undefined, { 'POST /api/checkout/pay': paying });
    const form = await openCheckout(width);
    await fillIn(form, 'Credit card (Paymob)');
    await userEvent.click(form.getByRole('button', { name: 'Proceed to payment' }));
    const frame = await screen.findByTitle('Card payment (Paymob)');
    expect(frame).toHaveAttribute('src', FRAME);
    expect(frame).toHaveAttribute('height', height);
    expect(server.bodies('/api/checkout/pay')).toEqual([{ items: [{ productId: ID }], name: 'Ana Souza', email: 'ana@example.com' }]);
    expect(screen.getByText('Test payment, no money moves')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Back to form' }));
    expect(screen.queryByTitle('Card payment (Paymob)')).not.toBeInTheDocument();
    const again = within(screen.getByRole('form', { name: 'Your details' }));
    expect(again.getByLabelText('Name')).toHaveValue('Ana Souza');
    expect(again.getByRole('radio', { name: 'Credit card (Paymob)' })).toBeChecked();
  });

  test('the frame follows the window across the 768 px line', async () => {
    serveCheckout(undefined, { 'POST /api/checkout/pay': paying });
    const form = await openCheckout(1280);
    await fillIn(form, 'Credit card (Paymob)');
    await userEvent.click(form.getByRole('button', { name: 'Proceed to payment' }));
    const frame = await screen.findByTitle('Card payment (Paymob)');
    expect(frame).toHaveAttribute('height', '550');
    act(() => setViewportWidth(700));
    await waitFor(() => expect(frame).toHaveAttribute('height', '600'));
  });

  test.each([
    [{ status: 502, body: { success: false, ...withCode('The card provider is not answering. Please try again.') } }, 'The card provider is not answering. Please try again.'],
    [{ status: 500, body: { success: false } }, 'Payment initialization failed'],
  ] as [Reply, string][])('a failed start says %#: the server message or Payment initialization failed', async (reply, shown) => {
    serveCheckout(undefined, { 'POST /api/checkout/pay': reply });
    const form = await openCheckout();
    await fillIn(form, 'Credit card (Paymob)');
    await userEvent.click(form.getByRole('button', { name: 'Proceed to payment' }));
    expect(await form.findByRole('alert')).toHaveTextContent(shown);
    expect(screen.queryByTitle('Card payment (Paymob)')).not.toBeInTheDocument();
  });
});

describe('checkout page: the name', () => {
  test('a name holding a link is refused before anything is sent', async () => {
    const server = serveCheckout(aProduct({ _id: ID, title: 'Free Guide', price: 0, egpprice: 0 }));
    const form = await openCheckout();
    await userEvent.type(form.getByLabelText('Name'), 'Your account is locked, verify at evil.example');
    await userEvent.type(form.getByLabelText('Email'), 'ana@example.com');
    await userEvent.click(form.getByRole('button', { name: 'Get it now' }));
    expect(form.getByLabelText('Name')).toHaveAccessibleDescription('Name must not contain a link or a web address');
    expect(server.bodies('/api/checkout/pay')).toEqual([]);
  });
});

describe('checkout page: a free product', () => {
  test("no method to choose: 'Get it now' takes the order and opens the success page with it", async () => {
    const paid: OrderData = { orderId: anId(0xf1), orderNumber: '0000f1', status: 'paid', total: 0, currency: 'USD' };
    const server = serveCheckout(aProduct({ _id: ID, title: 'Free Guide', price: 0, egpprice: 0 }), {
      'POST /api/checkout/pay': { body: { success: true, ...withCode('Your free order is ready'), order: paid } },
    });
    const form = await openCheckout();
    expect(form.queryByRole('group', { name: 'Payment method' })).not.toBeInTheDocument();
    expect(form.getByLabelText('Email')).toHaveAccessibleDescription("For a free order, the receipt goes to your account's own e-mail address.");
    await userEvent.click(form.getByRole('button', { name: 'Get it now' }));
    expect(form.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(server.bodies('/api/checkout/pay')).toEqual([]);
    await fillIn(form);
    await userEvent.click(form.getByRole('button', { name: 'Get it now' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.getByText(/Order #0000f1/)).toBeInTheDocument();
    expect(server.bodies('/api/checkout/pay')).toEqual([{ items: [{ productId: ID }], name: 'Ana Souza', email: 'ana@example.com' }]);
    expect(server.calls()).not.toContain('POST /api/paypal/create-order');
  });

  test('the cart badge follows the free order at once', async () => {
    const paid: OrderData = { orderId: anId(0xf2), orderNumber: '0000f2', status: 'paid', total: 0, currency: 'USD' };
    let ordered = false;
    serveCheckout(aProduct({ _id: ID, title: 'Free Guide', price: 0, egpprice: 0 }), {
      'GET /api/addtocart/CartCount': () => ({ body: { success: true, count: ordered ? 0 : 1 } }),
      'POST /api/checkout/pay': () => {
        ordered = true;
        return { body: { success: true, ...withCode('Your free order is ready'), order: paid } };
      },
    });
    const form = await openCheckout();
    const banner = within(screen.getByRole('banner'));
    expect(await banner.findByRole('link', { name: 'Cart, 1 items' })).toBeInTheDocument();
    await fillIn(form);
    await userEvent.click(form.getByRole('button', { name: 'Get it now' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
    expect(await banner.findByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
  });
});

describe('checkout page: the registered providers (GET /api/payment/settings)', () => {
  const transfer: ProviderSettings = {
    name: 'manual-transfer',
    label: 'Manual transfer',
    currency: 'EGP',
    test: true,
    component: 'offline',
    methods: [
      { name: 'instapay', label: 'InstaPay transfer', egypt: true },
      { name: 'bank', label: 'Bank transfer' },
    ],
  };
  const withTransfer = paymentSettings({ extra: [transfer] });
  const radios = (form: ReturnType<typeof within>) => form.getAllByRole('radio').map((radio: HTMLElement) => radio.closest('label')?.textContent);

  test.each([
    ['United States', ['PayPal (wallet and credit cards)', 'Credit card (Paymob)', 'InstaPay transfer', 'Bank transfer']],
    ['Egypt', ['InstaPay transfer', 'PayPal (wallet and credit cards)', 'Credit card (Paymob)', 'Bank transfer']],
  ])("a visitor from %s sees the spec's two methods and another provider's, Egypt's own first in Egypt", async (country, shown) => {
    serveCheckout(undefined, { 'GET /api/payment/settings': withTransfer, 'GET /api/getip': { body: { country } } });
    const form = await openCheckout();
    await waitFor(() => expect(radios(form)).toEqual(shown));
    expect(form.getByRole('radio', { name: 'PayPal (wallet and credit cards)' })).toHaveAttribute('value', 'Dpaypal');
    expect(form.getByRole('radio', { name: 'Credit card (Paymob)' })).toHaveAttribute('value', 'DPaymob');
  });

  test("another provider's method starts through the generic call, and its next step is shown: the reference to pay against", async () => {
    const server = serveCheckout(undefined, {
      'GET /api/payment/settings': withTransfer,
      'POST /api/checkout/start': {
        body: { success: true, ...withCode('Payment started'), order: pending, next: { kind: 'offline', payAt: { reference: 'TR-4711', payTo: 'InstaPay store@instapay' } } },
      },
    });
    const form = await openCheckout();
    await fillIn(form, 'Bank transfer');
    expect(await form.findByText('Test payment, no money moves')).toBeInTheDocument();
    await userEvent.click(form.getByRole('button', { name: 'Proceed to payment' }));
    const panel = within(await screen.findByRole('region', { name: 'Pay at InstaPay store@instapay' }));
    expect(panel.getByRole('status', { name: 'Reference number' })).toHaveTextContent('TR-4711');
    expect(panel.getByTestId('offline-amount')).toHaveTextContent('EGP 1,200');
    expect(server.bodies('/api/checkout/start')).toEqual([
      { items: [{ productId: ID }], name: 'Ana Souza', email: 'ana@example.com', provider: 'manual-transfer', method: 'bank' },
    ]);
    expect(server.bodies('/api/checkout/pay')).toEqual([]);
  });

  test("another provider's frame opens in the step", async () => {
    serveCheckout(undefined, {
      'GET /api/payment/settings': withTransfer,
      'POST /api/checkout/start': { body: { success: true, ...withCode('Payment started'), order: pending, next: { kind: 'frame', url: FRAME } } },
    });
    const form = await openCheckout();
    await fillIn(form, 'InstaPay transfer');
    await userEvent.click(form.getByRole('button', { name: 'Proceed to payment' }));
    expect(await screen.findByTitle('InstaPay transfer')).toHaveAttribute('src', FRAME);
  });
});
