import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, renderApp } from './helpers';
import { withCode } from '../support/codes';

const TOKEN = 'abcDEF123_-xyz';
const PATH = `/api/user/forgot-password/${TOKEN}`;
const form = () => within(screen.getByRole('form', { name: 'Choose a new password' }));
const setup = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

afterEach(() => jest.useRealTimers());

async function fill(user: ReturnType<typeof setup>, password: string, repeat = password) {
  renderApp(`/reset-password/${TOKEN}`);
  await screen.findByRole('heading', { level: 1, name: 'Reset your password' });
  await user.type(form().getByLabelText('New password'), password);
  await user.type(form().getByLabelText('Repeat new password'), repeat);
  await user.click(form().getByRole('button', { name: 'Reset password' }));
}

describe('the password reset page', () => {
  test('sends the new password with the token; says so, with a way to sign in, and starts no session', async () => {
    const server = fakeServer({
      [`POST ${PATH}`]: { body: { success: true, ...withCode('Password reset successfully. You can now login with your new password.') } },
    });
    await fill(userEvent.setup(), 'Fresh123');
    expect(await screen.findByText('Password reset successfully. You can now login with your new password.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/user/login');
    expect(server.bodies(PATH)).toEqual([{ newPassword: 'Fresh123', repeatPassword: 'Fresh123' }]);
  });

  test("password rules ('at least 6 characters', as the check) stay 8 s, and nothing is sent", async () => {
    jest.useFakeTimers();
    const server = fakeServer({});
    const user = setup();
    await fill(user, 'abc');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Password should be at least 6 characters',
      'Password should have at least 1 uppercase letter',
      'Password should have at least 2 digits',
    ]);
    act(() => jest.advanceTimersByTime(7500));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(500));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(server.bodies(PATH)).toEqual([]);
  });

  test("'Passwords do not match' stays 5 s", async () => {
    jest.useFakeTimers();
    fakeServer({});
    await fill(setup(), 'Fresh123', 'Fresh124');
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match');
    act(() => jest.advanceTimersByTime(4500));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(500));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test("shows the server's message for a spent link, 'Password reset failed' without one", async () => {
    fakeServer({ [`POST ${PATH}`]: { status: 400, body: { success: false, ...withCode('This reset link is invalid or has expired. Please ask for a new one.') } } });
    await fill(userEvent.setup(), 'Fresh123');
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link is invalid or has expired. Please ask for a new one.');
  });

  test("'Password reset failed' when the server says nothing", async () => {
    fakeServer({ [`POST ${PATH}`]: { status: 502, body: '' } });
    await fill(userEvent.setup(), 'Fresh123');
    expect(await screen.findByRole('alert')).toHaveTextContent('Password reset failed');
  });

  test("'An error occurred. Please try again.' when the server cannot be reached", async () => {
    fakeServer({ [`POST ${PATH}`]: () => 'throw' });
    await fill(userEvent.setup(), 'Fresh123');
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred. Please try again.');
  });
});
