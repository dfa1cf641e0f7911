import { formatMoney } from '../../shared/money';
import { OutgoingMail } from '../ports/mailer';
import { Order, orderNumber } from './order';

export const STORE_NAME = 'Dental Library';

/** Who the buyer can write to, and where the store lives (DECISIONS 19: PUBLIC_URL). */
export interface StoreContact {
  readonly supportAddress: string;
  /** The store's own origin, for the link to the profile's Orders section; no link when absent. */
  readonly storeUrl?: string;
}

const PROFILE_PATH = '/user/profile';

/** Titles and names come from admins and buyers: in HTML they are text, never markup. */
const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The one e-mail a paid order sends: what was bought, for how much, and where the downloads are. */
export const confirmationOf = (order: Order, contact: StoreContact): OutgoingMail => {
  const number = orderNumber(order.id);
  const profile = contact.storeUrl ? `${contact.storeUrl.replace(/\/+$/, '')}${PROFILE_PATH}` : undefined;
  const where = order.delivered
    ? 'Your downloads are ready in the Orders section of your profile'
    : 'Your downloads will appear in the Orders section of your profile as soon as the order is delivered';
  const text = [
    `Hello ${order.buyerName},`,
    '',
    `Thank you for your purchase at ${STORE_NAME}. Your payment for order ${number} was received.`,
    '',
    ...order.lines.map((line) => `- ${line.title}: ${formatMoney(line.price)}`),
    `Total: ${formatMoney(order.total)}`,
    '',
    `${where}${profile ? `: ${profile}` : '.'}`,
    `Need help? Write to ${contact.supportAddress}.`,
    '',
    STORE_NAME,
  ].join('\n');
  const rows = order.lines
    .map((line) => `<tr><td>${escapeHtml(line.title)}</td><td align="right">${escapeHtml(formatMoney(line.price))}</td></tr>`)
    .join('');
  const html = [
    `<p>Hello ${escapeHtml(order.buyerName)},</p>`,
    `<p>Thank you for your purchase at ${STORE_NAME}. Your payment for order <strong>${number}</strong> was received.</p>`,
    `<table>${rows}<tr><th align="left">Total</th><th align="right">${escapeHtml(formatMoney(order.total))}</th></tr></table>`,
    `<p>${where}${profile ? `: <a href="${escapeHtml(profile)}">${escapeHtml(profile)}</a>` : '.'}</p>`,
    `<p>Need help? Write to <a href="mailto:${escapeHtml(contact.supportAddress)}">${escapeHtml(contact.supportAddress)}</a>.</p>`,
    `<p>${STORE_NAME}</p>`,
  ].join('\n');
  return { to: order.buyerEmail, subject: `${STORE_NAME}: order ${number} confirmed`, text, html };
};
