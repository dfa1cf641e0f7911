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

/** What differs between the store's letters about an order; greeting, link and signature are shared. */
interface Letter {
  readonly subject: string;
  /** The first paragraph, as text; `strong` is shown in bold in the HTML part. */
  readonly opening: readonly [before: string, strong: string, after: string];
  readonly lines: readonly string[];
  readonly linesHtml: string;
  readonly where: string;
}

const letterAbout = (order: Order, contact: StoreContact, letter: Letter): OutgoingMail => {
  const profile = contact.storeUrl ? `${contact.storeUrl.replace(/\/+$/, '')}${PROFILE_PATH}` : undefined;
  const [before, strong, after] = letter.opening;
  const text = [
    `Hello ${order.buyerName},`,
    '',
    `${before}${strong}${after}`,
    '',
    ...letter.lines,
    '',
    `${letter.where}${profile ? `: ${profile}` : '.'}`,
    `Need help? Write to ${contact.supportAddress}.`,
    '',
    STORE_NAME,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(order.buyerName)},</p>`,
    `<p>${escapeHtml(before)}<strong>${escapeHtml(strong)}</strong>${escapeHtml(after)}</p>`,
    letter.linesHtml,
    `<p>${letter.where}${profile ? `: <a href="${escapeHtml(profile)}">${escapeHtml(profile)}</a>` : '.'}</p>`,
    `<p>Need help? Write to <a href="mailto:${escapeHtml(contact.supportAddress)}">${escapeHtml(contact.supportAddress)}</a>.</p>`,
    `<p>${STORE_NAME}</p>`,
  ].join('\n');
  return { to: order.buyerEmail, subject: letter.subject, text, html };
};

/** The one e-mail a paid order sends: what was bought, for how much, and where the downloads are. */
export const confirmationOf = (order: Order, contact: StoreContact): OutgoingMail => {
  const number = orderNumber(order.id);
  const rows = order.lines
    .map((line) => `<tr><td>${escapeHtml(line.title)}</td><td align="right">${escapeHtml(formatMoney(line.price))}</td></tr>`)
    .join('');
  return letterAbout(order, contact, {
    subject: `${STORE_NAME}: order ${number} confirmed`,
    opening: [`Thank you for your purchase at ${STORE_NAME}. Your payment for order `, number, ' was received.'],
    lines: [...order.lines.map((line) => `- ${line.title}: ${formatMoney(line.price)}`), `Total: ${formatMoney(order.total)}`],
    linesHtml: `<table>${rows}<tr><th align="left">Total</th><th align="right">${escapeHtml(formatMoney(order.total))}</th></tr></table>`,
    where: order.delivered
      ? 'Your downloads are ready in the Orders section of your profile'
      : 'Your downloads will appear in the Orders section of your profile as soon as the order is delivered',
  });
};

/** The e-mail an order sends when the admin delivers it: its downloads are now in the profile. */
export const deliveryNoticeOf = (order: Order, contact: StoreContact): OutgoingMail => {
  const number = orderNumber(order.id);
  return letterAbout(order, contact, {
    subject: `${STORE_NAME}: order ${number} delivered`,
    opening: ['Your order ', number, ` at ${STORE_NAME} has been delivered.`],
    lines: order.lines.map((line) => `- ${line.title}`),
    linesHtml: `<ul>${order.lines.map((line) => `<li>${escapeHtml(line.title)}</li>`).join('')}</ul>`,
    where: 'Your downloads are ready in the Orders section of your profile',
  });
};
