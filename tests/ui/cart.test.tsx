import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicProduct as Product } from '../../api/catalog';
import type { ProviderSettings } from '../../api/ordering';
import { aProduct, anId, fakeServer, NOT_SIGNED_IN, paymentSettings, renderApp, signedInAs, type Reply } from './helpers';
import { withCode } from '../support/codes';
import { i18n } from '../../ui/src/i18n/i18n';

const header = () => within(screen.getByRole('banner'));
afterEach(() => jest.useRealTimers());

describe('product page: Add to cart / Remove from cart', () => {
  const ID = anId(0xcafe);
  const catalogue = {
    [`GET /api/backendproduct/details/${ID}`]: { body: { success: true, productDetails: aProduct({ _id: ID }) } },
    'GET /api/backendproduct/related': { body: { success: true, data: { relatedProducts: [] } } },
    'GET /api/backendproduct/recommended': { body: { success: true, data: { allProducts: [] }, totalPages: 1 } },
  };

  /** A signed-in session whose cart the fake server keeps. */
  function cartServer(initially: boolean, overrides: Record<string, Reply | (() => Reply)> = {}) {
    let inCart = initially;
    const server = fakeServer({
      ...catalogue,
      ...signedInAs('ana123'),
      'GET /api/addtocart/CartCount': () => ({ body: { success: true, count: inCart ? 1 : 0 } }),
      [`GET /api/addtocart/${ID}`]: () => ({ body: { success: inCart } }),
      'POST /api/addtocart': () => {
        inCart = true;
        return { body: { success: true, added: true, addingTocart: { productId: ID, count: 1 } } };
      },
      [`DELETE /api/addtocart/${ID}`]: () => {
        inCart = false;
        return { body: { success: true, count: 0 } };
      },
      'GET /api/cartspecific': { body: { success: true, CheckUser: { _id: 'u', username: 'ana123', cart: [] } } },
      ...overrides,
    });
    return server;
  }

  test("adding shows 'Added successfully to the cart.' for 5 s, flips to Remove and updates the badge", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const server = cartServer(false);
    renderApp(`/product/${ID}`);
    const add = await screen.findByRole('button', { name: 'Add to cart' });
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    expect(await screen.findByText('Added successfully to the cart.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove from cart' })).toBeInTheDocument();
    expect(await header().findByRole('link', { name: 'Cart, 1 items' })).toBeInTheDocument();
    expect(server.bodies('/api/addtocart')).toEqual([{ id: ID }]);
    act(() => jest.advanceTimersByTime(4500));
    expect(screen.getByText('Added successfully to the cart.')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(500));
    expect(screen.queryByText('Added successfully to the cart.')).not.toBeInTheDocument();
  });

  test('a product already in the cart offers Remove from cart, and removing flips back', async () => {
    const server = cartServer(true);
    renderApp(`/product/${ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove from cart' }));
    expect(await screen.findByRole('button', { name: 'Add to cart' })).toBeInTheDocument();
    expect(await header().findByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
    expect(server.calls()).toContain(`DELETE /api/addtocart/${ID}`);
  });

  test("a failed removal says 'Failed to remove item from cart'", async () => {
    cartServer(true, { [`DELETE /api/addtocart/${ID}`]: { status: 500, body: { success: false, ...withCode('db down') } } });
    renderApp(`/product/${ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove from cart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to remove item from cart');
    expect(screen.getByRole('button', { name: 'Remove from cart' })).toBeInTheDocument();
  });

  test('Buy now opens the checkout of that product, leaving the cart as it was', async () => {
    const server = cartServer(false, {
      [`GET /api/checkout/productdetails/${ID}`]: { body: { success: true, productDetails: aProduct({ _id: ID, title: 'Buy Me' }) } },
    });
    renderApp(`/product/${ID}`);
    const buy = await screen.findByRole('button', { name: 'Buy now' });
    await waitFor(() => expect(buy).toBeEnabled());
    await userEvent.click(buy);
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Buy Me' })).toHaveAttribute('href', `/product/${ID}`);
    expect(server.bodies('/api/addtocart')).toEqual([]);
  });

  test('signed out, Buy now goes to sign in and comes back to the checkout afterwards', async () => {
    let signedIn = false;
    fakeServer({
      ...catalogue,
      'GET /api/user/islogged': () => (signedIn ? { body: { success: true, username: 'ana123' } } : NOT_SIGNED_IN),
      'POST /api/user/login': () => {
        signedIn = true;
        return { body: { success: true, ...withCode('Signed in successfully'), username: 'ana123' } };
      },
      'GET /api/addtocart/CartCount': { body: { success: true, count: 0 } },
      [`GET /api/addtocart/${ID}`]: { body: { success: false } },
      [`GET /api/checkout/productdetails/${ID}`]: { body: { success: true, productDetails: aProduct({ _id: ID, title: 'Buy Me' }) } },
    });
    const user = userEvent.setup();
    renderApp(`/product/${ID}`);
    const buy = await screen.findByRole('button', { name: 'Buy now' });
    await waitFor(() => expect(buy).toBeEnabled());
    await user.click(buy);
    // The checkout's guard offers signing in or buying as a guest (DECISIONS 25).
    await user.click(await screen.findByRole('link', { name: 'Sign in' }));
    const login = within(await screen.findByRole('form', { name: 'Sign in' }));
    await user.type(login.getByLabelText('Username or email'), 'ana123');
    await user.type(login.getByLabelText('Password'), 'Secret12');
    await user.click(login.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Buy Me' })).toBeInTheDocument();
  });

  test('signed out, Add to cart goes to sign in and comes back to the product afterwards', async () => {
    let signedIn = false;
    fakeServer({
      ...catalogue,
      'GET /api/user/islogged': () => (signedIn ? { body: { success: true, username: 'ana123' } } : NOT_SIGNED_IN),
      'POST /api/user/login': () => {
        signedIn = true;
        return { body: { success: true, ...withCode('Signed in successfully'), username: 'ana123' } };
      },
      'GET /api/addtocart/CartCount': { body: { success: true, count: 0 } },
      [`GET /api/addtocart/${ID}`]: { body: { success: false } },
    });
    const user = userEvent.setup();
    renderApp(`/product/${ID}`);
    const add = await screen.findByRole('button', { name: 'Add to cart' });
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    const login = within(await screen.findByRole('form', { name: 'Sign in' }));
    await user.type(login.getByLabelText('Username or email'), 'ana123');
    await user.type(login.getByLabelText('Password'), 'Secret12');
    await user.click(login.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: /Clinical Endodontics/ })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Add to cart' })).toBeEnabled();
  });
});

