import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from '../../ui/src/design/Dialog';

/** The keys and clicks of a dialog: its keyboard handler sits on the backdrop, the panel's keys bubble to it. */
const open = () => {
  const onClose = jest.fn();
  render(
    <Dialog title="Sign in" onClose={onClose}>
      <input aria-label="Username" />
      <button type="button">Send</button>
    </Dialog>,
  );
  return onClose;
};

test('focus starts on the close button; Escape closes', async () => {
  const onClose = open();
  expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  await userEvent.keyboard('{Escape}');
  expect(onClose).toHaveBeenCalledTimes(1);
});

test('Tab stays inside: past the last control it comes back to the first, and Shift+Tab the other way', async () => {
  open();
  const close = screen.getByRole('button', { name: 'Close' });
  const send = screen.getByRole('button', { name: 'Send' });
  send.focus();
  await userEvent.tab();
  expect(close).toHaveFocus();
  await userEvent.tab({ shift: true });
  expect(send).toHaveFocus();
});

test('a click on the backdrop closes, a click inside the panel does not', async () => {
  const onClose = open();
  await userEvent.click(screen.getByRole('textbox', { name: 'Username' }));
  expect(onClose).not.toHaveBeenCalled();
  await userEvent.click(screen.getByRole('dialog').parentElement!);
  expect(onClose).toHaveBeenCalledTimes(1);
});
