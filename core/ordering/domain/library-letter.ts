import { OutgoingMail } from '../ports/mailer';
import { STORE_NAME, StoreContact } from './confirmation';
import { LIBRARY_LINK_LIFETIME_MS, LIBRARY_OPEN_PATH } from './guest-library';

/** Built from PUBLIC_URL, never from a request (DECISIONS 19). */
export const libraryLinkOf = (token: string, contact: StoreContact): string =>
  `${(contact.storeUrl ?? '').replace(/\/+$/, '')}${LIBRARY_OPEN_PATH}${encodeURIComponent(token)}`;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * A new link to a guest's library, asked for on the store's page. It greets no one by name (the
 * asker typed only an address) and says what to do when the reader did not ask for it.
 */
export const libraryLetterOf = (to: string, token: string, contact: StoreContact): OutgoingMail => {
  const link = libraryLinkOf(token, contact);
  const days = `${LIBRARY_LINK_LIFETIME_MS / 86_400_000} days`;
  const subject = `${STORE_NAME}: your library`;
  const text = [
    'Hello,',
    '',
    `Someone asked for a link to the ${STORE_NAME} purchases made with this e-mail address.`,
    `Open this link within ${days} to see them. It works once:`,
    '',
    link,
    '',
    'If you did not ask for this, ignore this e-mail.',
    `Need help? Write to ${contact.supportAddress}.`,
    '',
    STORE_NAME,
  ].join('\n');
  const html = [
    '<p>Hello,</p>',
    `<p>Someone asked for a link to the ${STORE_NAME} purchases made with this e-mail address.</p>`,
    `<p>Open this link within ${days} to see them. It works once:</p>`,
    `<p><a href="${escapeHtml(link)}">Open your library</a></p>`,
    `<p>Or copy this address into your browser: ${escapeHtml(link)}</p>`,
    '<p>If you did not ask for this, ignore this e-mail.</p>',
    `<p>Need help? Write to <a href="mailto:${escapeHtml(contact.supportAddress)}">${escapeHtml(contact.supportAddress)}</a>.</p>`,
    `<p>${STORE_NAME}</p>`,
  ].join('\n');
  return { to, subject, text, html };
};