describe('cart page', () => {
  const first = aProduct({ _id: anId(0xa1), title: 'Periodontics Atlas', price: 25, egpprice: 1200 });
  const second = aProduct({ _id: anId(0xa2), title: 'Free Guide', price: 0, egpprice: 0 });
  const third = aProduct({ _id: anId(0xa3), title: 'Implant Course', price: 19.5, egpprice: 950 });

  function serveCart(products: Product[], extra: Record<string, Reply | (() => Reply | Promise<Reply>)> = {}) {
    let cart = [...products];
    return fakeServer({
      ...signedInAs('ana123'),
      'GET /api/addtocart/CartCount': () => ({ body: { success: true, count: cart.length } }),
      'GET /api/cartspecific': () => ({
        body: { success: true, CheckUser: { _id: 'u', username: 'ana123', cart: cart.map((p) => ({ productId: p })) } },
      }),
      ...Object.fromEntries(
        products.map((p) => [
          `DELETE /api/addtocart/${p._id}`,
          () => {
            cart = cart.filter((c) => c._id !== p._id);
            return { body: { success: true, count: cart.length } };
          },
        ]),
      ),
      ...extra,
    });
  }

  test.each([
    ['United States', ['$25.00', 'Free', '$19.50'], '$44.50'],
    ['Egypt', ['EGP 1,200', 'Free', 'EGP 950'], 'EGP 2,150'],
  ])('a visitor from %s sees prices and the total in their currency', async (country, prices, total) => {
    serveCart([first, second, third], { 'GET /api/getip': { body: { country } } });
    renderApp('/user/cartPage');
    const list = await screen.findByRole('list', { name: 'Items in your cart' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual(['Periodontics Atlas', 'Free Guide', 'Implant Course']);
    await waitFor(() => expect(items.map((li) => li.querySelector('.price')?.textContent)).toEqual(prices));
    expect(screen.getByTestId('cart-total')).toHaveTextContent(total);
    expect(within(items[0]).getByRole('link', { name: 'Periodontics Atlas' })).toHaveAttribute('href', `/product/${first._id}`);
  });

  test.each([
    ['United States', ['$44.50 by PayPal', 'EGP 2,150 by Paymob or InstaPay'], 'You will be charged EGP 2,150 by Paymob (about $44.50)'],
    ['Egypt', ['EGP 2,150 by Paymob or InstaPay', '$44.50 by PayPal'], 'You will be charged EGP 2,150 by Paymob'],
  ])('a visitor from %s reads the total each currency is charged in, and by whom; the form the chosen one', async (country, lines, chosen) => {
    // a provider the store's catalogues do not name yet: the server's label is shown
    const transfer: ProviderSettings = { name: 'instapay', label: 'InstaPay', currency: 'EGP', test: true, component: 'offline', methods: [{ name: 'instapay', label: 'InstaPay transfer', egypt: true }] };
    const server = serveCart([first, second, third], { 'GET /api/getip': { body: { country } }, 'GET /api/payment/settings': paymentSettings({ extra: [transfer] }) });
    renderApp('/user/cartPage');
    const charged = await screen.findByRole('list', { name: 'Charged per currency' });
    await waitFor(() => expect(within(charged).getAllByRole('listitem').map((li) => li.textContent)).toEqual(lines));
    const form = within(screen.getByRole('form', { name: 'Checkout' }));
    await userEvent.click(form.getByRole('radio', { name: 'Credit card (Paymob)' }));
    expect(screen.getByTestId('form-charge')).toHaveTextContent(chosen);
    // The page and its form share one answer of the settings.
    expect(server.calls().filter((c) => c === 'GET /api/payment/settings')).toHaveLength(1);
  });

  test("in Arabic, the providers that charge are named in Arabic, not by the server's English label", async () => {
    const transfer: ProviderSettings = { name: 'transfer', label: 'InstaPay or wallet transfer', currency: 'EGP', test: true, component: 'offline', methods: [{ name: 'transfer', label: 'InstaPay or wallet transfer', egypt: true }] };
    serveCart([first], { 'GET /api/getip': { body: { country: 'Egypt' } }, 'GET /api/payment/settings': paymentSettings({ extra: [transfer] }) });
    await act(() => i18n.changeLanguage('ar'));
    try {
      renderApp('/user/cartPage');
      const charged = await screen.findByRole('list', { name: 'المبلغ المستحق بكل عملة' });
      await waitFor(() => expect(within(charged).getAllByRole('listitem')[0]).toHaveTextContent(/عبر Paymob أو تحويل إنستاباي أو المحفظة$/));
      expect(charged).not.toHaveTextContent('InstaPay or wallet transfer');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  test('the items and totals show once the payment choices are known, never first with the spec\'s two', async () => {
    const transfer: ProviderSettings = { name: 'instapay', label: 'InstaPay', currency: 'EGP', test: true, component: 'offline', methods: [{ name: 'instapay', label: 'InstaPay transfer', egypt: true }] };
    let answer: (reply: Reply) => void = () => undefined;
    const server = serveCart([first], { 'GET /api/payment/settings': () => new Promise<Reply>((resolve) => (answer = resolve)) });
    renderApp('/user/cartPage');
    await waitFor(() => expect(server.calls()).toContain('GET /api/payment/settings'));
    expect(screen.getByRole('status')).toHaveTextContent('Loading your cart…');
    expect(screen.queryByRole('list', { name: 'Items in your cart' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Charged per currency' })).not.toBeInTheDocument();
    answer(paymentSettings({ extra: [transfer] }));
    const charged = await screen.findByRole('list', { name: 'Charged per currency' });
    expect(within(charged).getAllByRole('listitem').map((li) => li.textContent)).toContainEqual(expect.stringMatching(/by Paymob or InstaPay$/));
  });

  test('asking again for the payment choices after a failure keeps the cart and its form where they were', async () => {
    let answer: (reply: Reply) => void = () => undefined;
    let asked = 0;
    serveCart([first], {
      'GET /api/payment/settings': () => (++asked === 1 ? { status: 503, body: {} } : new Promise<Reply>((resolve) => (answer = resolve))),
    });
    renderApp('/user/cartPage');
    const form = within(await screen.findByRole('form', { name: 'Checkout' }));
    await userEvent.type(form.getByLabelText('Name'), 'Ana Souza');
    await userEvent.type(form.getByLabelText('Email'), 'ana@example.com');
    await userEvent.click(form.getByRole('radio', { name: 'PayPal (wallet and credit cards)' }));
    await userEvent.click(form.getByRole('button', { name: 'Proceed to payment' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(asked).toBe(2);
    expect(screen.getByRole('list', { name: 'Items in your cart' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to form' })).toBeInTheDocument();
    answer(paymentSettings());
    expect(await screen.findByRole('list', { name: 'Charged per currency' })).toBeInTheDocument();
  });

  test('Remove takes the item out, updates the total and the badge', async () => {
    serveCart([first, third]);
    renderApp('/user/cartPage');
    await screen.findByRole('list', { name: 'Items in your cart' });
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$44.50'));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Periodontics Atlas' }));
    await waitFor(() => expect(screen.queryByText('Periodontics Atlas')).not.toBeInTheDocument());
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$19.50');
    expect(await header().findByRole('link', { name: 'Cart, 1 items' })).toBeInTheDocument();
  });

  test("a failed removal says 'Failed to remove item from cart'", async () => {
    serveCart([first], { [`DELETE /api/addtocart/${first._id}`]: { status: 500, body: { success: false } } });
    renderApp('/user/cartPage');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Periodontics Atlas' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to remove item from cart');
    expect(screen.getByText('Periodontics Atlas')).toBeInTheDocument();
  });

  test('an empty cart says so', async () => {
    serveCart([]);
    renderApp('/user/cartPage');
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByText('Add some items to your cart to continue shopping.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Checkout' })).not.toBeInTheDocument();
  });

  test('a load error asks to refresh', async () => {
    fakeServer({ ...signedInAs('ana123'), 'GET /api/cartspecific': { status: 500, body: { success: false } } });
    renderApp('/user/cartPage');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load cart details. Please try refreshing the page.');
  });

  describe('checkout form', () => {
    const checkout = async () => {
      serveCart([first]);
      renderApp('/user/cartPage');
      return within(await screen.findByRole('form', { name: 'Checkout' }));
    };

    test('name, email and payment method are required, and nothing is sent before', async () => {
      const form = await checkout();
      await userEvent.click(form.getByRole('button', { name: 'Proceed to payment' }));
      expect(form.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
      expect(form.getByLabelText('Email')).toHaveAccessibleDescription(/Email is required/);
      expect(form.getByText('Please select a payment method')).toBeInTheDocument();
      expect((global.fetch as jest.Mock).mock.calls.map(([url]) => url)).not.toContain('/api/checkout/pay');
      expect(screen.queryByRole('button', { name: 'Back to form' })).not.toBeInTheDocument();
    });

    test("an address without a domain is an 'Invalid email format'", async () => {
      const form = await checkout();
      await userEvent.type(form.getByLabelText('Email'), 'ana@example');
      await userEvent.click(form.getByRole('button', { name: 'Proceed to payment' }));
      expect(form.getByText('Invalid email format')).toBeInTheDocument();
    });

    test('PayPal asks for name and email first', async () => {
      const form = await checkout();
      expect(form.getByRole('radio', { name: 'Credit card (Paymob)' })).not.toBeChecked();
      await userEvent.click(form.getByRole('radio', { name: 'PayPal (wallet and credit cards)' }));
      expect(form.getByText('Please fill in name and email before proceeding with PayPal')).toBeInTheDocument();
      await userEvent.type(form.getByLabelText('Name'), 'Ana Souza');
      await userEvent.type(form.getByLabelText('Email'), 'ana@example.com');
      expect(form.queryByText('Please fill in name and email before proceeding with PayPal')).not.toBeInTheDocument();
    });

    test('Paymob pays for the whole cart: the request names no product and the frame opens', async () => {
      const server = serveCart([first, third], {
        'GET /api/payment/settings': paymentSettings({ clientId: 'test', paymobTest: false }),
        'POST /api/checkout/pay': {
          body: {
            success: true,
            message: 'Payment started',
            code: 'payment.started',
            iframeUrl: 'https://accept.paymob.com/api/acceptance/iframes/1?payment_token=t',
            order: { orderId: anId(0xb1), orderNumber: '0000b1', status: 'pending', total: 2150, currency: 'EGP' },
          },
        },
      });
      renderApp('/user/cartPage');
      const form = within(await screen.findByRole('form', { name: 'Checkout' }));
      await userEvent.type(form.getByLabelText('Name'), 'Ana Souza');
      await userEvent.type(form.getByLabelText('Email'), 'ana@example.com');
      await userEvent.click(form.getByRole('radio', { name: 'Credit card (Paymob)' }));
      await userEvent.click(form.getByRole('button', { name: 'Proceed to payment' }));
      expect(await screen.findByTitle('Card payment (Paymob)')).toHaveAttribute('src', 'https://accept.paymob.com/api/acceptance/iframes/1?payment_token=t');
      expect(server.bodies('/api/checkout/pay')).toEqual([{ name: 'Ana Souza', email: 'ana@example.com' }]);
      expect(screen.queryByText('Test payment, no money moves')).not.toBeInTheDocument();
    });

    test("a free cart needs no payment method: 'Get it now' takes it and shows the success page", async () => {
      const server = serveCart([second], {
        'POST /api/checkout/pay': {
          body: {
            success: true,
            message: 'Your free order is ready',
            code: 'unlisted',
            order: { orderId: anId(0xb2), orderNumber: '0000b2', status: 'paid', total: 0, currency: 'USD' },
          },
        },
      });
      renderApp('/user/cartPage');
      const form = within(await screen.findByRole('form', { name: 'Checkout' }));
      expect(form.queryByRole('radio')).not.toBeInTheDocument();
      await userEvent.type(form.getByLabelText('Name'), 'Ana Souza');
      await userEvent.type(form.getByLabelText('Email'), 'ana@example.com');
      await userEvent.click(form.getByRole('button', { name: 'Get it now' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
      expect(screen.getByText(/Order #0000b2/)).toBeInTheDocument();
      expect(server.bodies('/api/checkout/pay')).toEqual([{ name: 'Ana Souza', email: 'ana@example.com' }]);
      expect(server.calls()).not.toContain('GET /api/payment/settings');
    });
  });
});
