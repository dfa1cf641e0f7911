import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AuthProvider, useSession } from '../../ui/src/auth/AuthContext';
import { fakeServer, later, NOT_SIGNED_IN, pageOf, renderApp, settle, signedInAs, SIGNED_OUT, type Reply } from './helpers';
import { withCode } from '../support/codes';

const header = () => within(screen.getByRole('banner'));
const HOME = { 'GET /api/backendproduct/getproducts': pageOf([]) };
const EMPTY_CART = { 'GET /api/cartspecific': { body: { success: true, CheckUser: { _id: 'u1', username: 'ana123', cart: [] } } } };

afterEach(() => jest.useRealTimers());

describe('route guard', () => {
  test('shows a spinner while the login status is checked, then sends a signed-out visitor to sign in and back', async () => {
    let answer: (reply: Reply) => void = () => undefined;
    let signedIn = false;
    fakeServer({
      ...EMPTY_CART,
      'GET /api/user/islogged': () =>
        signedIn ? { body: { success: true, username: 'ana123' } } : new Promise<Reply>((resolve) => (answer = resolve)),
      'POST /api/user/login': () => {
        signedIn = true;
        return { body: { success: true, ...withCode('Signed in successfully'), username: 'ana123' } };
      },
      'GET /api/addtocart/CartCount': { body: { success: true, count: 0 } },
    });
    const user = userEvent.setup();
    renderApp('/user/cartPage');
    expect(await screen.findByRole('status')).toHaveTextContent('Checking your sign-in…');
    await act(async () => answer(NOT_SIGNED_IN));
    const login = within(await screen.findByRole('form', { name: 'Sign in' }));
    await user.type(login.getByLabelText('Username or email'), 'ana123');
    await user.type(login.getByLabelText('Password'), 'Secret12');
    await user.click(login.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your cart' })).toBeInTheDocument();
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
  });

  test.each(['/user/cartPage', '/user/profile'])('%s is shown to a signed-in user', async (path) => {
    fakeServer({
      ...signedInAs('ana123'),
      ...EMPTY_CART,
      'GET /api/user/profiledata': { body: { success: true, userData: { username: 'ana123', email: 'a@example.com', connected: [], hasPassword: true, orders: [] } } },
    });
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: /Your (cart|account)/ })).toBeInTheDocument();
  });

  test('a guarded page opened first asks for the login status once, sharing the check the app starts with', async () => {
    const server = fakeServer({ ...signedInAs('ana123'), ...EMPTY_CART });
    renderApp('/user/cartPage');
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    // (The cart's own event asks again once it has shown: that one is off the page's way.)
    const beforeTheCart = server.calls().slice(0, server.calls().indexOf('GET /api/cartspecific'));
    expect(beforeTheCart.filter((call) => call === 'GET /api/user/islogged')).toHaveLength(1);
  });

  test('a session that ended while the cart loads goes to sign in', async () => {
    let signedIn = true;
    fakeServer({
      'GET /api/user/islogged': () => (signedIn ? { body: { success: true, username: 'ana123' } } : NOT_SIGNED_IN),
      'GET /api/addtocart/CartCount': { body: { success: true, count: 0 } },
      'GET /api/cartspecific': () => {
        signedIn = false;
        return SIGNED_OUT;
      },
    });
    renderApp('/user/cartPage');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  });

  test.each(['/user/cartPage', '/user/profile'])('%s sends a signed-out visitor to sign in', async (path) => {
    fakeServer({});
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  });
});

