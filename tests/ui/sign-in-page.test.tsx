import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, later, NOT_SIGNED_IN, renderApp, settle, signedInAs, type Reply } from './helpers';
import { withCode } from '../support/codes';

const form = (name: string) => within(screen.getByRole('form', { name }));
const setup = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

afterEach(() => jest.useRealTimers());

async function fillSignUp(
  user: ReturnType<typeof setup>,
  values: { username?: string; email?: string; password?: string; repeat?: string },
) {
  const f = form('Create account');
  if (values.username) await user.type(f.getByLabelText('Username'), values.username);
  if (values.email) await user.type(f.getByLabelText('Email'), values.email);
  if (values.password) await user.type(f.getByLabelText('Password'), values.password);
  if (values.repeat) await user.type(f.getByLabelText('Repeat password'), values.repeat);
}

const VALID = { username: 'ana123', email: 'ana@example.com', password: 'Secret12', repeat: 'Secret12' };

describe('login view', () => {
  test('username-or-email, password, Forgot Password, Continue with Google and a way to sign up', async () => {
    fakeServer({});
    renderApp('/user/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    const login = form('Sign in');
    expect(login.getByLabelText('Username or email')).toBeInTheDocument();
    expect(login.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(login.getByRole('button', { name: 'Forgot Password' })).toBeInTheDocument();
    expect(login.getByRole('link', { name: 'Continue with Google' })).toHaveAttribute('href', '/api/auth/google?returnTo=%2F');
    expect(login.getByRole('button', { name: 'Sign up' })).toBeInTheDocument();
  });

  test('offers no Google where the store has no Google sign-in (the server writes it into the page)', async () => {
    const meta = Object.assign(document.createElement('meta'), { name: 'store-google-sign-in', content: 'off' });
    document.head.append(meta);
    try {
      fakeServer({});
      renderApp('/user/login');
      await screen.findByRole('heading', { level: 1, name: 'Sign in' });
      expect(form('Sign in').queryByRole('link', { name: 'Continue with Google' })).not.toBeInTheDocument();
      expect(form('Sign in').getByLabelText('Username or email')).toBeInTheDocument();
    } finally {
      meta.remove();
    }
  });

  test("'All fields must be filled' for an empty form, gone after 5 s", async () => {
    jest.useFakeTimers();
    const user = setup();
    fakeServer({});
    renderApp('/user/login');
    await user.click(await form('Sign in').findByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert')).toHaveTextContent('All fields must be filled');
    act(() => jest.advanceTimersByTime(4500));
    expect(screen.getByText('All fields must be filled')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(500));
    expect(screen.queryByText('All fields must be filled')).not.toBeInTheDocument();
  });

  test.each<[string, Reply, string]>([
    ['wrong password', { status: 401, body: { success: false, ...withCode('Email/Username or password is wrong') } }, 'Email/Username or password is wrong'],
    [
      'too many attempts',
      { status: 429, body: { success: false, ...withCode('Too many failed sign-ins. Please try again in 15 minutes.') } },
      'Too many failed sign-ins. Please try again in 15 minutes.',
    ],
    ['a server without a message', { status: 500, body: {} }, 'Email/Username or password is wrong'],
  ])('a failed sign-in (%s) shows the right message', async (_, reply, shown) => {
    fakeServer({ 'POST /api/user/login': reply });
    const user = userEvent.setup();
    renderApp('/user/login');
    const login = form('Sign in');
    await user.type(await login.findByLabelText('Username or email'), 'ana');
    await user.type(login.getByLabelText('Password'), 'Wrong12');
    await user.click(login.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
  });

  test('signing in by e-mail goes back where the visitor came from and remembers the user', async () => {
    let signedIn = false;
    const server = fakeServer({
      'POST /api/user/login': () => {
        signedIn = true;
        return { body: { success: true, ...withCode('Signed in'), username: 'ana123' } };
      },
      'GET /api/user/islogged': () => (signedIn ? { body: { success: true, username: 'ana123' } } : NOT_SIGNED_IN),
      'GET /api/addtocart/CartCount': { body: { success: true, count: 2 } },
    });
    const user = userEvent.setup();
    renderApp('/user/login', { state: { from: '/contactus' } });
    const login = form('Sign in');
    await user.type(await login.findByLabelText('Username or email'), 'Ana@Example.com');
    await user.type(login.getByLabelText('Password'), 'Secret12');
    await user.click(login.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: /Contact us/i })).toBeInTheDocument();
    expect(server.bodies('/api/user/login')).toEqual([{ username: 'Ana@Example.com', password: 'Secret12' }]);
    expect(sessionStorage.getItem('user')).toBe('ana123');
    expect(localStorage.getItem('user')).toBe('ana123');
    expect(await screen.findByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /ana123/ })).toHaveAttribute('href', '/user/profile');
  });

  test('without a remembered origin, sign-in goes home', async () => {
    fakeServer({
      'POST /api/user/login': { body: { success: true, ...withCode('Signed in successfully'), username: 'ana123' } },
      'GET /api/backendproduct/getproducts': { body: { success: true, products: [], totalPages: 1, total: 0 } },
    });
    const user = userEvent.setup();
    renderApp('/user/login');
    const login = form('Sign in');
    await user.type(await login.findByLabelText('Username or email'), 'ana123');
    await user.type(login.getByLabelText('Password'), 'Secret12');
    await user.click(login.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('No products yet')).toBeInTheDocument();
  });

  const signInAt = async (path: string) => {
    fakeServer({
      'POST /api/user/login': { body: { success: true, ...withCode('Signed in successfully'), username: 'ana123' } },
      'GET /api/backendproduct/getproducts': { body: { success: true, products: [], totalPages: 1, total: 0 } },
    });
    const user = userEvent.setup();
    renderApp(path);
    const login = form('Sign in');
    await user.type(await login.findByLabelText('Username or email'), 'ana123');
    await user.type(login.getByLabelText('Password'), 'Secret12');
    await user.click(login.getByRole('button', { name: 'Sign in' }));
  };

  test("the way back can come in the address, as the phone bar's link carries it", async () => {
    await signInAt(`/user/login?from=${encodeURIComponent('/contactus?x=1')}`);
    expect(await screen.findByRole('heading', { level: 1, name: /Contact us/i })).toBeInTheDocument();
  });

  test.each(['//evil.example/', '/\\evil.example/', '/\t/evil.example/', 'https://evil.example/', '/signout', '/user/login?from=/contactus'])(
    'an address whose way back is %s goes home: the address is anyone\'s to write',
    async (away) => {
      await signInAt(`/user/login?from=${encodeURIComponent(away)}`);
      expect(await screen.findByText('No products yet')).toBeInTheDocument();
    },
  );

  test("after Google's redirect, says why Google sign-in failed, in the store's own words", async () => {
    fakeServer({});
    renderApp('/user/login?google=has-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('This e-mail address already has an account. Sign in with your password, then connect Google from your profile.');
  });

  test('shows no message for a reason it does not know', async () => {
    fakeServer({});
    renderApp('/user/login?google=<b>Call+us</b>');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(screen.queryByText(/Call us/)).not.toBeInTheDocument();
  });

  test('a signed-in visitor is told so instead of seeing the forms', async () => {
    fakeServer(signedInAs('ana123'));
    renderApp('/user/login');
    expect(await screen.findByRole('heading', { name: 'You are signed in' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Sign in' })).not.toBeInTheDocument();
  });
});

describe('forgot-password view', () => {
  async function openForgot(width = 1280) {
    renderApp('/user/login', { width });
    await userEvent.click(await form('Sign in').findByRole('button', { name: 'Forgot Password' }));
    return form('Reset password');
  }

  test('asks for a required e-mail address and explains itself; toggles back to login', async () => {
    fakeServer({});
    const reset = await openForgot();
    expect(reset.getByText("Enter your email address and we'll send you a link to reset your password.")).toBeInTheDocument();
    expect(reset.getByLabelText('Email')).toBeRequired();
    expect(reset.getByLabelText('Email')).toHaveFocus();
    await userEvent.click(reset.getByRole('button', { name: 'Back to sign in' }));
    expect(form('Sign in').getByLabelText('Username or email')).toBeInTheDocument();
  });

  test('shows the server message (too many requests)', async () => {
    const server = fakeServer({
      'POST /api/user/forgot-password': {
        status: 429,
        body: { success: false, ...withCode('Too many password reset requests. Please try again in 60 minutes.') },
      },
    });
    const reset = await openForgot();
    await userEvent.type(reset.getByLabelText('Email'), 'ana@example.com');
    await userEvent.click(reset.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many password reset requests. Please try again in 60 minutes.');
    expect(server.bodies('/api/user/forgot-password')).toEqual([{ resetEmail: 'ana@example.com' }]);
  });

  test("'Server error. Try again later' when the server cannot be reached", async () => {
    fakeServer({ 'POST /api/user/forgot-password': () => 'throw' });
    const reset = await openForgot();
    await userEvent.type(reset.getByLabelText('Email'), 'ana@example.com');
    await userEvent.click(reset.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Server error. Try again later');
  });

  test.each([
    [1280, true],
    [375, false],
  ])('at %i px the success message (advice: %s) stays 9 s', async (width, advice) => {
    jest.useFakeTimers();
    fakeServer({ 'POST /api/user/forgot-password': { body: { success: true, ...withCode('sent') } } });
    const user = setup();
    renderApp('/user/login', { width });
    await user.click(await form('Sign in').findByRole('button', { name: 'Forgot Password' }));
    const reset = form('Reset password');
    await user.type(reset.getByLabelText('Email'), 'ana@example.com');
    await user.click(reset.getByRole('button', { name: 'Send reset link' }));
    const message = await screen.findByText(/^If the email you entered is registered, we've sent you a password reset link\./);
    expect(message.textContent?.includes('spam')).toBe(advice);
    act(() => jest.advanceTimersByTime(8500));
    expect(message).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(500));
    expect(screen.queryByText(/we've sent you a password reset link/)).not.toBeInTheDocument();
  });
});

describe('sign-up view', () => {
  async function openSignUp(width = 1280) {
    renderApp('/user/login', { width });
    await userEvent.click(await form('Sign in').findByRole('button', { name: 'Sign up' }));
    return form('Create account');
  }

  test('on desktop the sign-up button stays disabled until all four fields are filled', async () => {
    fakeServer({});
    const signUp = await openSignUp(1280);
    const button = signUp.getByRole('button', { name: 'Sign up' });
    expect(button).toBeDisabled();
    await userEvent.type(signUp.getByLabelText('Username'), 'ana123');
    await userEvent.type(signUp.getByLabelText('Email'), 'ana@example.com');
    await userEvent.type(signUp.getByLabelText('Password'), 'Secret12');
    expect(button).toBeDisabled();
    await userEvent.type(signUp.getByLabelText('Repeat password'), 'Secret12');
    expect(button).toBeEnabled();
  });

  test("on mobile an incomplete form says 'All fields must be filled'", async () => {
    fakeServer({});
    const signUp = await openSignUp(375);
    await userEvent.type(signUp.getByLabelText('Username'), 'ana123');
    await userEvent.click(signUp.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('All fields must be filled');
  });

  test("'Passwords do not match', gone after 5 s", async () => {
    jest.useFakeTimers();
    const user = setup();
    const server = fakeServer({});
    renderApp('/user/login');
    await user.click(await form('Sign in').findByRole('button', { name: 'Sign up' }));
    await fillSignUp(user, { ...VALID, repeat: 'Secret13' });
    await user.click(form('Create account').getByRole('button', { name: 'Sign up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
    expect(server.bodies('/api/user/signup')).toEqual([]);
  });

  test('the password rules show as a list for 8 s', async () => {
    jest.useFakeTimers();
    const user = setup();
    fakeServer({});
    renderApp('/user/login');
    await user.click(await form('Sign in').findByRole('button', { name: 'Sign up' }));
    await fillSignUp(user, { ...VALID, password: 'abc def', repeat: 'abc def' });
    await user.click(form('Create account').getByRole('button', { name: 'Sign up' }));
    const items = within(screen.getByRole('alert')).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'Password should have at least 1 uppercase letter',
      'Password should have at least 2 digits',
      'Password should not have spaces',
    ]);
    act(() => jest.advanceTimersByTime(7500));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(500));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test.each<[string, Reply | 'throw', string]>([
    ['taken', { status: 409, body: { success: false, ...withCode('This username or email is already registered') } }, 'This username or email is already registered'],
    ['no message', { status: 500, body: {} }, 'Signup failed'],
    ['no response', 'throw', 'An error occurred. Please try again.'],
  ])('a failed sign-up (%s) shows the right message', async (_, reply, shown) => {
    fakeServer({ 'POST /api/user/signup': () => reply });
    const user = userEvent.setup();
    await openSignUp();
    await fillSignUp(user, VALID);
    await user.click(form('Create account').getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
  });

  test("success says 'Signed up successfully! You can now sign in.' and returns to the origin after 3 s", async () => {
    jest.useFakeTimers();
    const user = setup();
    let checks = 0;
    let signedUp = false;
    const server = fakeServer({
      'POST /api/user/signup': () => {
        signedUp = true;
        return { status: 201, body: { success: true, ...withCode('Account created successfully! Welcome!'), username: 'ana123' } };
      },
      'GET /api/user/islogged': () => {
        checks++;
        return later(signedUp ? { body: { success: true, username: 'ana123' } } : NOT_SIGNED_IN);
      },
      'GET /api/addtocart/CartCount': { body: { success: true, count: 0 } },
    });
    renderApp('/user/login', { state: { from: '/aboutus' } });
    await user.click(await form('Sign in').findByRole('button', { name: 'Sign up' }));
    const before = checks;
    await fillSignUp(user, VALID);
    await user.click(form('Create account').getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Signed up successfully! You can now sign in.')).toBeInTheDocument();
    await settle();
    expect(server.bodies('/api/user/signup')).toEqual([
      { username: 'ana123', email: 'ana@example.com', password: 'Secret12', repeatpassword: 'Secret12' },
    ]);
    expect(checks).toBeGreaterThan(before); // the sign-up success event refreshes the session
    act(() => jest.advanceTimersByTime(3000));
    expect(await screen.findByRole('heading', { level: 1, name: /About/i })).toBeInTheDocument();
  });
});

test('switching between sign-in and sign-up clears fields and messages', async () => {
  fakeServer({});
  const user = userEvent.setup();
  renderApp('/user/login');
  const login = form('Sign in');
  await user.type(await login.findByLabelText('Username or email'), 'ana');
  await user.click(login.getByRole('button', { name: 'Sign in' }));
  expect(screen.getByRole('alert')).toHaveTextContent('All fields must be filled');
  await user.click(login.getByRole('button', { name: 'Sign up' }));
  expect(form('Create account').getByLabelText('Username')).toHaveFocus();
  await user.type(form('Create account').getByLabelText('Username'), 'someone');
  await user.click(form('Create account').getByRole('button', { name: 'Sign in' }));
  expect(form('Sign in').getByLabelText('Username or email')).toHaveValue('');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  await user.click(form('Sign in').getByRole('button', { name: 'Sign up' }));
  expect(form('Create account').getByLabelText('Username')).toHaveValue('');
});

test.each([
  [769, 'a sliding two-panel layout', 2],
  [768, 'a stacked layout', 1],
])('at %i px the page is %s', async (width, _, forms) => {
  fakeServer({});
  const { container } = renderApp('/user/login', { width });
  await screen.findByRole('form', { name: 'Sign in' });
  expect(container.querySelectorAll('form')).toHaveLength(forms + 1); // plus the navbar search
  expect(container.querySelector('.auth-slider') !== null).toBe(forms === 2);
});
