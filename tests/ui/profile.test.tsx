import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHANGE_PASSWORD_PATTERN } from '../../ui/src/account/input-patterns';
import type { OrderSummary } from '../../ui/src/api/client';
import { leavePage } from '../../ui/src/checkout/leavePage';
import { fakeServer, renderApp, signedInAs, type Reply } from './helpers';
import { withCode } from '../support/codes';

jest.mock('../../ui/src/checkout/leavePage', () => ({ leavePage: jest.fn() }));

const header = () => within(screen.getByRole('banner'));
afterEach(() => jest.useRealTimers());

function serveProfile(orders: OrderSummary[] = [], extra: Record<string, Reply | (() => Reply) | (() => 'throw')> = {}, hasPassword = true) {
  return fakeServer({
    ...signedInAs('ana123'),
    'GET /api/user/profiledata': { body: { success: true, userData: { username: 'ana123', email: 'ana@example.com', connected: [], hasPassword, orders } } },
    ...extra,
  });
}

const usernameForm = () => within(screen.getByRole('form', { name: 'Change username' }));
const passwordForm = () => within(screen.getByRole('form', { name: 'Change password' }));

async function openProfile(orders: OrderSummary[] = [], extra = {}) {
  const server = serveProfile(orders, extra);
  renderApp('/user/profile');
  await screen.findByText('ana@example.com');
  return server;
}

describe('Profile section', () => {
  test('shows the username and e-mail; Profile and Orders fold away', async () => {
    await openProfile();
    const profile = screen.getByRole('button', { name: 'Profile' });
    expect(profile).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('ana123', { selector: 'dd' })).toBeInTheDocument();
    await userEvent.click(profile);
    expect(profile).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('form', { name: 'Change username' })).not.toBeInTheDocument();
    const orders = screen.getByRole('button', { name: 'Orders' });
    await userEvent.click(orders);
    expect(screen.getByText('No orders yet')).not.toBeVisible();
    await userEvent.click(orders);
    expect(screen.getByText('No orders yet')).toBeVisible();
  });

  test.each([
    [500, 'Failed to fetch profile data'],
    [0, 'An error occurred'],
  ])('a failed load (status %i) says %j', async (status, shown) => {
    fakeServer({
      ...signedInAs('ana123'),
      'GET /api/user/profiledata': () => (status ? { status, body: { success: false } } : 'throw'),
    });
    renderApp('/user/profile');
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
  });
});