describe('cart badge', () => {
  test('shows the signed-in count, capped at 999', async () => {
    fakeServer({ ...HOME, ...signedInAs('ana123', { count: 1500 }) });
    renderApp('/');
    expect(await header().findByRole('link', { name: 'Cart, 999 items' })).toHaveAttribute('href', '/user/cartPage');
  });

  test.each(['cartUpdated', 'userloggedin', 'cartPageItems', 'signupSuccess'])('refreshes on the %s event', async (event) => {
    let count = 1;
    fakeServer({ ...HOME, ...signedInAs('ana123'), 'GET /api/addtocart/CartCount': () => ({ body: { success: true, count } }) });
    renderApp('/');
    expect(await header().findByRole('link', { name: 'Cart, 1 items' })).toBeInTheDocument();
    count = 4;
    act(() => {
      window.dispatchEvent(new Event(event));
    });
    expect(await header().findByRole('link', { name: 'Cart, 4 items' })).toBeInTheDocument();
  });

  test('is 0 when signed out, and a session that ended is noticed on the next event', async () => {
    let signedIn = true;
    fakeServer({
      ...HOME,
      'GET /api/user/islogged': () => (signedIn ? { body: { success: true, username: 'ana123' } } : NOT_SIGNED_IN),
      'GET /api/addtocart/CartCount': { body: { success: true, count: 3 } },
    });
    renderApp('/');
    expect(await header().findByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();
    signedIn = false;
    act(() => {
      window.dispatchEvent(new Event('userloggedin'));
    });
    expect(await header().findByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
    expect(header().getByRole('button', { name: 'Hi. sign in' })).toBeInTheDocument();
  });
});

describe('desktop navbar', () => {
  test('signed in: the user name links to the profile, and sign-out ends at /signout/success', async () => {
    let signedIn = true;
    sessionStorage.setItem('user', 'ana123');
    localStorage.setItem('user', 'ana123');
    const server = fakeServer({
      ...HOME,
      'GET /api/user/islogged': () => (signedIn ? { body: { success: true, username: 'ana123' } } : NOT_SIGNED_IN),
      'GET /api/addtocart/CartCount': { body: { success: true, count: 2 } },
      'POST /api/user/signout': () => {
        signedIn = false;
        return { body: { success: true } };
      },
    });
    renderApp('/');
    const account = await header().findByRole('link', { name: /ana123/ });
    expect(account).toHaveAttribute('href', '/user/profile');
    await userEvent.click(header().getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You are signed out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
    expect(server.calls()).toContain('POST /api/user/signout');
    expect(sessionStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(header().getByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
    expect(header().getByRole('button', { name: 'Hi. sign in' })).toBeInTheDocument();
  });

  test("signing out from a guarded page still ends at /signout/success", async () => {
    fakeServer({ ...signedInAs('ana123'), ...EMPTY_CART, 'POST /api/user/signout': { body: { success: true } } });
    renderApp('/user/cartPage');
    await screen.findByText('Your cart is empty');
    await userEvent.click(header().getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You are signed out' })).toBeInTheDocument();
  });

  test("a failed sign-out says 'failed to log out.' for 5 s and keeps the user signed in", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    fakeServer({ ...HOME, ...signedInAs('ana123'), 'POST /api/user/signout': { status: 500, body: { success: false } } });
    renderApp('/');
    await user.click(await header().findByRole('button', { name: 'Sign out' }));
    expect(await header().findByRole('alert')).toHaveTextContent('failed to log out.');
    expect(header().getByRole('link', { name: /ana123/ })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(5000));
    expect(header().queryByRole('alert')).not.toBeInTheDocument();
  });

  test("'Hi. sign in' opens the sign-in dialog; signing in closes it and shows the user", async () => {
    let signedIn = false;
    const server = fakeServer({
      ...HOME,
      'GET /api/user/islogged': () => (signedIn ? { body: { success: true, username: 'ana123' } } : NOT_SIGNED_IN),
      'GET /api/addtocart/CartCount': { body: { success: true, count: 0 } },
      'POST /api/user/login': () => {
        signedIn = true;
        return { body: { success: true, ...withCode('Signed in successfully'), username: 'ana123' } };
      },
    });
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await header().findByRole('button', { name: 'Hi. sign in' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Sign in' }));
    await user.type(dialog.getByLabelText('Username or email'), 'ana@example.com');
    await user.type(dialog.getByLabelText('Password'), 'Secret12');
    await user.click(dialog.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(header().getByRole('link', { name: /ana123/ })).toBeInTheDocument();
    expect(server.bodies('/api/user/login')).toEqual([{ username: 'ana@example.com', password: 'Secret12' }]);
  });

  test("the dialog's create-account mode welcomes the new user for 3 s, then closes", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    let signedUp = false;
    fakeServer({
      ...HOME,
      'POST /api/user/signup': () => {
        signedUp = true;
        return { status: 201, body: { success: true, ...withCode('Account created successfully! Welcome!'), username: 'ana123' } };
      },
      'GET /api/user/islogged': () => later(signedUp ? { body: { success: true, username: 'ana123' } } : NOT_SIGNED_IN),
      'GET /api/addtocart/CartCount': { body: { success: true, count: 0 } },
    });
    renderApp('/');
    await user.click(await header().findByRole('button', { name: 'Hi. sign in' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Sign in' })).getByRole('button', { name: 'Sign up' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Create account' }));
    const button = dialog.getByRole('button', { name: 'Sign up' });
    expect(button).toBeDisabled();
    await user.type(dialog.getByLabelText('Username'), 'ana123');
    await user.type(dialog.getByLabelText('Email'), 'ana@example.com');
    await user.type(dialog.getByLabelText('Password'), 'Secret12');
    await user.type(dialog.getByLabelText('Repeat password'), 'Secret12');
    await user.click(button);
    expect(await dialog.findByText('Account created successfully! Welcome!')).toBeInTheDocument();
    await settle();
    act(() => jest.advanceTimersByTime(3000));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(header().getByRole('link', { name: /ana123/ })).toBeInTheDocument();
  });
});

describe('mobile navbar', () => {
  test('signed out: the sign-in link goes to /user/login; the side menu has Cart and Account & orders but no Log out', async () => {
    fakeServer(HOME);
    renderApp('/', { width: 375 });
    expect(await header().findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/user/login');
    await userEvent.click(header().getByRole('button', { name: 'Open menu' }));
    const menu = within(screen.getByRole('dialog', { name: 'Menu' }));
    expect(menu.getByRole('link', { name: 'Cart, 0 items' })).toHaveAttribute('href', '/user/cartPage');
    expect(menu.getByRole('link', { name: 'Account & orders' })).toHaveAttribute('href', '/user/profile');
    expect(menu.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
  });

  test("signed in: the user name shows, and the side menu's Log out signs out", async () => {
    fakeServer({ ...HOME, ...signedInAs('ana123', { count: 7 }), 'POST /api/user/signout': { body: { success: true } } });
    renderApp('/', { width: 375 });
    expect(await header().findByRole('link', { name: /ana123/ })).toHaveAttribute('href', '/user/profile');
    await userEvent.click(header().getByRole('button', { name: 'Open menu' }));
    const menu = within(screen.getByRole('dialog', { name: 'Menu' }));
    expect(menu.getByRole('link', { name: 'Cart, 7 items' })).toBeInTheDocument();
    await userEvent.click(menu.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You are signed out' })).toBeInTheDocument();
    expect(header().getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  });
});

test("the role comes from the second session check; only 'Admin' grants admin", async () => {
  function Probe() {
    const { status, role, isAdmin } = useSession();
    return <p>{`${status} ${role ?? '-'} ${isAdmin ? 'admin' : 'not admin'}`}</p>;
  }
  const renderProbe = () =>
    render(
      <MemoryRouter>
        <AuthProvider>
          <Probe />
        </AuthProvider>
      </MemoryRouter>,
    );
  fakeServer(signedInAs('boss', { role: 'Admin' }));
  const first = renderProbe();
  expect(await screen.findByText('signedIn Admin admin')).toBeInTheDocument();
  first.unmount();
  fakeServer({ ...signedInAs('ana123'), 'GET /api/user/islogged2': { status: 500, body: {} } });
  renderProbe();
  expect(await screen.findByText('signedIn - not admin')).toBeInTheDocument();
});
