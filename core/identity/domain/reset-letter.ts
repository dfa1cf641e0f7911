import { STORE_NAME, StoreContact } from '../../ordering/domain/confirmation';
import { OutgoingMail } from '../../ordering/ports/mailer';
import { RESET_LIFETIME_MS, RESET_PATH } from './password-reset';

/** Where the store lives: the link is built from PUBLIC_URL, never from a request (DECISIONS 19). */
export type ResetContact = Required<StoreContact>;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export const resetLinkOf = (token: string, contact: ResetContact): string =>
  `${contact.storeUrl.replace(/\/+$/, '')}${RESET_PATH}${encodeURIComponent(token)}`;

/**
 * The letter with a reset link. It names no account (it is written before anyone knows whether the
 * address has one), and says what to do when the reader did not ask for it.
 */
export const resetLetterOf = (to: string, token: string, contact: ResetContact): OutgoingMail => {
  const link = resetLinkOf(token, contact);
  const hour = `${RESET_LIFETIME_MS / 60_000} minutes`;
  const subject = `${STORE_NAME}: reset your password`;
  const text = [
    'Hello,',
    '',
    `Someone asked to reset the password of the ${STORE_NAME} account with this e-mail address.`,
    `To choose a new password, open this link within ${hour}. It works once:`,
    '',
    link,
    '',
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    `Need help? Write to ${contact.supportAddress}.`,
    '',
    STORE_NAME,
  ].join('\n');
  const html = [
    '<p>Hello,</p>',
    `<p>Someone asked to reset the password of the ${STORE_NAME} account with this e-mail address.</p>`,
    `<p>To choose a new password, open this link within ${hour}. It works once:</p>`,
    `<p><a href="${escapeHtml(link)}">Reset your password</a></p>`,
    `<p>Or copy this address into your browser: ${escapeHtml(link)}</p>`,
    '<p>If you did not ask for this, ignore this e-mail: your password stays as it is.</p>',
    `<p>Need help? Write to <a href="mailto:${escapeHtml(contact.supportAddress)}">${escapeHtml(contact.supportAddress)}</a>.</p>`,
    `<p>${STORE_NAME}</p>`,
  ].join('\n');
  return { to, subject, text, html };
};