describe('connecting Google', () => {
  const connectForm = () => within(screen.getByRole('form', { name: 'Connect Google' }));
  beforeEach(() => (leavePage as jest.Mock).mockReset());
  afterEach(() => document.head.querySelector('meta[name="store-google-sign-in"]')?.remove());

  test('asks for the password, then sends the browser to Google', async () => {
    const server = await openProfile([], { 'POST /api/auth/google/connect': { body: { success: true, url: 'http://127.0.0.1/emulator/oidc/authorize?x=1' } } });
    expect(screen.getByText('Not connected', { selector: 'dd' })).toBeInTheDocument();
    await userEvent.click(connectForm().getByRole('button', { name: 'Connect Google' }));
    expect(connectForm().getByText('All fields must be filled')).toBeInTheDocument();
    await userEvent.type(connectForm().getByLabelText('Your password'), 'Secret12');
    await userEvent.click(connectForm().getByRole('button', { name: 'Connect Google' }));
    expect(server.bodies('/api/auth/google/connect')).toEqual([{ password: 'Secret12' }]);
    expect(leavePage).toHaveBeenCalledWith('http://127.0.0.1/emulator/oidc/authorize?x=1');
  });

  test("says the server's refusal and stays", async () => {
    await openProfile([], { 'POST /api/auth/google/connect': { status: 400, body: { success: false, ...withCode('The password is not correct') } } });
    await userEvent.type(connectForm().getByLabelText('Your password'), 'Wrong123');
    await userEvent.click(connectForm().getByRole('button', { name: 'Connect Google' }));
    expect(await connectForm().findByText('The password is not correct')).toBeInTheDocument();
    expect(leavePage).not.toHaveBeenCalled();
  });

  test('back from Google, says it is connected, or why not', async () => {
    fakeServer({
      ...signedInAs('ana123'),
      'GET /api/user/profiledata': { body: { success: true, userData: { username: 'ana123', email: 'ana@example.com', connected: ['google'], hasPassword: true, orders: [] } } },
    });
    renderApp('/user/profile?google=connected');
    expect(await screen.findByText(/Google is connected/)).toBeInTheDocument();
    expect(screen.getByText('Connected', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Connect Google' })).not.toBeInTheDocument();
  });

  test('says a Google account connected elsewhere is refused', async () => {
    serveProfile();
    renderApp('/user/profile?google=google-taken');
    expect(await screen.findByText('This Google account is already connected to another account of the store.')).toBeInTheDocument();
  });

  test('offers nothing of Google where the store has no Google sign-in', async () => {
    const meta = document.createElement('meta');
    meta.name = 'store-google-sign-in';
    meta.content = 'off';
    document.head.append(meta);
    await openProfile();
    expect(screen.queryByRole('form', { name: 'Connect Google' })).not.toBeInTheDocument();
    expect(screen.queryByText('Google', { selector: 'dt' })).not.toBeInTheDocument();
  });
});

describe('username change', () => {
  test('the input asks for at least 3 alphanumerics', async () => {
    await openProfile();
    expect(usernameForm().getByLabelText('New username')).toHaveAttribute('pattern', '[A-Za-z0-9]{3,}');
  });

  test.each([
    ['', 'Username cannot be empty'],
    ['ab', 'Username must be at least 3 characters'],
  ])('%j says %j, gone after 5 s', async (value, shown) => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const server = await openProfile();
    if (value) await user.type(usernameForm().getByLabelText('New username'), value);
    await user.click(usernameForm().getByRole('button', { name: 'Update username' }));
    expect(usernameForm().getByRole('alert')).toHaveTextContent(shown);
    act(() => jest.advanceTimersByTime(5000));
    expect(usernameForm().queryByRole('alert')).not.toBeInTheDocument();
    expect(server.bodies('/api/user/usernamechange')).toEqual([]);
  });

  test("success says 'Username updated successfully!' and renames the user everywhere", async () => {
    const server = await openProfile([], {
      'POST /api/user/usernamechange': { body: { success: true, ...withCode('Username updated successfully!'), username: 'anaS2' } },
    });
    await userEvent.type(usernameForm().getByLabelText('New username'), 'anaS2');
    await userEvent.click(usernameForm().getByRole('button', { name: 'Update username' }));
    expect(await usernameForm().findByRole('status')).toHaveTextContent('Username updated successfully!');
    expect(screen.getByText('anaS2', { selector: 'dd' })).toBeInTheDocument();
    expect(header().getByRole('link', { name: /anaS2/ })).toBeInTheDocument();
    expect(sessionStorage.getItem('user')).toBe('anaS2');
    expect(server.bodies('/api/user/usernamechange')).toEqual([{ newUsername: 'anaS2' }]);
  });

  test.each<[string, Reply, string]>([
    ['taken', { status: 409, body: { success: false, ...withCode('This username or email is already registered') } }, 'This username or email is already registered'],
    ['no message', { status: 500, body: {} }, 'Failed to update username'],
  ])('a failure (%s) shows the right message', async (_, reply, shown) => {
    await openProfile([], { 'POST /api/user/usernamechange': reply });
    await userEvent.type(usernameForm().getByLabelText('New username'), 'bruno7');
    await userEvent.click(usernameForm().getByRole('button', { name: 'Update username' }));
    expect(await usernameForm().findByRole('alert')).toHaveTextContent(shown);
  });
});

describe('password change', () => {
  async function fill(values: { old?: string; next?: string; repeat?: string }) {
    const form = passwordForm();
    if (values.old) await userEvent.type(form.getByLabelText('Current password'), values.old);
    if (values.next) await userEvent.type(form.getByLabelText('New password'), values.next);
    if (values.repeat) await userEvent.type(form.getByLabelText('Repeat new password'), values.repeat);
    await userEvent.click(form.getByRole('button', { name: 'Update password' }));
  }

  test('the new password input carries the change-password pattern from core', async () => {
    await openProfile();
    expect(passwordForm().getByLabelText('New password')).toHaveAttribute('pattern', CHANGE_PASSWORD_PATTERN);
  });

  test('a new password without a lowercase letter is stopped by the input pattern', async () => {
    const server = await openProfile();
    const reportValidity = jest.spyOn(HTMLInputElement.prototype, 'reportValidity').mockReturnValue(false);
    await fill({ old: 'Secret12', next: 'BETTER34', repeat: 'BETTER34' });
    expect(reportValidity).toHaveBeenCalled();
    expect(server.bodies('/api/user/passwordChange')).toEqual([]);
    reportValidity.mockRestore();
  });

  test("'All fields must be filled' and 'Passwords do not match'", async () => {
    await openProfile();
    await fill({ old: 'Secret12', next: 'Better34' });
    expect(passwordForm().getByRole('alert')).toHaveTextContent('All fields must be filled');
    await fill({ repeat: 'Better35' });
    expect(passwordForm().getByRole('alert')).toHaveTextContent('Passwords do not match');
  });

  test('the password rules show as a list for 8 s', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await openProfile();
    const form = passwordForm();
    await user.type(form.getByLabelText('Current password'), 'Secret12');
    await user.type(form.getByLabelText('New password'), 'short');
    await user.type(form.getByLabelText('Repeat new password'), 'short');
    await user.click(form.getByRole('button', { name: 'Update password' }));
    expect(within(form.getByRole('alert')).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Password should be at least 6 characters',
      'Password should have at least 1 uppercase letter',
      'Password should have at least 2 digits',
    ]);
    act(() => jest.advanceTimersByTime(7500));
    expect(form.getByRole('alert')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(500));
    expect(form.queryByRole('alert')).not.toBeInTheDocument();
  });

  test("success says 'Password updated successfully!' for 5 s and empties the form", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const server = await openProfile([], {
      'POST /api/user/passwordChange': { body: { success: true, ...withCode('Password updated successfully!') } },
    });
    const form = passwordForm();
    await user.type(form.getByLabelText('Current password'), 'Secret12');
    await user.type(form.getByLabelText('New password'), 'Better34');
    await user.type(form.getByLabelText('Repeat new password'), 'Better34');
    await user.click(form.getByRole('button', { name: 'Update password' }));
    expect(await form.findByRole('status')).toHaveTextContent('Password updated successfully!');
    expect(form.getByLabelText('New password')).toHaveValue('');
    expect(server.bodies('/api/user/passwordChange')).toEqual([
      { newPassword: { oldpassword: 'Secret12', newpassword: 'Better34', repeatpassword: 'Better34' } },
    ]);
    act(() => jest.advanceTimersByTime(5000));
    expect(form.queryByRole('status')).not.toBeInTheDocument();
  });

  test.each<[string, Reply, string]>([
    ['wrong old password', { status: 400, body: { success: false, ...withCode('The old password is not correct') } }, 'The old password is not correct'],
    ['no message', { status: 500, body: {} }, 'Failed to update password'],
  ])('a failure (%s) shows the right message', async (_, reply, shown) => {
    await openProfile([], { 'POST /api/user/passwordChange': reply });
    await fill({ old: 'Wrong12', next: 'Better34', repeat: 'Better34' });
    expect(await passwordForm().findByRole('alert')).toHaveTextContent(shown);
  });
});

describe('an account with no password of its own (made by Google sign-in)', () => {
  test("sets one: 'Set a password' with the new password twice, no current password; then it is a change", async () => {
    const user = userEvent.setup();
    const server = serveProfile([], { 'POST /api/user/passwordChange': { body: { success: true, ...withCode('Password updated successfully!') } } }, false);
    renderApp('/user/profile');
    const form = within(await screen.findByRole('form', { name: 'Set a password' }));
    expect(screen.queryByRole('form', { name: 'Change password' })).not.toBeInTheDocument();
    expect(form.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.type(form.getByLabelText('New password'), 'Better34');
    await user.type(form.getByLabelText('Repeat new password'), 'Better34');
    await user.click(form.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Password updated successfully!')).toBeInTheDocument();
    expect(server.bodies('/api/user/passwordChange')).toEqual([{ newPassword: { oldpassword: '', newpassword: 'Better34', repeatpassword: 'Better34' } }]);
    // it has a password now: the next change asks for it
    expect(passwordForm().getByLabelText('Current password')).toBeInTheDocument();
  });
});

describe('Orders section', () => {
  test("no orders: 'No orders yet'", async () => {
    await openProfile();
    expect(screen.getByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
  });

  test('orders show their status, the last 6 characters of the id as the number, and their products', async () => {
    await openProfile([
      {
        _id: '64d0c0de00000000000abc123',
        status: 'paid',
        state: 'paid',
        createdAt: '2026-11-02T10:00:00.000Z',
        delivered: false,
        currency: 'USD',
        refunded: 0,
        provider: 'paypal',
        method: 'paypal',
        total: 25,
        products: [{ _id: '64d0c0de0000000000000001', title: 'Endodontics Atlas', price: 25 }],
      },
    ]);
    const [order] = within(screen.getByRole('list', { name: 'Your orders' })).getAllByRole('listitem');
    expect(within(order).getByRole('heading', { name: 'Order #abc123' })).toBeInTheDocument();
    expect(within(order).getByText('paid')).toBeInTheDocument();
    expect(within(order).getByRole('link', { name: 'Endodontics Atlas' })).toHaveAttribute('href', '/product/64d0c0de0000000000000001');
  });

  test('an order to pay at a kiosk waits apart with its reference and deadline; a refunded line is marked and has no download', async () => {
    await openProfile([
      {
        _id: '64d0c0de00000000000kio55',
        status: 'pending',
        state: 'awaiting payment',
        createdAt: '2026-11-02T10:00:00.000Z',
        delivered: false,
        currency: 'EGP',
        refunded: 0,
        provider: 'paymob',
        method: 'kiosk',
        payAt: { reference: '8812345', payTo: 'Aman or Masary kiosk', expiresAt: '2026-11-04T10:00:00.000Z' },
        total: 1200,
        products: [{ _id: '64d0c0de0000000000000001', title: 'Endodontics Atlas', price: 1200 }],
      },
      {
        _id: '64d0c0de00000000000ref66',
        status: 'partly-refunded',
        state: 'partly refunded',
        createdAt: '2026-11-01T10:00:00.000Z',
        delivered: true,
        currency: 'USD',
        refunded: 10,
        provider: 'paypal',
        method: 'paypal',
        total: 35,
        products: [
          { _id: '64d0c0de0000000000000002', title: 'Implant Course', price: 25, download: { url: '/api/downloads/x/y?token=t', password: 'p-1' } },
          { _id: '64d0c0de0000000000000003', title: 'Veneers', price: 10, refunded: true },
        ],
      },
    ]);
    const waiting = within(screen.getByRole('list', { name: 'Waiting for your payment' }));
    expect(waiting.getByText('8812345')).toBeInTheDocument();
    expect(waiting.getByText('Aman or Masary kiosk')).toBeInTheDocument();
    expect(waiting.getByText('awaiting payment')).toBeInTheDocument();
    const bought = within(screen.getByRole('list', { name: 'Your orders' }));
    expect(bought.getByText('partly refunded')).toBeInTheDocument();
    expect(bought.getByText('refunded')).toBeInTheDocument();
    expect(bought.getByRole('link', { name: 'Download Implant Course' })).toBeInTheDocument();
    expect(bought.queryByRole('link', { name: 'Download Veneers' })).not.toBeInTheDocument();
  });

  const orderItems = () => Array.from(screen.getByRole('list', { name: 'Your orders' }).querySelectorAll<HTMLElement>(':scope > li'));
  const delivered: OrderSummary = {
    _id: '64d0c0de0000000000000d11',
    status: 'paid',
    state: 'paid',
    createdAt: '2026-11-03T10:00:00.000Z',
    delivered: true,
    currency: 'EGP',
    refunded: 0,
    provider: 'paypal',
    method: 'paypal',
    total: 2150,
    products: [
      { _id: '64d0c0de0000000000000001', title: 'Endodontics Atlas', price: 1200, download: { url: '/api/downloads/64d0c0de0000000000000d11/64d0c0de0000000000000001?token=t1', password: 'atlas-42' } },
      { _id: '64d0c0de0000000000000002', title: 'Implant Course', price: 950, download: { url: '/api/downloads/64d0c0de0000000000000d11/64d0c0de0000000000000002?token=t2', password: 'implant-7' } },
    ],
  };
  const waiting: OrderSummary = {
    _id: '64d0c0de0000000000000e22',
    status: 'paid',
    state: 'paid',
    createdAt: '2026-11-04T10:00:00.000Z',
    delivered: false,
    currency: 'USD',
    refunded: 0,
    provider: 'paypal',
    method: 'paypal',
    total: 19.5,
    products: [{ _id: '64d0c0de0000000000000003', title: 'Orthodontics Journal', price: 19.5 }],
  };

  test('a delivered order shows each download as a plain link with its password beside it, and its total', async () => {
    await openProfile([delivered, waiting]);
    const order = within(orderItems()[0]!);
    expect(order.getByRole('heading', { name: 'Order #000d11' })).toBeInTheDocument();
    expect(order.getByText('delivered')).toBeInTheDocument();
    expect(order.getByText('EGP 2,150')).toBeInTheDocument();
    const atlas = order.getByRole('link', { name: 'Download Endodontics Atlas' });
    expect(atlas).toHaveAttribute('href', delivered.products[0]!.download!.url);
    expect(atlas).not.toHaveAttribute('target');
    expect(atlas.closest('li')).toHaveTextContent('Password: atlas-42');
    expect(order.getByRole('link', { name: 'Download Implant Course' }).closest('li')).toHaveTextContent('Password: implant-7');
  });

  test('an order not yet delivered shows no download and says it will appear once delivered', async () => {
    await openProfile([waiting]);
    const [order] = orderItems();
    expect(within(order!).queryByRole('link', { name: /^Download/ })).not.toBeInTheDocument();
    expect(within(order!).queryByText(/Password:/)).not.toBeInTheDocument();
    expect(order).toHaveTextContent('Your download link appears here once the order is delivered.');
    expect(order).toHaveTextContent('$19.50');
  });

  test("payments not completed are listed apart from the orders, as 'not completed' or 'failed', never as purchases", async () => {
    const attempt: OrderSummary = { ...waiting, _id: '64d0c0de0000000000000f33', status: 'pending', state: 'not completed' };
    const abandoned: OrderSummary = { ...waiting, _id: '64d0c0de0000000000000f44', status: 'pending', state: 'failed' };
    await openProfile([attempt, delivered, abandoned]);
    expect(orderItems().map((li) => within(li).getByRole('heading').textContent)).toEqual(['Order #000d11']);
    const [first, second] = Array.from(screen.getByRole('list', { name: 'Payments not completed' }).querySelectorAll<HTMLElement>(':scope > li'));
    expect(within(first!).getByText('not completed')).toBeInTheDocument();
    expect(first).toHaveTextContent('This payment was not completed.');
    expect(within(first!).queryByText('pending')).not.toBeInTheDocument();
    expect(within(second!).getByText('failed')).toBeInTheDocument();
    expect(second).toHaveTextContent('This payment did not go through; nothing was delivered.');
  });

  test("only unfinished payments: 'No orders yet', with them listed apart", async () => {
    await openProfile([{ ...waiting, status: 'pending', state: 'not completed' }]);
    expect(screen.getByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Payments not completed' })).getByText('not completed')).toBeInTheDocument();
  });

  test('Copy puts the password on the clipboard', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    try {
      await openProfile([delivered]);
      await userEvent.click(screen.getByRole('button', { name: 'Copy the password of Implant Course' }));
      expect(writeText).toHaveBeenCalledWith('implant-7');
      expect(await screen.findByRole('button', { name: 'Copy the password of Implant Course' })).toHaveTextContent('Copied');
    } finally {
      Reflect.deleteProperty(navigator, 'clipboard');
    }
  });
});
